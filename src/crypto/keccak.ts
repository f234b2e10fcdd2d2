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
let creating: Promise<void> | undefined;

function startWasm(): Promise<void> {
  creating = createKeccak(256).then(
    (h) => void (wasm = h),
    () => undefined, // no WebAssembly here: the JavaScript hasher stays
  );
  return creating;
}

export function keccak256(bytes: Uint8Array): Uint8Array {
  if (wasm === undefined) {
    if (creating === undefined) void startWasm();
    return keccak_256(bytes);
  }
  wasm.init();
  wasm.update(bytes);
  return wasm.digest('binary');
}

/** Starts the WebAssembly hasher if nothing has hashed yet; resolves once it is in use (or known to be unavailable). */
export function keccakReady(): Promise<void> {
  return creating ?? startWasm();
}
