/**
 * One-shot Keccak-256 (the original padding, as Ethereum and the chain's eth_secp256k1 keys use it)
 * of bytes in memory. Every signature check hashes the sign bytes with it, on the verify pool's
 * threads and in CheckTx, and every new signer's address is one. It is the WebAssembly hasher of
 * `hash-wasm` once that is ready — about 8× the pure-JavaScript speed warm, and fast from its first
 * call instead of after the JIT has warmed up — and `@noble/hashes` until then: the first call starts
 * the (asynchronous) creation, so a process that never hashes never compiles it. Both give the same
 * digest (test/crypto/keccak.unit.test.ts).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createKeccak, type IHasher } from 'hash-wasm';

let wasm: IHasher | undefined;
let creating = false;

function startWasm(): void {
  creating = true;
  createKeccak(256).then(
    (h) => (wasm = h),
    () => undefined, // no WebAssembly here: the JavaScript hasher stays
  );
}

export function keccak256(bytes: Uint8Array): Uint8Array {
  if (wasm === undefined) {
    if (!creating) startWasm();
    return keccak_256(bytes);
  }
  wasm.init();
  wasm.update(bytes);
  return wasm.digest('binary');
}

/** Resolves once the WebAssembly hasher is in use (tests; it starts it if nothing has hashed yet). */
export async function keccakReady(): Promise<void> {
  if (!creating) startWasm();
  while (wasm === undefined) await new Promise((r) => setTimeout(r, 1));
}
