/**
 * The SDK tx decoder's strictness checks, before any unmarshaling (SDK v0.47 x/auth/tx/decoder.go,
 * codec/unknownproto): TxRaw must follow ADR-027 (ascending fields, bytes wire type only, shortest
 * length varints), and no message in the tx may carry a field its type does not declare, except
 * "non-critical" fields (number with bit 11 set) inside the body. The walk enters nested messages
 * and every Any, whose type URL must be registered (interface-registry.ts). Failures are plain
 * Errors with the SDK's texts; the tx decoder wraps them in ErrTxDecode.
 */
import protobuf from 'protobufjs';
import { decodeMessage } from './binary.ts';
import { type FieldInfo, messageInfo, protoName, SCALAR_WIRE } from './field-info.ts';
import type { Codec } from './registry.ts';
import { markUnresolvedTypeUrl, wrongProfileHint } from '../naming.ts';
import { WireReader, WireType } from './wire.ts';

const NON_CRITICAL_BIT = 1 << 10;

function wireTypeName(wt: number): string {
  return ['varint', 'fixed64', 'bytes', 'start_group', 'end_group', 'fixed32'][wt] ?? `unknown type: ${wt}`;
}

/** ADR-027 checks of the outer TxRaw bytes. */
export function rejectNonADR027TxRaw(bytes: Uint8Array): void {
  const r = new WireReader(bytes);
  let prev = 0;
  while (!r.done) {
    let tag: number;
    try {
      tag = r.uvarint();
    } catch (err) {
      throw new Error(`invalid length; ${(err as Error).message}`);
    }
    const number = Math.floor(tag / 8);
    const wt = tag % 8;
    if (wt !== WireType.Bytes) throw new Error(`expected ${WireType.Bytes} wire type, got ${wt}`);
    if (number < prev) throw new Error(`txRaw must follow ADR-027, got tagNum ${number} after tagNum ${prev}`);
    prev = number;
    const at = r.pos;
    let len: bigint;
    try {
      len = r.varint();
    } catch (err) {
      throw new Error(`invalid length; ${(err as Error).message}`);
    }
    const read = r.pos - at;
    const need = minVarintLength(len);
    if (read !== need) {
      throw new Error(`length prefix varint for tagNum ${number} is not as short as possible, read ${read}, only need ${need}`);
    }
    if (r.pos + Number(len) > r.end) throw new Error('invalid length; unexpected EOF');
    r.pos += Number(len);
  }
}

function minVarintLength(n: bigint): number {
  let len = 1;
  while (n >= 0x80n) {
    n >>= 7n;
    len++;
  }
  return len;
}

/**
 * How deep Anys may nest, and how many one top-level Any may hold in all, when the SDK's
 * InterfaceRegistry unpacks them (codec/types/interface_registry.go `MaxUnpackAnyRecursionDepth`,
 * `MaxUnpackAnySubCalls`): past them a tx fails to decode with `max depth exceeded` / `call limit
 * exceeded`.
 */
export const MAX_UNPACK_ANY_DEPTH = 10;
export const MAX_UNPACK_ANY_CALLS = 100;

/**
 * Rejects unknown fields in `bytes` read as `type`; returns whether unknown non-critical fields were
 * seen (allowed only when `allowNonCritical`).
 */
