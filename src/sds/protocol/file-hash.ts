/**
 * The storage network's `v05…` file and slice hashes (reference/storage-network.md §2).
 *
 * File hash: inner = 0x1b 0x14 ‖ K(file)[0..20) (a keccak-256 multihash truncated to 20 bytes),
 * outer = K(tag ‖ inner)[0..20), CID = 0x01 ‖ codec ‖ 0x1b 0x14 ‖ outer, written as multibase
 * base32hex, lowercase, unpadded, prefix `v` — always 40 characters. K is legacy Keccak-256.
 * Legacy (sds ≤ v0.10) hash: outer = K(tag ‖ MD5(file))[0..20), codec 0x55 (raw).
 * Slice hash of slice n: s = 0x1b 0x14 ‖ K(uint64_be(n) ‖ slice)[0..20); x = fileMultihash XOR s;
 * CID v1, codec raw, multihash 0x1b 0x14 ‖ K(x)[0..20).
 */
import { createReadStream } from 'node:fs';
import { md5 } from '@noble/hashes/legacy.js';
import { keccak256 } from '../../crypto/keccak.ts';
import { nobleKeccak, wasmKeccak, type KeccakStream } from './keccak-stream.ts';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { multibaseDecode } from '../../modules/sds/multibase.ts';

/** `SDS_CODEC`: the current file hash */
export const SDS_CODEC = 0x66;
/** video stream files (`user_requestUploadStream`) */
export const VIDEO_CODEC = 0x72;
/** raw: legacy MD5 file hashes and slice hashes */
export const RAW_CODEC = 0x55;
/** go-multihash code of legacy Keccak-256 */
export const KECCAK_256_CODE = 0x1b;
/** multihash truncation: the first 20 bytes of the digest */
export const HASH_DIGEST_LENGTH = 20;
/** characters of every `v…` hash of a one-byte codec: 24 CID bytes → 39 base32hex + `v` */
export const SDS_HASH_LENGTH = 40;

export interface FileHashOptions {
  /** CID codec; default SDS_CODEC (0x66) */
  readonly codec?: number;
  /** the encryption tag put before the inner multihash; '' for every RPC upload */
  readonly tag?: string;
}

const B32HEX = '0123456789abcdefghijklmnopqrstuv';

/** RFC 4648 base32hex, lowercase, no padding. */
export function base32hexLower(bytes: Uint8Array): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += B32HEX[(acc >> bits) & 31];
    }
  }
  if (bits > 0) out += B32HEX[(acc << (5 - bits)) & 31];
  return out;
}

function uvarint(n: number): number[] {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`invalid CID codec ${n}: expected a non-negative integer`);
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

/** 0x1b 0x14 ‖ digest[0..20) */
function keccakMultihash(digest: Uint8Array): Uint8Array {
  return concatBytes(Uint8Array.of(KECCAK_256_CODE, HASH_DIGEST_LENGTH), digest.subarray(0, HASH_DIGEST_LENGTH));
}

/** `v` + base32hex of CIDv1(codec, multihash) */
function cidString(codec: number, multihash: Uint8Array): string {
  return 'v' + base32hexLower(concatBytes(Uint8Array.of(1, ...uvarint(codec)), multihash));
}

/** outer CID over `tag ‖ inner` */
function wrap(inner: Uint8Array, codec: number, tag: string): string {
  return cidString(codec, keccakMultihash(keccak256(concatBytes(utf8ToBytes(tag), inner))));
}

/**
 * Streaming SDS file hash: feed the file in chunks of any size, then `digest()` once.
 * `await FileHasher.create()` hashes with WebAssembly (keccak-stream.ts), `new FileHasher()` in JavaScript.
 */
export class FileHasher {
  readonly #hash: KeccakStream;
  readonly #codec: number;
  readonly #tag: string;

