/**
 * Streaming Keccak-256 (original padding) for the SDS file and slice hashes: the WebAssembly one of
 * `hash-wasm` (about 10× the pure-JavaScript speed; every uploaded byte is hashed by the client, the
 * receiving node and each node that keeps a replica), created asynchronously, and the synchronous
 * `@noble/hashes` one for one-shot hashes of bytes in memory. Both give the same digests
 * (test/sds/protocol/file-hash.unit.test.ts).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createKeccak } from 'hash-wasm';

export interface KeccakStream {
  update(chunk: Uint8Array): void;
  digest(): Uint8Array;
}

export function nobleKeccak(): KeccakStream {
  const h = keccak_256.create();
  return { update: (c) => void h.update(c), digest: () => h.digest() };
}

export async function wasmKeccak(): Promise<KeccakStream> {
  const h = await createKeccak(256);
  h.init();
  return { update: (c) => void h.update(c), digest: () => h.digest('binary') };
}
