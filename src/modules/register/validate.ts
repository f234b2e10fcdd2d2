/**
 * Stateless checks shared by the register messages' ValidateBasic (reference/chain-semantics.md
 * §1.5): address parsing for the `st` and `stsds` kinds, node pubkeys, coins and descriptions.
 */
import { ChainError, passesModuleWrapping, type ErrorKind } from '../../errors.ts';
import { Hrp, sdkAddressProblem, sdsAddress } from '../../crypto/address.ts';
import { ed25519Address } from '../../crypto/ed25519.ts';
import { RegisterErrors } from './errors.ts';
import type { Description, NodePubKey } from './state.ts';

/** The decoded proto Any. */
export interface ProtoAny {
  readonly type_url: string;
  readonly value: Uint8Array;
}

export interface ProtoCoinMsg {
  readonly denom: string;
  readonly amount: string;
}

/**
 * Why an address does not parse, or undefined when it does: the Go text of `sdk.AccAddressFromBech32`
 * (stratos `SdsAddressFromBech32` for `stsds`), which the handlers wrap (`Wrap(ErrX, err.Error())`).
 */
export function addressProblem(text: string, hrp: string): string | undefined {
  return sdkAddressProblem(text, hrp);
}

export const sdsProblem = (text: string) => addressProblem(text, Hrp.sds);
export const accProblem = (text: string) => addressProblem(text, Hrp.account);

/** Fails with `kind` when `text` is not an address of the kind. */
export function requireAddress(text: string, hrp: string, kind: ErrorKind): void {
  if (addressProblem(text, hrp) !== undefined) throw kind.error();
}

const ED25519_SUFFIX = '.crypto.ed25519.PubKey';
/** neutral proto name of node pubkeys, as auth stores key types */
export const NODE_PUBKEY_TYPE = 'sdk.crypto.ed25519.PubKey';

/**
 * The raw 32-byte key of an `ed25519.PubKey` Any (proto field 1, bytes). Node keys are ed25519
 * (§0.1); anything else is an unknown pubkey (47).
 */
export function nodePubKeyBytes(any: ProtoAny | null | undefined): Uint8Array {
  if (!any || !any.type_url) throw RegisterErrors.EmptyPubKey.error();
  if (!any.type_url.endsWith(ED25519_SUFFIX)) throw RegisterErrors.UnknownPubKey.wrap(any.type_url);
  const v = any.value ?? new Uint8Array();
  // a PubKey message with only field 1: tag 0x0a, length 32, then the key
  if (v.length !== 34 || v[0] !== 0x0a || v[1] !== 32) throw RegisterErrors.UnknownPubKey.wrap('ed25519 key must be 32 bytes');
  return v.subarray(2);
}

export function nodePubKeyRecord(any: ProtoAny): NodePubKey {
  return { type_url: NODE_PUBKEY_TYPE, key: Buffer.from(nodePubKeyBytes(any)).toString('base64') };
}

/** ValidateBasic of the create messages: network address parses and belongs to the pubkey. */
export function checkNetworkAddressOfPubKey(network: string, pubkey: ProtoAny | null | undefined): void {
  if (sdsProblem(network) !== undefined) throw RegisterErrors.InvalidNetworkAddr.error();
  if (network === '') throw RegisterErrors.EmptyNodeNetworkAddress.error();
  const key = nodePubKeyBytes(pubkey);
  if (sdsAddress(ed25519Address(key)) !== network) throw RegisterErrors.InvalidNetworkAddr.error();
}

/** network address parses (3) and is not empty (37). */
export function checkNetworkAddress(network: string): void {
  if (sdsProblem(network) !== undefined) throw RegisterErrors.InvalidNetworkAddr.error();
  if (network === '') throw RegisterErrors.EmptyNodeNetworkAddress.error();
}

/** owner parses (30) and is not empty (4). */
export function checkOwner(owner: string): void {
  if (accProblem(owner) !== undefined) throw RegisterErrors.InvalidOwnerAddr.error();
  if (owner === '') throw RegisterErrors.EmptyOwnerAddr.error();
}

/** A coin amount as a bigint; an empty or malformed amount counts as zero (it never passes the positivity checks). */
export function coinAmount(c: ProtoCoinMsg | null | undefined): bigint {
  const a = c?.amount ?? '';
  return /^-?\d+$/.test(a) ? BigInt(a) : 0n;
}

export function description(d: Partial<Description> | null | undefined): Description {
  return {
    moniker: d?.moniker ?? '',
    identity: d?.identity ?? '',
    website: d?.website ?? '',
    security_contact: d?.security_contact ?? '',
    details: d?.details ?? '',
  };
}

export function isEmptyDescription(d: Description): boolean {
  return d.moniker === '' && d.identity === '' && d.website === '' && d.security_contact === '' && d.details === '';
}

/**
 * `Wrap(kind, inner.Error())` around a keeper call: the code of `kind`, log `<inner>: <kind text>`.
 * A recovered panic (codespace `undefined`) passes through unchanged.
 */
export function wrapped<T>(kind: ErrorKind, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ChainError && !passesModuleWrapping(e)) throw kind.wrap(e.message);
    throw e;
  }
}
