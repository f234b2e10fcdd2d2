/**
 * Protobuf wire primitives (varints, fixed-width numbers, length-delimited bytes) over plain
 * Uint8Arrays, with 64-bit values as bigint. protobufjs parses our .proto sources; the bytes are
 * written here so that the encoding follows gogoproto exactly (binary.ts decides what to write).
 */
import { utf8Text } from './utf8.ts';

export const WireType = { Varint: 0, Fixed64: 1, Bytes: 2, StartGroup: 3, EndGroup: 4, Fixed32: 5 } as const;
export type WireType = (typeof WireType)[keyof typeof WireType];

const U64 = (1n << 64n) - 1n;

// one shared UTF-8 encoder: constructing one per string was a measurable share of encoding
const UTF8_ENCODER = new TextEncoder();

/** Bytes that are not valid protobuf for the expected type (texts follow gogoproto's Unmarshal errors). */
export class MalformedProtoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedProtoError';
  }
}

export class WireWriter {
  private buf: Uint8Array;
  private len = 0;

  /** `capacity`: the bytes expected, when known (a buffer grown on the way is copied each time). */
  constructor(capacity = 128) {
    this.buf = new Uint8Array(capacity);
  }

  private ensure(extra: number): void {
    if (this.len + extra <= this.buf.length) return;
    let size = Math.max(64, this.buf.length * 2);
    while (size < this.len + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Unsigned varint of a value in [0, 2^64). */
  varint(value: bigint): this {
    // common case (below 2^32): number arithmetic, same bytes
    if (value >= 0n && value < 0x100000000n) return this.uvarint(Number(value));
    let v = value & U64;
    this.ensure(10);
    while (v >= 0x80n) {
      this.buf[this.len++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.len++] = Number(v);
    return this;
  }

  /** Unsigned varint of a non-negative safe integer (tags, lengths, uint32). */
  uvarint(value: number): this {
    let v = value;
    this.ensure(10);
    while (v >= 0x80) {
      this.buf[this.len++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.len++] = v;
    return this;
  }

  tag(fieldNumber: number, wireType: WireType): this {
    return this.uvarint(fieldNumber * 8 + wireType);
  }

  raw(bytes: Uint8Array): this {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
    return this;
  }

  /** Length-delimited bytes. */
  bytes(bytes: Uint8Array): this {
    return this.uvarint(bytes.length).raw(bytes);
  }

  string(text: string): this {
    return this.bytes(UTF8_ENCODER.encode(text));
  }

  fixed32(value: number): this {
    this.ensure(4);
    new DataView(this.buf.buffer).setUint32(this.len, value >>> 0, true);
    this.len += 4;
    return this;
  }

  fixed64(value: bigint): this {
    this.ensure(8);
    new DataView(this.buf.buffer).setBigUint64(this.len, value & U64, true);
    this.len += 8;
    return this;
  }

  float(value: number): this {
    this.ensure(4);
    new DataView(this.buf.buffer).setFloat32(this.len, value, true);
    this.len += 4;
    return this;
  }

  double(value: number): this {
    this.ensure(8);
    new DataView(this.buf.buffer).setFloat64(this.len, value, true);
    this.len += 8;
    return this;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

export class WireReader {
  pos: number;
  /** made on first fixed-width read: most messages have none, and a reader is made per nested message */
  private dataView: DataView | undefined;

  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  private get view(): DataView {
    return (this.dataView ??= new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength));
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** Unsigned varint as bigint (up to 10 bytes, as Go's protowire). */
  varint(): bigint {
    // common case: up to 4 bytes (values below 2^28) decoded with number arithmetic, same result
    const small = this.uvarint28();
    if (small >= 0) return BigInt(small);
    let result = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new MalformedProtoError('unexpected EOF');
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << BigInt(7 * i);
      if (b < 0x80) return result & U64;
    }
    throw new MalformedProtoError('proto: integer overflow');
  }

  /** Varint that must fit a non-negative safe integer (tags, lengths). */
  uvarint(): number {
    // tags and lengths nearly always fit 4 bytes: no bigint on that path
    const small = this.uvarint28();
    if (small >= 0) return small;
    const v = this.varint();
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new MalformedProtoError('proto: integer overflow');
    return Number(v);
  }

  /** Length prefix of a length-delimited field; the end offset it implies must lie inside the buffer. */
  length(): number {
    const small = this.uvarint28();
    if (small >= 0) {
      if (this.pos + small > this.end) throw new MalformedProtoError('unexpected EOF');
      return small;
    }
    const n = this.varint();
    if (n > BigInt(0x7fffffff)) throw new MalformedProtoError('proto: negative length found during unmarshaling');
    if (this.pos + Number(n) > this.end) throw new MalformedProtoError('unexpected EOF');
    return Number(n);
  }

  /** A varint of at most 4 bytes (below 2^28) as a number, advancing; −1 (position kept) otherwise. */
  private uvarint28(): number {
    const buf = this.buf;
    let pos = this.pos;
    let small = 0;
    for (let shift = 0; shift < 28 && pos < this.end; shift += 7) {
      const b = buf[pos++]!;
      small |= (b & 0x7f) << shift;
      if (b < 0x80) {
        this.pos = pos;
        return small;
      }
    }
    return -1;
  }

  bytes(): Uint8Array {
    const n = this.length();
    const out = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  string(): string {
    const n = this.length();
    const text = utf8Text(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return text;
  }

  private need(n: number): number {
    if (this.pos + n > this.end) throw new MalformedProtoError('unexpected EOF');
    const at = this.pos;
    this.pos += n;
    return at;
  }

  fixed32(): number {
    return this.view.getUint32(this.need(4), true);
  }

  fixed64(): bigint {
    return this.view.getBigUint64(this.need(8), true);
  }

  float(): number {
    return this.view.getFloat32(this.need(4), true);
  }

  double(): number {
    return this.view.getFloat64(this.need(8), true);
  }

  /** Skips one field value of the given wire type (groups included, as gogoproto's skip functions do). */
  skip(wireType: number): void {
    switch (wireType) {
      case WireType.Varint:
        this.varint();
        return;
      case WireType.Fixed64:
        this.need(8);
        return;
      case WireType.Bytes:
        this.need(this.length());
        return;
      case WireType.Fixed32:
        this.need(4);
        return;
      case WireType.StartGroup:
        for (;;) {
          if (this.done) throw new MalformedProtoError('unexpected EOF');
          const tag = this.uvarint();
          if (tag % 8 === WireType.EndGroup) return;
          this.skip(tag % 8);
        }
      case WireType.EndGroup:
        throw new MalformedProtoError('proto: unexpected end of group');
      default:
        throw new MalformedProtoError(`proto: illegal wireType ${wireType}`);
    }
  }
}
