/**
 * secp256k1 throughput of the two backends (src/crypto/secp256k1-backend.ts): eth_secp256k1 sign
 * and verify of 300-byte sign bytes (keccak256 + ECDSA), libsecp256k1 vs @noble/curves, and the ratio.
 *
 *   npx tsx bench/crypto.bench.ts            (BENCH_SECONDS=1 per measurement by default)
 */
import { randomBytes } from 'node:crypto';
import { ethPubKey, ethSign, ethVerify } from '../src/crypto/ethsecp256k1.ts';
import type { Secp256k1BackendName } from '../src/crypto/secp256k1-backend.ts';
import { loadSecp256k1Backend, useSecp256k1Backend } from '../src/crypto/secp256k1-backend.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const SAMPLES = 256;

const keys = Array.from({ length: SAMPLES }, () => {
  for (;;) {
    const priv = new Uint8Array(randomBytes(32));
    try {
      return { priv, pub: ethPubKey(priv) };
    } catch {
      // out-of-range scalar: draw again
    }
  }
});
const messages = Array.from({ length: SAMPLES }, () => new Uint8Array(randomBytes(300)));

/** Runs `op(i)` until SECONDS have passed (after a short warm-up); returns operations per second. */
function opsPerSecond(op: (i: number) => void): number {
  for (let i = 0; i < 50; i++) op(i % SAMPLES);
  const budget = SECONDS * 1e9;
  const start = process.hrtime.bigint();
  let count = 0;
  while (Number(process.hrtime.bigint() - start) < budget) {
    for (let j = 0; j < 16; j++) op(count++ % SAMPLES);
  }
  return count / (Number(process.hrtime.bigint() - start) / 1e9);
}

function measure(name: Secp256k1BackendName): { sign: number; verify: number } | string {
  try {
    useSecp256k1Backend(loadSecp256k1Backend(name));
  } catch (err) {
    return (err as Error).message;
  }
  const signatures = keys.map((k, i) => ethSign(k.priv, messages[i]));
  const sign = opsPerSecond((i) => void ethSign(keys[i].priv, messages[i]));
  const verify = opsPerSecond((i) => {
    if (!ethVerify(keys[i].pub, messages[i], signatures[i])) throw new Error(`${name}: a valid signature did not verify`);
  });
  return { sign, verify };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(12);
const native = measure('native');
const noble = measure('noble');

console.log(`secp256k1 backends — eth_secp256k1 over 300-byte sign bytes, ${SECONDS}s per measurement`);
if (typeof noble === 'string') throw new Error(`noble backend failed: ${noble}`);
if (typeof native === 'string') {
  console.log(`native backend unavailable: ${native}`);
  console.log(`noble   sign ${fmt(noble.sign)} ops/s   verify ${fmt(noble.verify)} ops/s`);
} else {
  console.log(`${'op'.padEnd(8)}${'native ops/s'.padStart(14)}${'noble ops/s'.padStart(14)}${'native/noble'.padStart(14)}`);
  for (const op of ['sign', 'verify'] as const) {
    console.log(`${op.padEnd(8)}  ${fmt(native[op])}  ${fmt(noble[op])}  ${(native[op] / noble[op]).toFixed(1).padStart(11)}x`);
  }
}
