/** The `v05…` file and slice hashes: every vector of reference/storage-network.md §2.3 and §7 items 1–2. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { multibaseDecode } from '../../../src/modules/sds/multibase.ts';
import {
  FileHasher,
  legacyFileHash,
  RAW_CODEC,
  sdsFileHash,
  sdsFileHashOfPath,
  sdsHashCodec,
  sdsHashProblem,
  SDS_CODEC,
  SliceHasher,
  sliceHash,
  sliceXor,
  VIDEO_CODEC,
} from '../../../src/sds/protocol/file-hash.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const BYTES_0_255 = Uint8Array.from({ length: 256 }, (_, i) => i);
const HELLO_HASH = 'v05j1m55ufslr6o28sjecekp8ukbb630vb17are8';

describe('SDS file hash (§2.3 vectors)', () => {
  it.each([
    ['empty', new Uint8Array(), 'c5d2460186f7233c927e7db2dcc703c0e500b653', 'v05j1m555fu587j6jih6c1k0uheu1g2o8stakpm0'],
    ['hello', utf8('hello'), '1c8aff950685c2ed4bc3174f3472287b56d9517b', HELLO_HASH],
    ['hello world\\n', utf8('hello world\n'), '70e3788906c57c18999ba6b0389a768ff3333e3d', 'v05j1m57he1eln3gatvm4n5sceo5gqagb0p633o0'],
    ['0x00..0xff', BYTES_0_255, 'dc924469b334aed2a19fac7252e9961aea41f8d9', 'v05j1m551e6553hn5eglqd3mjq87qibsuridcv4o'],
  ])('%s', (_name, bytes, keccakPrefix, hash) => {
    expect(toHex(keccak_256(bytes)).slice(0, 40)).toBe(keccakPrefix);
    expect(sdsFileHash(bytes)).toBe(hash);
    expect(sdsFileHash(bytes, { codec: SDS_CODEC, tag: '' })).toBe(hash);
  });

  it('the intermediate values for "hello": inner multihash, outer multihash, CID bytes', () => {
    const inner = Uint8Array.of(0x1b, 0x14, ...keccak_256(utf8('hello')).subarray(0, 20));
    expect(toHex(inner)).toBe('1b141c8aff950685c2ed4bc3174f3472287b56d9517b');
    const outer = Uint8Array.of(0x1b, 0x14, ...keccak_256(inner).subarray(0, 20));
    expect(toHex(outer)).toBe('1b14be7f2bb36048e4dcc75328f516b30c1f584eadb9');
    expect(toHex(multibaseDecode(HELLO_HASH))).toBe('01661b14be7f2bb36048e4dcc75328f516b30c1f584eadb9');
  });

  it('the encryption tag, the video codec and the legacy MD5 variant', () => {
    expect(sdsFileHash(utf8('hello'), { tag: 'abcdefgh' })).toBe('v05j1m56ffoqtbpr07po0opd63k8alvap96icva8');
    expect(sdsFileHash(utf8('hello'), { codec: VIDEO_CODEC })).toBe('v05p1m55ufslr6o28sjecekp8ukbb630vb17are8');
    expect(legacyFileHash(utf8('hello'))).toBe('v05ahm56erjdf4oipfgkef1r9t30vkh4lln4oev8');
    expect(legacyFileHash(new Uint8Array())).toBe('v05ahm52ue7g9l754u161uvs478ilj5na66vl4qg');
  });

  it('§7.2 shape: 40 lowercase base32hex characters, codec prefix, last character in {0,8,g,o}', () => {
    const hashes = [
      ...[new Uint8Array(), utf8('hello'), BYTES_0_255, utf8('x'.repeat(1000))].map((b) => sdsFileHash(b)),
      sdsFileHash(utf8('hello'), { codec: VIDEO_CODEC }),
      legacyFileHash(utf8('abc')),
      sliceHash(HELLO_HASH, 2, utf8('abc')),
    ];
    for (const h of hashes) {
      expect(h).toMatch(/^v[0-9a-v]{38}[08go]$/);
      expect(sdsHashProblem(h)).toBeUndefined();
    }
    expect(hashes.slice(0, 4).every((h) => h.startsWith('v05j1m5'))).toBe(true);
    expect(hashes[4]!.startsWith('v05p1m5')).toBe(true);
    expect(hashes[5]!.startsWith('v05ahm5')).toBe(true);
    expect(hashes[6]!.startsWith('v05ahm5')).toBe(true);
  });
});

describe('streaming', () => {
  const data = Uint8Array.from({ length: 5000 }, (_, i) => (i * 31 + 7) & 0xff);

  it.each([1, 7, 136, 137, 1000, 4999, 5000])('FileHasher fed %i-byte chunks equals the one-shot hash', (size) => {
    for (const opts of [undefined, { tag: 'abcdefgh' }, { codec: VIDEO_CODEC }]) {
      const h = new FileHasher(opts);
      for (let i = 0; i < data.length; i += size) h.update(data.subarray(i, i + size));
      expect(h.digest()).toBe(sdsFileHash(data, opts));
    }
  });

  it.each([1, 136, 999])('SliceHasher fed %i-byte chunks equals sliceHash', (size) => {
    const h = new SliceHasher(HELLO_HASH, 3);
    for (let i = 0; i < data.length; i += size) h.update(data.subarray(i, i + size));
    expect(h.digest()).toBe(sliceHash(HELLO_HASH, 3, data));
  });

  const dir = mkdtemp(join(tmpdir(), 'sds-file-hash-'));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it('sdsFileHashOfPath streams a file from disk (larger than one read buffer)', async () => {
    const big = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 13) & 0xff);
    const path = join(await dir, 'big.bin');
    await writeFile(path, big);
    expect(await sdsFileHashOfPath(path)).toBe(sdsFileHash(big));
    await writeFile(join(await dir, 'hello'), 'hello');
    expect(await sdsFileHashOfPath(join(await dir, 'hello'))).toBe(HELLO_HASH);
    expect(await sdsFileHashOfPath(join(await dir, 'hello'), { tag: 'abcdefgh' })).toBe('v05j1m56ffoqtbpr07po0opd63k8alvap96icva8');
  });

  it('sdsFileHashOfPath of a missing file rejects with the path', async () => {
    const missing = join(await dir, 'missing');
    await expect(sdsFileHashOfPath(missing)).rejects.toThrow(missing);
  });
});

describe('slice hash (§2.2)', () => {
  it('slice #1 of "hello" inside the file "hello", and its XOR bytes', () => {
    expect(sliceHash(HELLO_HASH, 1, utf8('hello'))).toBe('v05ahm57435coeqpsmn5jrl87tpcd8rqeao2qro0');
    const f = multibaseDecode(HELLO_HASH).subarray(2);
    const n1 = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1);
    const s = Uint8Array.of(0x1b, 0x14, ...keccak_256(Uint8Array.of(...n1, ...utf8('hello'))).subarray(0, 20));
    expect(toHex(sliceXor(f, s))).toBe('00002c4220204ab24ce289f04167c0868b21096adb76');
  });

  it('depends on the slice number and the file hash', () => {
    const a = sliceHash(HELLO_HASH, 1, utf8('hello'));
    expect(sliceHash(HELLO_HASH, 2, utf8('hello'))).not.toBe(a);
    expect(sliceHash('v05j1m555fu587j6jih6c1k0uheu1g2o8stakpm0', 1, utf8('hello'))).not.toBe(a);
  });

  it('refuses an invalid file hash or slice number, naming the problem', () => {
    expect(() => sliceHash('v05ahm500bfpivst07iti9krii5llj608mduoo82', 1, utf8('x'))).toThrow('non-zero padding bits');
    expect(() => new SliceHasher('nope', 1)).toThrow('invalid SDS hash "nope"');
    expect(() => new SliceHasher(HELLO_HASH, -1)).toThrow('invalid slice number -1');
    expect(() => new SliceHasher(HELLO_HASH, 1.5)).toThrow('invalid slice number 1.5');
  });
});

describe('sdsHashProblem (ValidateHash)', () => {
  it('the real docs hashes decode: codec 0x66 and 0x55, keccak, 20 bytes', () => {
    expect(sdsHashProblem('v05j1m571efv3vuk3tq7airrfglanjvts4jrd4l8')).toBeUndefined();
    expect(sdsHashCodec('v05j1m571efv3vuk3tq7airrfglanjvts4jrd4l8')).toBe(SDS_CODEC);
    expect(sdsHashProblem('v05ahm50sk6ldkpg2j11c5qdm5q1arair6rvuivo')).toBeUndefined();
    expect(sdsHashCodec('v05ahm50sk6ldkpg2j11c5qdm5q1arair6rvuivo')).toBe(RAW_CODEC);
    expect(sdsHashCodec('v05p1m55ufslr6o28sjecekp8ukbb630vb17are8')).toBe(VIDEO_CODEC);
  });

  it("refuses the docs' typo'd example ending in 2", () => {
    expect(sdsHashProblem('v05ahm500bfpivst07iti9krii5llj608mduoo82')).toBe(
      'invalid SDS hash "v05ahm500bfpivst07iti9krii5llj608mduoo82": non-zero padding bits in the last character',
    );
  });

  it.each([
    ['', 'invalid SDS hash: empty'],
    ['x', 'invalid SDS hash "x": expected the multibase prefix "v" (lowercase base32hex)'],
    ['V05J1M55UFSLR6O28SJECEKP8UKBB630VB17ARE8', 'expected the multibase prefix "v"'],
    ['v05J1m55ufslr6o28sjecekp8ukbb630vb17are8', 'not lowercase base32hex (0-9, a-v)'],
    ['v05j1m5', 'illegal data length 6 for base32'],
    // CIDv0-like bytes, a sha2-256 multihash, a 32-byte keccak digest, trailing bytes
    ['v' + 'i0s0o', 'not a version 1 CID'],
  ])('%j is refused', (text, problem) => {
    expect(sdsHashProblem(text)).toContain(problem);
  });

  it('refuses a CIDv1 with another multihash or digest length, or trailing bytes', () => {
    const b32 = (bytes: number[]) => {
      const alphabet = '0123456789abcdefghijklmnopqrstuv';
      let bits = '';
      for (const b of bytes) bits += b.toString(2).padStart(8, '0');
      while (bits.length % 5) bits += '0';
      return 'v' + (bits.match(/.{5}/g) ?? []).map((g) => alphabet[parseInt(g, 2)]).join('');
    };
    const digest = new Array<number>(20).fill(7);
    expect(sdsHashProblem(b32([1, 0x66, 0x1b, 20, ...digest]))).toBeUndefined();
    expect(sdsHashProblem(b32([1, 0x66, 0x12, 20, ...digest]))).toContain('multihash code 0x12 is not keccak-256 (0x1b)');
    expect(sdsHashProblem(b32([1, 0x66, 0x1b, 32, ...digest, ...new Array<number>(12).fill(0)]))).toContain('digest length 32 is not 20');
    expect(sdsHashProblem(b32([1, 0x66, 0x1b, 20, ...digest, 0]))).toContain('21 digest bytes, expected 20');
    expect(sdsHashProblem(b32([2, 0x66, 0x1b, 20, ...digest]))).toContain('not a version 1 CID');
  });

  it('never throws on odd input', () => {
    for (const v of [undefined, null, 42, {}, 'v', 'v0', 'v'.repeat(500), '\u0000']) {
      expect(typeof sdsHashProblem(v as unknown as string)).toBe('string');
    }
  });
});
