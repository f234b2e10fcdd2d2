/**
 * Accounts (reference/wire-formats.md §2.6). One record shape covers the three kinds the chain
 * shows: BaseAccount, ModuleAccount (name + permissions) and EthAccount (code hash). The chain
 * creates EthAccounts (`protoAccount` in state.ts, docs/quirks.md A1); genesis accounts keep their
 * genesis type. State keys are the lowercase hex of the 20 address bytes.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { accAddress, Hrp, moduleAddress, sdkAddressFromBech32, sdkAddressProblem } from '../../crypto/address.ts';
import { SdkErrors, type ChainError } from '../../errors.ts';

export interface PubKeyRecord {
  /** neutral type URL, e.g. `/chain.crypto.v1.ethsecp256k1.PubKey` */
  readonly type_url: string;
  /** base64 of the key bytes */
  readonly key: string;
}

export type ModulePermission = 'minter' | 'burner' | 'staking';

export interface AccountRecord {
  /** bech32 `st1…` */
  readonly address: string;
  readonly pub_key: PubKeyRecord | null;
  readonly account_number: bigint;
  readonly sequence: bigint;
  /** ModuleAccount only */
  readonly module?: Readonly<{ name: string; permissions: readonly ModulePermission[] }>;
  /** EthAccount only: 0x-prefixed lowercase keccak of the contract code */
  readonly code_hash?: string;
}

/** keccak256 of empty input: the code hash of an account without code. */
export const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

/** Parses an `st1…` address into its state key, failing as the SDK does (code 7). */
export function accountKey(address: string, field = ''): string {
  return parsed(address, field).key;
}

/**
 * `field` names the message field in the error, as SDK ValidateBasics wrap `AccAddressFromBech32`'s
 * error (`from` → "invalid from address: decoding bech32 failed: …: invalid address").
 */
export function parseAccAddress(address: string, field = ''): Uint8Array {
  return parsed(address, field).bytes.slice();
}

/** Why `address` is not an `st1…` account address (the Go text of `sdk.AccAddressFromBech32`), or undefined. */
export function accAddressProblem(address: string): string | undefined {
  if (addressCache.has(address)) return undefined;
  const why = sdkAddressProblem(address, Hrp.account);
  if (why === undefined) parsed(address, '');
  return why;
}

/**
 * bech32 decoding dominates a transfer's cost (every message's addresses are checked and read by
 * key): valid addresses map to their bytes and key through a bounded cache. Invalid ones are not
 * kept, so each use fails with its own field's error.
 */
function parsed(address: string, field: string): { readonly bytes: Uint8Array; readonly key: string } {
  let p = addressCache.get(address);
  if (p === undefined) {
    let bytes: Uint8Array;
    try {
      bytes = sdkAddressFromBech32(address, Hrp.account);
    } catch (e) {
      throw invalidAddress(field, e);
    }
    p = { bytes, key: bytesToHex(bytes) };
    if (addressCache.size >= ADDRESS_CACHE_LIMIT) addressCache.clear();
    addressCache.set(address, p);
  }
  return p;
}

const addressCache = new Map<string, { readonly bytes: Uint8Array; readonly key: string }>();
const ADDRESS_CACHE_LIMIT = 200_000;

/** SDK `ErrInvalidAddress.Wrapf("invalid <field> address: %s", err)`, err being `AccAddressFromBech32`'s. */
function invalidAddress(field: string, e: unknown): ChainError {
  const why = e instanceof Error ? e.message : String(e);
  const what = field ? `invalid ${field} address` : 'invalid address';
  return SdkErrors.InvalidAddress.wrap(`${what}: ${why}`);
}

/**
 * The module accounts of the chain with their permissions: the SDK modules
 * (reference/sdk-modules.md §0.1) and the chain's own (reference/chain-semantics.md §0.3).
 */
export const MODULE_ACCOUNT_PERMISSIONS: Readonly<Record<string, readonly ModulePermission[]>> = Object.freeze({
  fee_collector: [],
  distribution: ['burner'],
  mint: ['minter'],
  bonded_tokens_pool: ['burner', 'staking'],
  not_bonded_tokens_pool: ['burner', 'staking'],
  gov: ['burner'],
  evm: ['minter', 'burner'],
  register: ['minter', 'burner'],
  resource_node_bonded_pool: ['minter'],
  resource_node_not_bonded_pool: ['minter'],
  meta_node_bonded_pool: ['minter'],
  meta_node_not_bonded_pool: ['minter'],
  total_unissued_prepay: ['minter'],
  pot: ['minter'],
  foundation_account: ['minter', 'burner'],
  total_reward_pool: [],
  sds: [],
});

export type ModuleAccountName = keyof typeof MODULE_ACCOUNT_PERMISSIONS & string;

const moduleAddressCache = new Map<string, string>();

/** `st1…` address of a module account (sha256(name)[0:20]). */
export function moduleAccountAddress(name: string): string {
  let a = moduleAddressCache.get(name);
  if (a === undefined) {
    a = accAddress(moduleAddress(name));
    moduleAddressCache.set(name, a);
  }
  return a;
}

/**
 * Module accounts that may not receive funds from users (bank `BlockedAddrs`). The chain leaves
 * `fee_collector` and `distribution` open (reference/sdk-modules.md §0.1).
 */
let blocked: Set<string> | undefined;
export function isBlockedAddress(address: string): boolean {
  blocked ??= new Set(
    Object.keys(MODULE_ACCOUNT_PERMISSIONS)
      .filter((name) => name !== 'fee_collector' && name !== 'distribution')
      .map(moduleAccountAddress),
  );
  return blocked.has(address);
}
