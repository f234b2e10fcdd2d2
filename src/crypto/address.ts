/**
 * Address kinds of the chain and their bech32 human-readable parts
 * (reference/wire-formats.md §1.4–1.5, spec/interfaces.md §2 "Address kinds").
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak256 } from './keccak.ts';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { Bech32Error, fromBech32, goBech32DecodeError, toBech32 } from './bech32.ts';
import { parseHex } from './hex.ts';

/** The one table of human-readable parts (stratos-chain `types/address.go`: base `st`, SDK suffixes + `sds`). */
export const Hrp = Object.freeze({
  /** account address: 20 bytes */
  account: 'st',
  /** account pubkey, legacy amino bech32 (wire-formats §1.6) */
  accountPub: 'stpub',
  /** validator operator: the operator's account bytes */
  validator: 'stvaloper',
  validatorPub: 'stvaloperpub',
  /** consensus (validator) address: sha256(ed25519 pubkey)[0:20] */
  consensus: 'stvalcons',
  consensusPub: 'stvalconspub',
  /** SDS node network (P2P) address: sha256(ed25519 pubkey)[0:20] */
  sds: 'stsds',
  /** SDS node pubkey: raw 32-byte ed25519 key, no amino prefix */
  sdsPub: 'stsdspub',
} as const);

export type HrpKind = keyof typeof Hrp;
export type HrpValue = (typeof Hrp)[HrpKind];

/** Byte length of every address the chain derives itself (account, operator, consensus, sds). */
export const ADDRESS_LENGTH = 20;

/** The SDK accepts addresses of 1..255 bytes (types/address.go `VerifyAddressFormat`). */
export const MAX_ADDRESS_LENGTH = 255;

/** `st1…` spelling of account bytes. */
export function accAddress(bytes: Uint8Array): string {
  return toBech32(Hrp.account, bytes);
}

/** `stvaloper1…` spelling of the operator's account bytes. */
export function valAddress(bytes: Uint8Array): string {
  return toBech32(Hrp.validator, bytes);
}

/** `stvalcons1…` spelling of a consensus address. */
export function consAddress(bytes: Uint8Array): string {
  return toBech32(Hrp.consensus, bytes);
}

/** `stsds1…` spelling of an SDS node's network address. */
export function sdsAddress(bytes: Uint8Array): string {
  return toBech32(Hrp.sds, bytes);
}

/**
 * Decodes an address of one kind (default: account) and checks its length the way the SDK does:
 * 1..255 bytes. Throws a Bech32Error for a wrong prefix or checksum, a plain Error for the length.
 */
export function addressFromBech32(text: string, hrp: string = Hrp.account): Uint8Array {
  const { bytes } = fromBech32(text, hrp);
  if (bytes.length === 0) throw new Error(`invalid address "${text}": addresses cannot be empty`);
  if (bytes.length > MAX_ADDRESS_LENGTH) {
    throw new Error(`invalid address "${text}": address max length is ${MAX_ADDRESS_LENGTH}, got ${bytes.length}`);
  }
  return bytes;
}

/** True when `text` is a valid `st1…` account address. */
export function isAccountAddress(text: string): boolean {
  try {
    addressFromBech32(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The SDK's `AccAddressFromBech32` / `ValAddressFromBech32` / `ConsAddressFromBech32` (and
 * stratos' `SdsAddressFromBech32`) of one kind, with their Go error texts, in Go's order: blank →
 * `empty address string is not allowed`; not bech32 → `decoding bech32 failed: <btcutil's why>`
 * (data that is not whole bytes: `invalid incomplete group`); another kind → `invalid Bech32
 * prefix; expected stvaloper, got st`; then `VerifyAddressFormat` (`addresses cannot be empty:
 * unknown address`, `address max length is 255, got N: unknown address`).
 */
export function sdkAddressFromBech32(text: string, hrp: string): Uint8Array {
  if (text.trim() === '') throw new Error('empty address string is not allowed');
  let decoded: { hrp: string; bytes: Uint8Array };
  try {
    decoded = fromBech32(text);
  } catch (err) {
    if (!(err instanceof Bech32Error)) throw err;
    const why = goBech32DecodeError(text) ?? (err.reason === 'format' && /whole number of bytes/.test(err.message) ? 'invalid incomplete group' : err.message);
    throw new Error(`decoding bech32 failed: ${why}`);
  }
  if (decoded.hrp !== hrp) throw new Error(`invalid Bech32 prefix; expected ${hrp}, got ${decoded.hrp}`);
  const { bytes } = decoded;
  if (bytes.length === 0) throw new Error('addresses cannot be empty: unknown address');
  if (bytes.length > MAX_ADDRESS_LENGTH) throw new Error(`address max length is ${MAX_ADDRESS_LENGTH}, got ${bytes.length}: unknown address`);
  return bytes;
}

/**
 * Why `text` is not an address of kind `hrp`, in the Go words of `sdkAddressFromBech32` (what a
 * message's ValidateBasic or handler wraps), or undefined when it is one.
 */
export function sdkAddressProblem(text: string, hrp: string): string | undefined {
  try {
    sdkAddressFromBech32(text, hrp);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Hex (optionally `0x`) → bech32 under `hrp`; `0x39330Eb4…` and `st18yes…` are one account. */
export function hexToBech32(hex: string, hrp: string = Hrp.account): string {
  return toBech32(hrp, parseHex(hex, 'hex address'));
}

/** bech32 → lowercase hex of its bytes (the name of the keyring's `<hex>.address` files). */
export function bech32ToHex(text: string, expectedHrp?: string): string {
  return bytesToHex(fromBech32(text, expectedHrp).bytes);
}

/** Module account address: sha256(module name)[0:20] (SDK `authtypes.NewModuleAddress`). */
export function moduleAddress(name: string): Uint8Array {
  return sha256(utf8ToBytes(name)).slice(0, ADDRESS_LENGTH);
}

/** EIP-55 mixed-case `0x…` spelling of 20 account bytes (what Ethereum tools print). */
export function toEthAddress(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_LENGTH) {
    throw new Error(`an Ethereum address has ${ADDRESS_LENGTH} bytes, got ${bytes.length}`);
  }
  const lower = bytesToHex(bytes);
  const hash = bytesToHex(keccak256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  }
  return out;
}
