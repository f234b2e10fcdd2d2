/** Bank genesis in the Cosmos JSON shape (`app_state.bank`). */
import type { Draft } from 'immer';
import { coinsFromProto, coinsToProto, formatCoins, validateCoins, coinsEqual, sumCoins, type ProtoCoin } from '../../math/coins.ts';
import type { AppState } from '../../state/app-state.ts';
import { shardEntries } from '../../state/sharded.ts';
import { accountKey } from '../auth/account.ts';
import { accAddress } from '../../crypto/address.ts';
import { hexToBytes } from '@noble/hashes/utils.js';
import { DEFAULT_BANK_PARAMS, type BankParams } from './params.ts';
import { creditGenesisBalance } from './state.ts';

export interface BankGenesis {
  params: BankParams;
  balances: { address: string; coins: ProtoCoin[] }[];
  supply: ProtoCoin[];
  denom_metadata: unknown[];
  send_enabled: { denom: string; enabled: boolean }[];
}

export function defaultBankGenesis(): BankGenesis {
  return { params: { send_enabled: [], default_send_enabled: true }, balances: [], supply: [], denom_metadata: [], send_enabled: [] };
}

function coinsAt(list: ProtoCoin[] | undefined, field: string) {
  let cs;
  try {
    cs = coinsFromProto(list ?? []);
  } catch (e) {
    throw new Error(`${field}: ${(e as Error).message}`);
  }
  const bad = validateCoins(cs);
  if (bad !== undefined) throw new Error(`${field}: ${bad}`);
  return cs;
}

export function validateBankGenesis(g: BankGenesis): void {
  const seen = new Set<string>();
  (g.balances ?? []).forEach((b, i) => {
    const field = `app_state.bank.balances[${i}]`;
    try {
      accountKey(b.address);
    } catch (e) {
      throw new Error(`${field}.address: ${(e as Error).message}`);
    }
    if (seen.has(b.address)) throw new Error(`${field}: duplicate balance for address ${b.address}`);
    seen.add(b.address);
    coinsAt(b.coins, `${field}.coins`);
  });
  coinsAt(g.supply, 'app_state.bank.supply');
}

export function initBankGenesis(draft: Draft<AppState>, g: BankGenesis): void {
  validateBankGenesis(g);
  const sendEnabled = [...(g.params?.send_enabled ?? []), ...(g.send_enabled ?? [])];
  draft.bank.params = { send_enabled: sendEnabled, default_send_enabled: g.params?.default_send_enabled ?? DEFAULT_BANK_PARAMS.default_send_enabled };
  let total = [] as ReturnType<typeof sumCoins>;
  for (const b of g.balances ?? []) {
    const coins = coinsAt(b.coins, 'balance');
    creditGenesisBalance(draft, b.address, coins);
    total = sumCoins([...total, ...coins]);
  }
  const declared = coinsAt(g.supply, 'app_state.bank.supply');
  if (declared.length > 0 && !coinsEqual(declared, total)) {
    throw new Error(`app_state.bank.supply: genesis supply is incorrect, expected ${formatCoins(declared)}, got ${formatCoins(total)}`);
  }
  const supply: Record<string, bigint> = {};
  for (const c of total) supply[c.denom] = c.amount;
  draft.bank.supply = supply;
  draft.bank.denom_metadata = g.denom_metadata ?? [];
}

export function exportBankGenesis(state: AppState): BankGenesis {
  const balances = [...shardEntries(state.bank.balances)].map(([key, bal]) => ({
    address: accAddress(hexToBytes(key)),
    coins: coinsToProto(Object.keys(bal).sort().map((denom) => ({ denom, amount: bal[denom]! }))),
  }));
  const supply = coinsToProto(Object.keys(state.bank.supply).sort().map((denom) => ({ denom, amount: state.bank.supply[denom]! })));
  return {
    params: { send_enabled: [], default_send_enabled: state.bank.params.default_send_enabled },
    balances,
    supply,
    denom_metadata: [...state.bank.denom_metadata],
    send_enabled: state.bank.params.send_enabled.map((s) => ({ ...s })),
  };
}
