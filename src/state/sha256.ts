/**
 * One-shot sha256 to text or bytes, for the hot paths (app hash nodes, tx hashes, the decoded-tx
 * cache key, Merkle trees).
 * Node's `crypto.hash` (20.12+) skips the Hash object that `createHash` builds per call, which was a
 * visible share of hashing thousands of small texts per block; older Node 20 releases fall back.
 */
import * as crypto from 'node:crypto';

type Sha256Text = (data: string | Uint8Array, encoding: 'hex' | 'base64') => string;

interface OneShot {
  (algorithm: string, data: string | Uint8Array, encoding: 'hex' | 'base64'): string;
  (algorithm: string, data: Uint8Array, encoding: 'buffer'): Buffer;
}

const oneShot = (crypto as { hash?: OneShot }).hash;

export const sha256Text: Sha256Text = oneShot
  ? (data, encoding) => oneShot('sha256', data, encoding)
  : (data, encoding) => crypto.createHash('sha256').update(data).digest(encoding);

type Sha256Bytes = (data: Uint8Array) => Uint8Array;

/** sha256 to bytes (a view of the digest, no copy): Merkle trees hash thousands of small inputs a block. */
export const sha256Bytes: Sha256Bytes = oneShot
  ? (data) => {
      const d = oneShot('sha256', data, 'buffer');
      return new Uint8Array(d.buffer, d.byteOffset, d.length);
    }
  : (data) => new Uint8Array(crypto.createHash('sha256').update(data).digest());
