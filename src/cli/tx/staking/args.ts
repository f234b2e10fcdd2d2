/**
 * Arguments of the staking-family commands (tx and query of staking, distribution, slashing),
 * read as SDK v0.47's CLIs read them, before anything is signed or sent
 * (reference/sdk-modules.md §2.6, §4.5, §6.6):
 * - addresses through `sdk.ValAddressFromBech32` / `AccAddressFromBech32` / `ConsAddressFromBech32`:
 *   blank → `empty address string is not allowed`; not bech32 → `decoding bech32 failed: <why>`;
 *   another kind → `invalid Bech32 prefix; expected stvaloper, got st`;
 * - coins through `sdk.ParseCoinNormalized` / `ParseCoinsNormalized` (`1stos` → wei), bare errors;
 * - a consensus public key as the codec's interface JSON (`{"@type":"/sdk.crypto.ed25519.PubKey","key":"…"}`).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { parseProtoJson } from '../../../codec/proto-json.ts';
import type { Any, Codec } from '../../../codec/registry.ts';
import { addressFromBech32, consAddress, Hrp, sdkAddressFromBech32 } from '../../../crypto/address.ts';
import { toBech32 } from '../../../crypto/bech32.ts';
import { ED25519 } from '../../../crypto/ed25519.ts';
import { KEY_ALGOS, makePubKey, pubKeyAddress, pubKeyTypeUrl } from '../../../crypto/keys.ts';
import { NEUTRAL } from '../../../naming.ts';
import { parseCoinNormalized, parseCoinsNormalized } from '../../../math/coin-parse.ts';
import type { ProtoCoin } from '../../../math/coins.ts';

/** Address bytes of `text` under `hrp`, or the SDK's error text. */
export function bech32AddressBytes(text: string, hrp: string): Uint8Array {
  return sdkAddressFromBech32(text, hrp);
}

/** SDK `ValAddressFromBech32`: the canonical `stvaloper1…` spelling. */
export function valAddressArg(text: string): string {
  return toBech32(Hrp.validator, bech32AddressBytes(text, Hrp.validator));
}

/** SDK `AccAddressFromBech32`: the canonical `st1…` spelling. */
export function accAddressArg(text: string): string {
  return toBech32(Hrp.account, bech32AddressBytes(text, Hrp.account));
}

/** The operator address (`stvaloper1…`) of an account address (`st1…`): the same bytes. */
export function operatorOf(account: string): string {
  return toBech32(Hrp.validator, addressFromBech32(account, Hrp.account));
}

/** Go `strconv.ParseInt(text, 10, 64)`: the value, or Go's error text. */
export function goParseInt64(text: string): bigint | string {
  if (!/^[-+]?\d+$/.test(text)) return `strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`;
  const v = BigInt(text);
  if (v < -(1n << 63n) || v >= 1n << 63n) return `strconv.ParseInt: parsing ${JSON.stringify(text)}: value out of range`;
  return v;
}

/** Go `strconv.ParseUint(text, 10, 64)`: the value, or Go's error text. */
export function goParseUint64(text: string): bigint | string {
  if (!/^\d+$/.test(text)) return `strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`;
  const v = BigInt(text);
  if (v >= 1n << 64n) return `strconv.ParseUint: parsing ${JSON.stringify(text)}: value out of range`;
  return v;
}

/** SDK `ParseCoinNormalized` as a message field. */
export function coinArg(text: string): ProtoCoin {
  const c = parseCoinNormalized(text);
  return { denom: c.denom, amount: c.amount.toString() };
}

/** SDK `ParseCoinsNormalized` as a message field. */
export function coinsArg(text: string): ProtoCoin[] {
  return parseCoinsNormalized(text).map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
}

/** The consensus key type of this chain (reference/sdk-modules.md §0.2: `["ed25519"]`). */
export const CONSENSUS_KEY_TYPE = 'sdk.crypto.ed25519.PubKey';

/**
 * SDK `Codec.UnmarshalInterfaceJSON(text, &cryptotypes.PubKey)`: a public key as proto-JSON Any.
 * Any registered public key type parses, as in the SDK: the chain, not the CLI, refuses a
 * validator key that is not ed25519 (staking 6 `got: secp256k1, expected: [ed25519]`).
 * Returns the Any (for a message) and the key's consensus address (`stvalcons1…`, its
 * `PubKey.Address()`; none for a multisig key).
 */
export function consensusPubKeyArg(text: string, codec: Codec): { any: Any; consAddress: string | undefined } {
  const expected = `{"@type":"${codec.typeUrl(CONSENSUS_KEY_TYPE)}","key":"<base64 of 32 bytes>"}`;
  let any: Any;
  try {
    any = parseProtoJson('google.protobuf.Any', text, { codec }) as unknown as Any;
  } catch (err) {
    throw new Error(`${(err as Error).message} (expected a consensus public key such as ${expected})`);
  }
  const name = codec.typeNameOfUrl(any.type_url);
  if (name === null || !codec.interfaces.implements('PubKey', name)) {
    throw new Error(`no concrete type registered for type URL ${any.type_url} against interface *types.PubKey (expected a consensus public key such as ${expected})`);
  }
  const algo = KEY_ALGOS.find((a) => pubKeyTypeUrl(a, NEUTRAL) === `/${name}`);
  if (algo === undefined) return { any, consAddress: undefined };
  const { key } = codec.decode(name, any.value) as { key: Uint8Array };
  if (algo !== ED25519) return { any, consAddress: consAddress(pubKeyAddress(makePubKey(algo, key))) };
  if (key.length !== 32) throw new Error(`invalid pubkey size: an ed25519 key is 32 bytes, got ${key.length}`);
  return { any, consAddress: consAddress(sha256(key).slice(0, 20)) };
}