  constructor(opts: FileHashOptions = {}, keccak: KeccakStream = nobleKeccak()) {
    this.#codec = opts.codec ?? SDS_CODEC;
    this.#tag = opts.tag ?? '';
    uvarint(this.#codec);
    this.#hash = keccak;
  }

  static async create(opts: FileHashOptions = {}): Promise<FileHasher> {
    return new FileHasher(opts, await wasmKeccak());
  }

  update(chunk: Uint8Array): this {
    this.#hash.update(chunk);
    return this;
  }

  digest(): string {
    return wrap(keccakMultihash(this.#hash.digest()), this.#codec, this.#tag);
  }
}

/** The SDS file hash of bytes in memory (`v05j1m5…` with the default codec). */
export function sdsFileHash(bytes: Uint8Array, opts?: FileHashOptions): string {
  return new FileHasher(opts).update(bytes).digest();
}

/** The SDS file hash of a file on disk, read as a stream (never whole). */
export async function sdsFileHashOfPath(path: string, opts?: FileHashOptions): Promise<string> {
  const hasher = await FileHasher.create(opts);
  for await (const chunk of createReadStream(path)) hasher.update(chunk as Buffer);
  return hasher.digest();
}

/** The legacy (sds ≤ v0.10) hash: K(tag ‖ MD5(file)), codec raw (`v05ahm5…`). */
export function legacyFileHash(bytes: Uint8Array, tag = ''): string {
  return wrap(md5(bytes), RAW_CODEC, tag);
}

/** The CID bytes of a `v…` hash after checking it with `sdsHashProblem`; throws naming the problem. */
function decodeSdsHash(text: string): { codec: number; multihash: Uint8Array } {
  const problem = sdsHashProblem(text);
  if (problem !== undefined) throw new Error(problem);
  const cid = multibaseDecode(text);
  let at = 1;
  let codec = 0;
  let scale = 1;
  for (;;) {
    const b = cid[at++]!;
    codec += (b & 0x7f) * scale;
    scale *= 0x80;
    if ((b & 0x80) === 0) break;
  }
  return { codec, multihash: cid.subarray(at) };
}

/** The codec of a valid SDS hash (0x66, 0x72, 0x55…); throws naming the problem for an invalid one. */
export function sdsHashCodec(text: string): number {
  return decodeSdsHash(text).codec;
}

/**
 * Streaming slice hash of slice `sliceNumber` (1-based) of the file `fileHash`.
 * `await SliceHasher.create()` hashes with WebAssembly (keccak-stream.ts), `new SliceHasher()` in JavaScript.
 */
export class SliceHasher {
  readonly #hash: KeccakStream;
  readonly #fileMultihash: Uint8Array;

  constructor(fileHash: string, sliceNumber: number, keccak: KeccakStream = nobleKeccak()) {
    if (!Number.isSafeInteger(sliceNumber) || sliceNumber < 0) {
      throw new Error(`invalid slice number ${sliceNumber}: expected a non-negative integer`);
    }
    this.#hash = keccak;
    this.#fileMultihash = decodeSdsHash(fileHash).multihash;
    const n = new Uint8Array(8);
    new DataView(n.buffer).setBigUint64(0, BigInt(sliceNumber));
    this.#hash.update(n);
  }

  static async create(fileHash: string, sliceNumber: number): Promise<SliceHasher> {
    return new SliceHasher(fileHash, sliceNumber, await wasmKeccak());
  }

  update(chunk: Uint8Array): this {
    this.#hash.update(chunk);
    return this;
  }

  digest(): string {
    const s = keccakMultihash(this.#hash.digest());
    const x = sliceXor(this.#fileMultihash, s);
    return cidString(RAW_CODEC, keccakMultihash(keccak256(x)));
  }
}

/** f XOR s over the 22 bytes of the two multihashes (the first two bytes come out 0x00 0x00). */
export function sliceXor(fileMultihash: Uint8Array, sliceMultihash: Uint8Array): Uint8Array {
  const x = new Uint8Array(sliceMultihash.length);
  for (let i = 0; i < x.length; i++) x[i] = (fileMultihash[i] ?? 0) ^ sliceMultihash[i]!;
  return x;
}

/** The slice hash (`v05ahm5…`) of one slice's bytes. */
export function sliceHash(fileHash: string, sliceNumber: number, bytes: Uint8Array): string {
  return new SliceHasher(fileHash, sliceNumber).update(bytes).digest();
}

/**
 * ValidateHash: why `text` is not a valid SDS hash (CIDv1, keccak-256 multihash code 0x1b, 20 bytes),
 * or undefined. Stricter than Go in one way, on purpose: the text must be the canonical spelling —
 * `v` + lowercase base32hex with zero pad bits — so the docs' typo'd `…82` example is refused (as
 * `multiformats` refuses it). The codec is not checked (0x66, 0x72 and 0x55 all pass).
 */
export function sdsHashProblem(text: string): string | undefined {
  if (typeof text !== 'string' || text.length === 0) return 'invalid SDS hash: empty';
  const what = `invalid SDS hash "${text.length > 100 ? text.slice(0, 100) + '…' : text}"`;
  if (text[0] !== 'v') return `${what}: expected the multibase prefix "v" (lowercase base32hex)`;
  if (!/^v[0-9a-v]*$/.test(text)) return `${what}: not lowercase base32hex (0-9, a-v)`;
  let cid: Uint8Array;
  try {
    cid = multibaseDecode(text);
  } catch (e) {
    return `${what}: ${(e as Error).message}`;
  }
  if (base32hexLower(cid) !== text.slice(1)) return `${what}: non-zero padding bits in the last character`;
  if (cid[0] !== 1) return `${what}: not a version 1 CID`;
  let at = 1;
  for (let i = 0; ; i++) {
    if (at >= cid.length || i >= 9) return `${what}: truncated CID codec`;
    if ((cid[at++]! & 0x80) === 0) break;
  }
  const code = cid[at];
  const length = cid[at + 1];
  if (code === undefined || length === undefined) return `${what}: truncated multihash`;
  if (code !== KECCAK_256_CODE) return `${what}: multihash code 0x${code.toString(16)} is not keccak-256 (0x1b)`;
  if (length !== HASH_DIGEST_LENGTH) return `${what}: digest length ${length} is not ${HASH_DIGEST_LENGTH}`;
  const rest = cid.length - (at + 2);
  if (rest !== HASH_DIGEST_LENGTH) return `${what}: ${rest} digest bytes, expected ${HASH_DIGEST_LENGTH}`;
  return undefined;
}
