/**
 * `keys export <name>`: the private key ASCII-armored and encrypted with a new passphrase
 * (Cosmos SDK armor, importable by `stchaind keys import` when the naming profile is real);
 * `--unarmored-hex --unsafe` prints the raw key in hex after a confirmation.
 */
import { Command } from 'commander';
import { bytesToHex } from '@noble/hashes/utils.js';
import { readPassphrase } from '../../crypto/keyring/passphrase.ts';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';

export function exportCommand(ctx: CliContext): Command {
  return new Command('export')
    .description('Export private keys')
    .argument('<name>', 'name of the key')
    .option('--unarmored-hex', 'Export unarmored hex privkey. Requires --unsafe.')
    .option('--unsafe', 'Enable unsafe operations. This flag must be switched on along with all unsafe operation-specific options.')
    .action(async (name: string, opts: { unarmoredHex?: boolean; unsafe?: boolean }, cmd: Command) => {
      const keyring = openCliKeyring(ctx, keysFlags(cmd));
      if (opts.unarmoredHex && opts.unsafe) {
        const answer = await ctx.prompt.confirm(
          'WARNING: The private key will be exported as an unarmored hexadecimal string. USE AT YOUR OWN RISK. Continue?',
        );
        if (answer === undefined) throw new Error('the unsafe export needs a confirmation: answer y on stdin');
        if (!answer) return;
        ctx.out.stdout(bytesToHex((await keyring.exportPrivKey(name)).key) + '\n');
        return;
      }
      if (opts.unarmoredHex || opts.unsafe) throw new Error('the flags unsafe and unarmored-hex must be used together');
      const passphrase = await readPassphrase(ctx.prompt, 'Enter passphrase to encrypt the exported key:');
      ctx.out.stdout((await keyring.exportArmoredPrivKey(name, passphrase, { profile: ctx.naming })) + '\n');
    });
}
