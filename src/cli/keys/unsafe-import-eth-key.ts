/**
 * `keys unsafe-import-eth-key <name> <hexkey>` (stratos-chain client/import.go): stores a hex
 * eth_secp256k1 private key. Like the real command it first reads a passphrase (which only
 * protects the key in transit there), so scripts written for stchaind work unchanged.
 */
import { Command } from 'commander';
import { parseHex } from '../../crypto/hex.ts';
import { readPassphrase } from '../../crypto/keyring/passphrase.ts';
import { makePrivKey } from '../../crypto/keys.ts';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';

export function unsafeImportEthKeyCommand(ctx: CliContext): Command {
  return new Command('unsafe-import-eth-key')
    .description('**UNSAFE** Import Ethereum private keys into the local keybase')
    .argument('<name>', 'name for the key')
    .argument('<hexkey>', '32-byte private key in hex, optionally 0x-prefixed')
    .action(async (name: string, hexKey: string, _opts: unknown, cmd: Command) => {
      const keyring = openCliKeyring(ctx, keysFlags(cmd));
      await readPassphrase(ctx.prompt, 'Enter passphrase to encrypt your key:');
      const priv = makePrivKey('eth_secp256k1', parseHex(hexKey.trim(), 'private key', 32));
      await keyring.importPrivKey(name, priv);
    });
}
