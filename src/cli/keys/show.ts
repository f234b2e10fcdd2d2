/** `keys show <name_or_address>` (SDK client/keys/show.go) with `--bech acc|val|cons`, `-a`, `-p`. */
import { Command } from 'commander';
import { Hrp } from '../../crypto/address.ts';
import { Bech32Error, fromBech32 } from '../../crypto/bech32.ts';
import type { Keyring } from '../../crypto/keyring/keyring.ts';
import type { KeyRecord } from '../../crypto/keyring/record.ts';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';
import { isBechKind, keyOutput, printKeyOutput } from './key-output.ts';

interface ShowOptions {
  bech: string;
  address?: boolean;
  pubkey?: boolean;
  device?: boolean;
  multisigThreshold?: string;
}

export function showCommand(ctx: CliContext): Command {
  return new Command('show')
    .description('Retrieve key information by name or address')
    .argument('<name_or_address...>', 'key name or st1… address')
    .option('--bech <prefix>', 'The Bech32 prefix encoding for a key (acc|val|cons)', 'acc')
    .option('-a, --address', 'Output the address only (overrides --output)')
    .option('-p, --pubkey', 'Output the public key only (overrides --output)')
    .option('-d, --device', 'Output the address in a ledger device (not supported)')
    .option('--multisig-threshold <k>', 'K out of N required signatures (not supported)')
    .action(async (refs: string[], opts: ShowOptions, cmd: Command) => {
      const flags = keysFlags(cmd);
      if (refs.length > 1) {
        throw new Error(
          'showing several keys as one multisig key is not supported by chaind (it has no legacy amino multisig public keys); show the keys one by one',
        );
      }
      const record = await fetchKey(openCliKeyring(ctx, flags), refs[0]);
      if (opts.address && opts.pubkey) throw new Error('cannot use both --address and --pubkey at once');
      if (flags.outputGiven && (opts.address || opts.pubkey)) throw new Error('cannot use --output with --address or --pubkey');
      if (!isBechKind(opts.bech)) throw new Error(`invalid Bech32 prefix encoding provided: ${opts.bech}`);
      if (opts.device) throw new Error('the device flag (-d) needs a Ledger device, which chaind does not support');

      const ko = keyOutput(record, ctx.naming, opts.bech);
      if (opts.address) ctx.out.stdout(ko.address + '\n');
      else if (opts.pubkey) ctx.out.stdout(ko.pubkey + '\n');
      else printKeyOutput(ctx.out, ko, flags.output);
    });
}

/** By name first, then by `st1…` address (SDK `fetchKey`). */
async function fetchKey(keyring: Keyring, ref: string): Promise<KeyRecord> {
  const byName = await keyring.findKey(ref);
  if (byName) return byName;
  let address: Uint8Array;
  try {
    address = fromBech32(ref, Hrp.account).bytes;
  } catch (err) {
    if (!(err instanceof Bech32Error)) throw err;
    // not an address: report the missing name, as the lookup by name came first
    throw new Error(`${ref} is not a valid name or address: ${ref}.info: key not found`);
  }
  try {
    return await keyring.keyByAddress(address);
  } catch (err) {
    throw new Error(`${ref} is not a valid name or address: ${(err as Error).message}`);
  }
}