export function rejectUnknownFields(codec: Codec, type: protobuf.Type, bytes: Uint8Array, allowNonCritical: boolean, anyDepth = 0): boolean {
  let nonCritical = false;
  if (bytes.length === 0) return nonCritical;
  const info = messageInfo(type);
  const r = new WireReader(bytes);
  while (!r.done) {
    let tag: number;
    try {
      tag = r.uvarint();
    } catch {
      throw new Error('invalid length');
    }
    const number = Math.floor(tag / 8);
    const wt = tag % 8;
    const f = info.byNumber.get(number);
    if (f) {
      if (!canEncode(wt, f)) {
        throw new Error(
          `Mismatched "${goTypeName(codec, type)}": {TagNum: ${number}, GotWireType: "${wireTypeName(wt)}" != WantWireType: "${wireTypeName(f.wireType)}"}`,
        );
      }
    } else {
      const critical = (number & NON_CRITICAL_BIT) === 0;
      if (!critical) nonCritical = true;
      if (critical || !allowNonCritical) {
        throw new Error(`errUnknownField "${goTypeName(codec, type)}": {TagNum: ${number}, WireType:"${wireTypeName(wt)}"}`);
      }
    }
    const start = r.pos;
    try {
      r.skip(wt);
    } catch (err) {
      throw new Error(`could not consume field value for tagNum: ${number}, wireType: "${wireTypeName(wt)}"; ${(err as Error).message}`);
    }
    if (!f || f.kind !== 'message') continue;
    const inner = new WireReader(bytes, start, r.pos);
    const len = inner.length();
    const fieldBytes = bytes.subarray(inner.pos, inner.pos + len);
    const nested = f.messageType as protobuf.Type;
    if (protoName(nested) === 'google.protobuf.Any') {
      // an Any nested deeper than the unpacker goes (MAX_UNPACK_ANY_DEPTH) is not walked: its tx
      // fails to unpack with `max depth exceeded` whatever it holds, and the walk stays bounded
      // (a tx of Anys nested thousands deep would take seconds and the whole stack)
      if (anyDepth >= MAX_UNPACK_ANY_DEPTH) continue;
      nonCritical = rejectUnknownFields(codec, nested, fieldBytes, allowNonCritical, anyDepth) || nonCritical;
      const any = decodeMessage(nested, fieldBytes) as { type_url: string; value: Uint8Array };
      const packed = resolveTypeUrl(codec, any.type_url);
      nonCritical = rejectUnknownFields(codec, packed, any.value, allowNonCritical, anyDepth + 1) || nonCritical;
    } else {
      nonCritical = rejectUnknownFields(codec, nested, fieldBytes, allowNonCritical, anyDepth) || nonCritical;
    }
  }
  return nonCritical;
}

/** The registered type of a type URL (InterfaceRegistry.Resolve). */
export function resolveTypeUrl(codec: Codec, url: string): protobuf.Type {
  const name = codec.typeNameOfUrl(url);
  if (name === null || !codec.interfaces.isRegistered(name)) {
    throw markUnresolvedTypeUrl(new Error(`unable to resolve type URL ${url}${wrongProfileHint(codec.profile, url)}`), url);
  }
  return codec.lookupType(name);
}

/** protowire's table of which declared types a wire type may carry (packed repeated included). */
function canEncode(wt: number, f: FieldInfo): boolean {
  if (wt === f.wireType) return true;
  const numeric = f.kind === 'enum' || (f.scalar !== null && SCALAR_WIRE[f.scalar] !== WireType.Bytes);
  return wt === WireType.Bytes && numeric;
}

/**
 * The Go type name the SDK prints (`*tx.TxBody`, `*types.MsgSend`): the Go package name is the
 * last path element of the module's Go package, which for this codebase follows from the proto package.
 */
export function goTypeName(codec: Codec, type: protobuf.Type): string {
  // nested messages are Go types named Outer_Inner
  const goName: string[] = [];
  let t: protobuf.NamespaceBase | null = type;
  while (t instanceof protobuf.Type) {
    goName.unshift(t.name);
    t = t.parent;
  }
  const pkg = codec.neutralName(protoName(t as protobuf.NamespaceBase)).split('.');
  let goPkg = 'types';
  if (pkg[1] === 'tx' && pkg[2] === 'v1beta1') goPkg = 'tx';
  else if (pkg[1] === 'tx' && pkg[2] === 'signing') goPkg = 'signing';
  else if (pkg[1] === 'gov') goPkg = pkg[2];
  else if (pkg[1] === 'crypto' && pkg.length === 3) goPkg = pkg[2];
  else if (pkg[0] === 'consensus' && (pkg[1] === 'crypto' || pkg[1] === 'version')) goPkg = pkg[1];
  else if (pkg.at(-1) === 'ethsecp256k1') goPkg = 'ethsecp256k1';
  return `*${goPkg}.${goName.join('_')}`;
}
