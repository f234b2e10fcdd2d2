/**
 * Wire primitives against protobufjs' own Writer/Reader (an independent implementation): varints
 * on both sides of the number fast path (2^28, 2^32) and the 64-bit edge, lengths, UTF-8 strings.
 */
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import Long from 'long';
import { MalformedProtoError, WireReader, WireWriter } from '../../src/codec/wire.ts';

const EDGES = [0n, 1n, 127n, 128n, 16383n, 16384n, (1n << 21n) - 1n, 1n << 21n, (1n << 28n) - 1n, 1n << 28n, (1n << 31n) - 1n, 1n << 31n, (1n << 32n) - 1n, 1n << 32n, (1n << 35n) + 5n, (1n << 63n) - 1n, 1n << 63n, (1n << 64n) - 1n];

function protobufjsVarint(v: bigint): Uint8Array {
  return protobuf.Writer.create().uint64(Long.fromString(v.toString(), true)).finish();
}

describe('WireWriter.varint / WireReader.varint', () => {
  it.each(EDGES.map((v) => [v]))('%s encodes as protobufjs does and reads back', (v) => {
    const bytes = new WireWriter().varint(v).finish();
    expect(Buffer.from(bytes).toString('hex')).toBe(Buffer.from(protobufjsVarint(v)).toString('hex'));
    const r = new WireReader(bytes);
    expect(r.varint()).toBe(v);
    expect(r.done).toBe(true);
  });

  it('uvarint reads tags and lengths below and above 2^28 and rejects values above 2^53', () => {
    for (const v of [0, 300, 2 ** 28 - 1, 2 ** 28, 2 ** 40]) {
      const r = new WireReader(protobufjsVarint(BigInt(v)));
      expect(r.uvarint()).toBe(v);
      expect(r.done).toBe(true);
    }
    expect(() => new WireReader(protobufjsVarint(1n << 60n)).uvarint()).toThrow(new MalformedProtoError('proto: integer overflow'));
  });

  it('a truncated varint is unexpected EOF, also inside the first four bytes', () => {
    expect(() => new WireReader(Uint8Array.of(0x80, 0x80)).varint()).toThrow(new MalformedProtoError('unexpected EOF'));
    expect(() => new WireReader(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff)).uvarint()).toThrow(new MalformedProtoError('unexpected EOF'));
    expect(() => new WireReader(Uint8Array.of(0x80)).length()).toThrow(new MalformedProtoError('unexpected EOF'));
  });
});

describe('WireReader.length / string', () => {
  it('a length pointing past the end is unexpected EOF; one above 2^31 is a negative length', () => {
    expect(() => new WireReader(Uint8Array.of(0x05, 1, 2)).length()).toThrow(new MalformedProtoError('unexpected EOF'));
    expect(() => new WireReader(protobufjsVarint(1n << 31n)).length()).toThrow(new MalformedProtoError('proto: negative length found during unmarshaling'));
  });

  it('strings round-trip multi-byte UTF-8 as protobufjs writes them, and leave the reader after the field', () => {
    const text = 'stake → Ω 🚀';
    const bytes = protobuf.Writer.create().string(text).uint32(7).finish();
    expect(Buffer.from(new WireWriter().string(text).uvarint(7).finish()).toString('hex')).toBe(Buffer.from(bytes).toString('hex'));
    const r = new WireReader(bytes);
    expect(r.string()).toBe(text);
    expect(r.uvarint()).toBe(7);
    expect(r.done).toBe(true);
  });
});

describe('WireReader fixed-width values', () => {
  it('reads fixed32, fixed64, float and double as protobufjs writes them, from an offset subarray', () => {
    const inner = protobuf.Writer.create().fixed32(0xdeadbeef).fixed64(Long.fromString('18446744073709551615', true)).float(1.5).double(-2.25).finish();
    const framed = new Uint8Array(inner.length + 3);
    framed.set(inner, 3);
    const r = new WireReader(framed.subarray(3));
    expect([r.fixed32(), r.fixed64(), r.float(), r.double()]).toEqual([0xdeadbeef, (1n << 64n) - 1n, 1.5, -2.25]);
    expect(r.done).toBe(true);
  });
});
