/**
 * `add-genesis-account` on a genesis document (stratos-chain `cmd/stchaind/genaccounts.go`, SDK
 * v0.47 auth/bank genesis helpers): a BaseAccount joins app_state.auth.accounts (then
 * `SanitizeGenesisAccounts` renumbers duplicate account numbers and sorts by number), its coins
 * join app_state.bank.balances (sorted by address bytes, `SanitizeGenesisBalances`) and the supply.
 */
import { BASE_ACCOUNT_TYPE, baseOf, defaultAuthGenesis, sanitizeGenesisAccounts, type AccountJson } from '../modules/auth/genesis.ts';
import { defaultBankGenesis } from '../modules/bank/genesis.ts';
import { addressFromBech32 } from '../crypto/address.ts';
import { coinsAdd, coinsFromProto, coinsToProto, sortByDenom, type Coins } from '../math/coins.ts';
import type { GenesisJson } from './genesis-file.ts';
import { profileOfAppState, qualify } from '../naming.ts';

type AppState = Record<string, unknown>;

export function addGenesisAccount(genesis: GenesisJson, address: string, coins: Coins): GenesisJson {
  return addGenesisAccounts(genesis, [{ address, coins }]);
}

/** `addGenesisAccount` of each entry in turn, in one pass (a simulated population of thousands). */
export function addGenesisAccounts(genesis: GenesisJson, entries: readonly { readonly address: string; readonly coins: Coins }[]): GenesisJson {
  const appState: AppState = { ...((genesis.app_state as AppState | undefined) ?? {}) };
  const auth = { ...(defaultAuthGenesis() as unknown as Record<string, unknown>), ...((appState.auth as Record<string, unknown> | undefined) ?? {}) };
  const accounts = [...((auth.accounts as AccountJson[] | undefined) ?? [])];
  const known = new Set(accounts.map((a) => baseOf(a).address));
  const bank = { ...(defaultBankGenesis() as unknown as Record<string, unknown>), ...((appState.bank as Record<string, unknown> | undefined) ?? {}) };
  const balances = [...((bank.balances as { address: string; coins: unknown[] }[] | undefined) ?? [])];
  let supply = coinsFromProto((bank.supply as never[] | undefined) ?? []);
  // in the words of the chain's naming profile (genesis app_state.naming)
  const accountType = qualify(profileOfAppState(appState), BASE_ACCOUNT_TYPE);
  for (const { address, coins } of entries) {
    if (known.has(address)) throw new Error(`cannot add account at existing address ${address}`);
    known.add(address);
    accounts.push({ '@type': accountType as typeof BASE_ACCOUNT_TYPE, address, pub_key: null, account_number: '0', sequence: '0' });
    balances.push({ address, coins: coinsToProto(sortByDenom(coins)) });
    supply = coinsAdd(supply, sortByDenom(coins));
  }
  auth.accounts = sanitizeGenesisAccounts(accounts);
  bank.balances = sanitizeGenesisBalances(balances);
  bank.supply = coinsToProto(supply);

  appState.auth = auth;
  appState.bank = bank;
  return { ...genesis, app_state: sortedByModule(appState) };
}

/** SDK `SanitizeGenesisBalances`: sorted by the address bytes. */
function sanitizeGenesisBalances<T extends { address: string }>(balances: readonly T[]): T[] {
  const key = (b: T) => Buffer.from(addressFromBech32(b.address));
  return [...balances].sort((a, b) => Buffer.compare(key(a), key(b)));
}

function sortedByModule(appState: AppState): AppState {
  const out: AppState = {};
  for (const k of Object.keys(appState).sort()) out[k] = appState[k];
  return out;
}
