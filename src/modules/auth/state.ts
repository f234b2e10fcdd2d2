/** The auth slice of the app state and the pure functions other modules use on it. */
import type { Draft } from 'immer';
import { shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import type { Ctx } from '../../state/module.ts';
import {
  accountKey,
  EMPTY_CODE_HASH,
  moduleAccountAddress,
  MODULE_ACCOUNT_PERMISSIONS,
  type AccountRecord,
  type ModuleAccountName,
  type PubKeyRecord,
} from './account.ts';
import type { AuthParams } from './params.ts';

export interface AuthState {
  readonly params: AuthParams;
  /** keyed by lowercase hex of the address bytes */
  readonly accounts: Sharded<AccountRecord>;
  /** the global account-number counter; numbers are never reused */
  readonly next_account_number: bigint;
}

interface HasAuth {
  readonly auth: AuthState;
}

/**
 * Approximate proto sizes for gas: key = prefix + 20 bytes; a BaseAccount with a pubkey ≈ 130 bytes.
 * One figure for every account kind (an EthAccount's code hash is not charged), so gas does not
 * depend on the account's type.
 */
const ACCOUNT_KEY_LEN = 21;
const ACCOUNT_VALUE_LEN = 130;

export function getAccount(state: HasAuth, address: string): AccountRecord | undefined {
  return shardGet(state.auth.accounts, accountKey(address));
}

/** Reads an account, charging the read gas of the SDK account keeper. */
export function readAccount(state: HasAuth, address: string, ctx: Ctx): AccountRecord | undefined {
  ctx.gas.read(ACCOUNT_KEY_LEN, ACCOUNT_VALUE_LEN);
  return getAccount(state, address);
}

export function setAccount(draft: Draft<HasAuth>, account: AccountRecord, ctx?: Ctx): void {
  ctx?.gas.write(ACCOUNT_KEY_LEN, ACCOUNT_VALUE_LEN);
  shardSet(draft.auth.accounts as Sharded<AccountRecord>, accountKey(account.address), account);
}

function takeAccountNumber(draft: Draft<HasAuth>): bigint {
  const n = draft.auth.next_account_number;
  draft.auth.next_account_number = n + 1n;
  return n;
}

/**
 * The account keeper's prototype (`ProtoAccount`): every account the chain creates is an EthAccount
 * without code (code hash keccak256("")), as spec part 2 shows it. Genesis accounts keep the type
 * genesis.json gives them and module accounts are ModuleAccounts (docs/quirks.md, A1).
 */
export function protoAccount(address: string, accountNumber: bigint): AccountRecord {
  return { address, pub_key: null, account_number: accountNumber, sequence: 0n, code_hash: EMPTY_CODE_HASH };
}

/** Creates an account with the next account number (`NewAccountWithAddress` + `SetAccount`). */
export function createAccount(draft: Draft<HasAuth>, address: string, ctx?: Ctx): AccountRecord {
  const account = protoAccount(address, takeAccountNumber(draft));
  setAccount(draft, account, ctx);
  return account;
}

/** The account (read-only), created on first touch as the bank does for a new recipient. */
export function ensureAccount(draft: Draft<HasAuth>, address: string, ctx?: Ctx): AccountRecord {
  return getAccount(draft as HasAuth, address) ?? createAccount(draft, address, ctx);
}

/** `GetModuleAccount`: returns the module account, creating it on first use. */
export function ensureModuleAccount(draft: Draft<HasAuth>, name: ModuleAccountName, ctx?: Ctx): AccountRecord {
  const address = moduleAccountAddress(name);
  const existing = getAccount(draft as HasAuth, address);
  if (existing?.module) return existing;
  const account: AccountRecord = {
    address,
    pub_key: null,
    account_number: existing ? existing.account_number : takeAccountNumber(draft),
    sequence: existing ? existing.sequence : 0n,
    module: { name, permissions: [...MODULE_ACCOUNT_PERMISSIONS[name]!] },
  };
  setAccount(draft, account, ctx);
  return account;
}

/** The stored account, which must exist (the ante and the keepers check first). */
export function existingAccount(draft: Draft<HasAuth>, address: string): AccountRecord {
  const account = getAccount(draft as HasAuth, address);
  if (!account) throw new Error(`account ${address} does not exist`);
  return account;
}

/** Stores `account` (as read from the draft) with its public key set; returns the new record. */
export function setPubKey(draft: Draft<HasAuth>, account: AccountRecord, pubKey: PubKeyRecord, ctx?: Ctx): AccountRecord {
  const next = { ...account, pub_key: pubKey };
  setAccount(draft, next, ctx);
  return next;
}

/** Stores `account` (as read from the draft) with its sequence incremented. */
export function incrementSequence(draft: Draft<HasAuth>, account: AccountRecord, ctx?: Ctx): void {
  setAccount(draft, { ...account, sequence: account.sequence + 1n }, ctx);
}
