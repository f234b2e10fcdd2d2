/**
 * `keys unsafe-export-eth-key <name>` (stratos-chain client/export.go): the eth_secp256k1 private key
 * in uppercase hex. The file backend first asks a password line, the os backend a confirmation,
 * as the real command does.
 */
import { Command } from 'commander';
import { bytesToHex } from '@noble/hashes/utils.js';
import { readPassphrase } from '../../crypto/keyring/passphrase.ts';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';

export function unsafeExportEthKeyCommand(ctx: CliContext): Command {
  return new Command('unsafe-export-eth-key')
    .description('**UNSAFE** Export an Ethereum private key')
    .argument('<name>', 'name of the key')
    .action(async (name: string, _opts: unknown, cmd: Command) => {
      const flags = keysFlags(cmd);
      const keyring = openCliKeyring(ctx, flags);
      if (flags.keyringBackend === 'file') {
        await readPassphrase(ctx.prompt, '**WARNING this is an unsafe way to export your unencrypted private key**\nEnter key password:');
      } else if (flags.keyringBackend === 'os') {
        const answer = await ctx.prompt.confirm('**WARNING** this is an unsafe way to export your unencrypted private key, are you sure?');
        if (answer === undefined) throw new Error('the unsafe export needs a confirmation: answer y on stdin');
        if (!answer) return;
      }
      const priv = await keyring.exportPrivKey(name);
      if (priv.algo !== 'eth_secp256k1') throw new Error(`invalid key algorithm, got ${priv.algo}, expected eth_secp256k1`);
      ctx.out.stdout(bytesToHex(priv.key).toUpperCase() + '\n');
    });
}
