/** `keys import <name> <keyfile>`: an ASCII-armored private key (from `keys export` here or on a real node). */
import { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { readPassphrase } from '../../crypto/keyring/passphrase.ts';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';

export function importCommand(ctx: CliContext): Command {
  return new Command('import')
    .description('Import private keys into the local keybase')
    .argument('<name>', 'name for the imported key')
    .argument('<keyfile>', 'file with the ASCII-armored private key')
    .action(async (name: string, keyfile: string, _opts: unknown, cmd: Command) => {
      const keyring = openCliKeyring(ctx, keysFlags(cmd));
      let armor: string;
      try {
        armor = await readFile(keyfile, 'utf8');
      } catch (err) {
        const code = (err as { code?: string }).code;
        throw new Error(`cannot read key file ${keyfile}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
      }
      const passphrase = await readPassphrase(ctx.prompt, 'Enter passphrase to decrypt your key:');
      await keyring.importArmoredPrivKey(name, armor, passphrase);
    });
}
