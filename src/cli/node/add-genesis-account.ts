/**
 * `chaind genesis add-genesis-account <address_or_key_name> <coins>` (also top-level, as stchaind
 * has it): adds a funded BaseAccount to genesis.json. A name that is not an `st1…` address is
 * looked up in the keyring (`--keyring-backend`, `--keyring-dir`).
 */
import { Command, Option } from 'commander';
import { addressFromBech32, accAddress } from '../../crypto/address.ts';
import { openKeyring } from '../../crypto/keyring/open.ts';
import { recordAddress } from '../../crypto/keyring/record.ts';
import { KEYRING_BACKENDS } from '../../crypto/keyring/store.ts';
import { parseCoinsNormalized } from '../../math/coin-parse.ts';
import { sortByDenom, validateCoins } from '../../math/coins.ts';
import { addGenesisAccount } from '../../node/genesis-accounts.ts';
import { readGenesisJson, writeGenesisJson } from '../../node/genesis-file.ts';
import { homeLayout, readConsensusConfig } from '../../node/home.ts';
import { existsSync } from 'node:fs';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

interface Flags {
  keyringBackend: string;
  keyringDir?: string;
  vestingAmount?: string;
  vestingStartTime?: string;
  vestingEndTime?: string;
}

export function addGenesisAccountCommand(ctx: CliContext): Command {
  const cmd = new Command('add-genesis-account')
    .summary('Add a genesis account to genesis.json')
    .description(
      'Add a genesis account to genesis.json\n\nAdd a genesis account to genesis.json. The provided account must specify\nthe account address or key name and a list of initial coins. If a key name is given,\nthe address will be looked up in the local Keybase. The list of initial tokens must\ncontain valid denominations.',
    )
    .argument('<address_or_key_name>', 'an st1… address or the name of a key in the keyring')
    .argument('<coins>', 'initial coins, e.g. 1000000000000000000000wei or 1000stos')
    .addOption(new Option('--keyring-backend <backend>', `Select keyring's backend (${KEYRING_BACKENDS.join('|')})`).default('os'))
    .option('--keyring-dir <dir>', "The client Keyring directory; if omitted, the default 'home' directory will be used")
    .option('--vesting-amount <coins>', 'amount of coins for vesting accounts (not supported)')
    .option('--vesting-start-time <unix>', 'schedule start time (unix epoch) for vesting accounts (not supported)')
    .option('--vesting-end-time <unix>', 'schedule end time (unix epoch) for vesting accounts (not supported)');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action(async (who: string, coinsText: string, opts: Flags, command: Command) => {
    const home = homeOf(command);
    if (opts.vestingAmount) throw new Error('vesting accounts are not supported yet: add the account without --vesting-amount');
    const address = await resolveAddress(ctx, who, opts, home);
    let coins;
    try {
      coins = sortByDenom(parseCoinsNormalized(coinsText));
    } catch (e) {
      throw new Error(`failed to parse coins: ${(e as Error).message}`);
    }
    const invalid = validateCoins(coins);
    if (invalid !== undefined) throw new Error(`failed to parse coins: ${invalid}`);
    const layout = homeLayout(home, readConsensusConfig(home));
    if (!existsSync(layout.genesisFile)) throw new Error(`failed to unmarshal genesis state: ${layout.genesisFile} does not exist, run \`init\` first`);
    const genesis = readGenesisJson(layout.genesisFile);
    writeGenesisJson(layout.genesisFile, addGenesisAccount(genesis, address, coins));
  });
}

async function resolveAddress(ctx: CliContext, who: string, opts: Flags, home: string): Promise<string> {
  try {
    return accAddress(addressFromBech32(who));
  } catch {
    // not an address: a key name
  }
  const keyring = openKeyring({ backend: opts.keyringBackend, dir: opts.keyringDir || home, prompt: ctx.prompt });
  try {
    return accAddress(recordAddress(await keyring.key(who)));
  } catch (e) {
    throw new Error(`failed to get address from Keyring: ${(e as Error).message}`);
  }
}
