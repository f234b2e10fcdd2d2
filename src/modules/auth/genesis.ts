/** Auth genesis in the Cosmos JSON shape (`app_state.auth`), with neutral type URLs. */
import type { Draft } from 'immer';
import { shardSet, shardValues, type Sharded } from '../../state/sharded.ts';
import type { AppState } from '../../state/app-state.ts';
import { accountKey, MODULE_ACCOUNT_PERMISSIONS, type AccountRecord, type ModuleAccountName, type ModulePermission, type PubKeyRecord } from './account.ts';
import { DEFAULT_AUTH_PARAMS, validateAuthParams, type AuthParams } from './params.ts';
import { ensureModuleAccount } from './state.ts';

export const BASE_ACCOUNT_TYPE = '/sdk.auth.v1beta1.BaseAccount';
export const MODULE_ACCOUNT_TYPE = '/sdk.auth.v1beta1.ModuleAccount';
export const ETH_ACCOUNT_TYPE = '/chain.types.v1.EthAccount';

type U64 = string;
export interface BaseAccountJson {
  address: string;
  pub_key: ({ '@type': string; key: string }) | null;
  account_number: U64;
  sequence: U64;
}
export type AccountJson =
  | ({ '@type': typeof BASE_ACCOUNT_TYPE } & BaseAccountJson)
  | { '@type': typeof MODULE_ACCOUNT_TYPE; base_account: BaseAccountJson; name: string; permissions: string[] }
  | { '@type': typeof ETH_ACCOUNT_TYPE; base_account: BaseAccountJson; code_hash: string };

export interface AuthGenesis {
  params: Record<keyof AuthParams, U64>;
  accounts: AccountJson[];
}

export function defaultAuthGenesis(): AuthGenesis {
  return { params: authParamsToJson(DEFAULT_AUTH_PARAMS), accounts: [] };
}

export function authParamsToJson(p: AuthParams): Record<keyof AuthParams, U64> {
  return {
    max_memo_characters: p.max_memo_characters.toString(),
    tx_sig_limit: p.tx_sig_limit.toString(),
    tx_size_cost_per_byte: p.tx_size_cost_per_byte.toString(),
    sig_verify_cost_ed25519: p.sig_verify_cost_ed25519.toString(),
    sig_verify_cost_secp256k1: p.sig_verify_cost_secp256k1.toString(),
  };
}

function u64(text: unknown, field: string): bigint {
  if (typeof text !== 'string' && typeof text !== 'number') throw new Error(`${field}: expected an unsigned integer string, got ${JSON.stringify(text)}`);
  const s = String(text);
  if (!/^\d+$/.test(s)) throw new Error(`${field}: expected an unsigned integer string, got ${JSON.stringify(text)}`);
  const v = BigInt(s);
  if (v >= 1n << 64n) throw new Error(`${field}: ${s} does not fit in uint64`);
  return v;
}

export function authParamsFromJson(j: Record<string, unknown> | undefined, field = 'app_state.auth.params'): AuthParams {
  if (!j) return DEFAULT_AUTH_PARAMS;
  const p: AuthParams = {
    max_memo_characters: u64(j.max_memo_characters, `${field}.max_memo_characters`),
    tx_sig_limit: u64(j.tx_sig_limit, `${field}.tx_sig_limit`),
    tx_size_cost_per_byte: u64(j.tx_size_cost_per_byte, `${field}.tx_size_cost_per_byte`),
    sig_verify_cost_ed25519: u64(j.sig_verify_cost_ed25519, `${field}.sig_verify_cost_ed25519`),
    sig_verify_cost_secp256k1: u64(j.sig_verify_cost_secp256k1, `${field}.sig_verify_cost_secp256k1`),
  };
  validateAuthParams(p);
  return p;
}

function pubKeyFromJson(j: BaseAccountJson['pub_key'], field: string): PubKeyRecord | null {
  if (j === null || j === undefined) return null;
  if (typeof j['@type'] !== 'string' || typeof j.key !== 'string') throw new Error(`${field}: expected {"@type", "key"}`);
  return { type_url: j['@type'], key: j.key };
}

function baseFromJson(j: BaseAccountJson, field: string): AccountRecord {
  if (!j || typeof j.address !== 'string') throw new Error(`${field}.address: missing`);
  try {
    accountKey(j.address);
  } catch (e) {
    throw new Error(`${field}.address: ${(e as Error).message}`);
  }
  return {
    address: j.address,
    pub_key: pubKeyFromJson(j.pub_key, `${field}.pub_key`),
    account_number: u64(j.account_number ?? '0', `${field}.account_number`),
    sequence: u64(j.sequence ?? '0', `${field}.sequence`),
  };
}

