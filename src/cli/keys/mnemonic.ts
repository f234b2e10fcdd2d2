/** `keys mnemonic`: a 24-word BIP39 mnemonic from system entropy, or sha256 of typed entropy with `--unsafe-entropy`. */
import { Command } from 'commander';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { generateMnemonic, mnemonicFromEntropy } from '../../crypto/mnemonic.ts';
import type { CliContext } from '../context.ts';

/** 256 bits in base64 is 43 characters (SDK client/keys/mnemonic.go). */
const MIN_ENTROPY_CHARS = 43;

export function mnemonicCommand(ctx: CliContext): Command {
  return new Command('mnemonic')
    .description('Compute the bip39 mnemonic for some input entropy')
    .option('--unsafe-entropy', 'Prompt the user to supply their own entropy, instead of relying on the system')
    .action(async (opts: { unsafeEntropy?: boolean }) => {
      if (!opts.unsafeEntropy) {
        ctx.out.stdout(generateMnemonic() + '\n');
        return;
      }
      const entropy = await ctx.prompt.readLine('> WARNING: Generate at least 256-bits of entropy and enter the results here:');
      if (entropy === undefined) throw new Error('no entropy given: stdin ended');
      if (entropy.length < MIN_ENTROPY_CHARS) {
        throw new Error(
          `256-bits is 43 characters in Base-64, and 100 in Base-6. You entered ${entropy.length}, and probably want more`,
        );
      }
      const answer = await ctx.prompt.confirm(`> Input length: ${entropy.length}`);
      if (answer === undefined) throw new Error('the entropy needs a confirmation: answer y on stdin');
      if (!answer) return;
      ctx.out.stdout(mnemonicFromEntropy(sha256(utf8ToBytes(entropy))) + '\n');
    });
}