export function accountFromJson(j: AccountJson, field: string): AccountRecord {
  switch (j['@type']) {
    case BASE_ACCOUNT_TYPE:
      return baseFromJson(j, field);
    case MODULE_ACCOUNT_TYPE: {
      const perms = j.permissions ?? [];
      for (const p of perms) {
        if (p !== 'minter' && p !== 'burner' && p !== 'staking') throw new Error(`${field}.permissions: unknown permission ${JSON.stringify(p)}`);
      }
      if (!j.name) throw new Error(`${field}.name: module account name cannot be blank`);
      return { ...baseFromJson(j.base_account, `${field}.base_account`), module: { name: j.name, permissions: perms as ModulePermission[] } };
    }
    case ETH_ACCOUNT_TYPE:
      if (!/^0x[0-9a-f]{64}$/.test(j.code_hash ?? '')) throw new Error(`${field}.code_hash: expected 0x + 64 lowercase hex digits`);
      return { ...baseFromJson(j.base_account, `${field}.base_account`), code_hash: j.code_hash };
    default:
      throw new Error(`${field}: unknown account type ${JSON.stringify((j as { '@type'?: unknown })['@type'])}`);
  }
}

export function accountToJson(a: AccountRecord): AccountJson {
  const base: BaseAccountJson = {
    address: a.address,
    pub_key: a.pub_key ? { '@type': a.pub_key.type_url, key: a.pub_key.key } : null,
    account_number: a.account_number.toString(),
    sequence: a.sequence.toString(),
  };
  if (a.module) return { '@type': MODULE_ACCOUNT_TYPE, base_account: base, name: a.module.name, permissions: [...a.module.permissions] };
  if (a.code_hash !== undefined) return { '@type': ETH_ACCOUNT_TYPE, base_account: base, code_hash: a.code_hash };
  return { '@type': BASE_ACCOUNT_TYPE, ...base };
}

export function validateAuthGenesis(g: AuthGenesis): void {
  authParamsFromJson(g.params);
  const seenAddr = new Set<string>();
  (g.accounts ?? []).forEach((j, i) => {
    const a = accountFromJson(j, `app_state.auth.accounts[${i}]`);
    if (seenAddr.has(a.address)) throw new Error(`app_state.auth.accounts[${i}]: duplicate account found in genesis state; address: ${a.address}`);
    seenAddr.add(a.address);
  });
}

/** The base account of a genesis account (a module or vesting account wraps one). */
export function baseOf(a: AccountJson): BaseAccountJson {
  return 'base_account' in a ? a.base_account : a;
}

function numberOf(a: AccountJson): bigint {
  return BigInt(baseOf(a).account_number ?? '0');
}

function withNumber(a: AccountJson, n: bigint): AccountJson {
  if ('base_account' in a) return { ...a, base_account: { ...a.base_account, account_number: n.toString() } } as AccountJson;
  return { ...a, account_number: n.toString() };
}

/** SDK v0.47 `SanitizeGenesisAccounts`: duplicates of a number get the lowest unused numbers, then sort by number. */
export function sanitizeGenesisAccounts(accounts: readonly AccountJson[]): AccountJson[] {
  const seen = new Set<bigint>();
  const duplicates = new Map<bigint, number[]>();
  accounts.forEach((a, i) => {
    const n = numberOf(a);
    if (!seen.has(n)) seen.add(n);
    else duplicates.set(n, [...(duplicates.get(n) ?? []), i]);
  });
  const out = [...accounts];
  let next = 0n;
  for (const n of [...duplicates.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))) {
    for (const i of duplicates.get(n)!) {
      while (seen.has(next)) next++;
      out[i] = withNumber(out[i]!, next);
      seen.add(next);
    }
  }
  return out.sort((x, y) => (numberOf(x) < numberOf(y) ? -1 : numberOf(x) > numberOf(y) ? 1 : 0));
}

/**
 * SDK v0.47 auth InitGenesis: the accounts, sanitized (`SanitizeGenesisAccounts`: a number held
 * twice goes to the lowest unused one), keep their numbers; the global counter passes the largest
 * (the next account gets largest + 1, gaps stay unused). Module accounts that are missing are
 * created next, in the order of the module table (docs/genesis.md).
 */
export function initAuthGenesis(draft: Draft<AppState>, g: AuthGenesis): void {
  validateAuthGenesis(g);
  draft.auth.params = authParamsFromJson(g.params);
  const accounts = sanitizeGenesisAccounts(g.accounts ?? []).map((j, i) => accountFromJson(j, `app_state.auth.accounts[${i}]`));
  let next = 0n;
  for (const a of accounts) {
    shardSet(draft.auth.accounts as Sharded<AccountRecord>, accountKey(a.address), a);
    if (a.account_number >= next) next = a.account_number + 1n;
  }
  draft.auth.next_account_number = next;
  for (const name of Object.keys(MODULE_ACCOUNT_PERMISSIONS)) ensureModuleAccount(draft, name as ModuleAccountName);
}

/** `ExportGenesis`: the params and every account in store order (`IterateAccounts`: by address bytes). */
export function exportAuthGenesis(state: AppState): AuthGenesis {
  return { params: authParamsToJson(state.auth.params), accounts: [...shardValues(state.auth.accounts)].map(accountToJson) };
}
