import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadSecp256k1Backend, secp256k1 } from '../../src/crypto/secp256k1-backend.ts';

/** Runs a snippet in a fresh process (the backend is chosen once per process). */
function backendIn(env: Record<string, string>): string {
  const code =
    "import('./src/crypto/secp256k1-backend.ts').then(m => { try { console.log(m.secp256k1().name) } catch (e) { console.log('error: ' + e.message) } })";
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', code], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  }).trim();
}

describe('secp256k1 backend selection', () => {
  it('loads libsecp256k1 here, and noble on request', () => {
    expect(loadSecp256k1Backend('native').name).toBe('native');
    expect(loadSecp256k1Backend('noble').name).toBe('noble');
    expect(['native', 'noble']).toContain(secp256k1().name);
  });

  it('prefers native and honours CHAIND_SECP256K1', () => {
    expect(backendIn({ CHAIND_SECP256K1: '' })).toBe('native');
    expect(backendIn({ CHAIND_SECP256K1: 'noble' })).toBe('noble');
    expect(backendIn({ CHAIND_SECP256K1: 'native' })).toBe('native');
    expect(backendIn({ CHAIND_SECP256K1: 'wasm' })).toBe('error: CHAIND_SECP256K1=wasm is not a secp256k1 backend; use "native" or "noble"');
  });
});

describe('secp256k1 verification', () => {
  const native = loadSecp256k1Backend('native');
  const noble = loadSecp256k1Backend('noble');
  const digest = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());

  it('answers as noble does for compressed and uncompressed keys, valid or not, the first time and again', () => {
    const sk = new Uint8Array(randomBytes(32));
    const compressed = native.publicKey(sk, true);
    const uncompressed = native.publicKey(sk, false);
    const { signature } = native.signDigest(digest('a tx'), sk);
    const other = native.signDigest(digest('another tx'), sk).signature;
    // x = 5 is not on the curve with either parity: no such point, so no key
    const notAPoint = Uint8Array.from([0x02, ...new Uint8Array(31), 5]);
    // the same signature with s replaced by n − s: valid math, refused as high-S
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt('0x' + Buffer.from(signature.subarray(32)).toString('hex'));
    const highS = Uint8Array.from([...signature.subarray(0, 32), ...Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex')]);
    const cases: [Uint8Array, Uint8Array, Uint8Array][] = [
      [signature, digest('a tx'), compressed],
      [signature, digest('a tx'), uncompressed],
      [other, digest('a tx'), compressed],
      [signature, digest('a tx'), notAPoint],
      [signature, digest('a tx'), compressed.subarray(0, 32)],
      [highS, digest('a tx'), compressed],
    ];
    const answers = (b: typeof native) => cases.map(([sig, d, key]) => b.verifyDigest(sig, d, key));
    expect(answers(noble)).toEqual([true, true, false, false, false, false]);
    for (let round = 0; round < 2; round++) expect(answers(native)).toEqual(answers(noble));
  });

  it('reads a compressed key inside a larger buffer by its own bytes', () => {
    const sk = new Uint8Array(randomBytes(32));
    const { signature } = native.signDigest(digest('m'), sk);
    const packed = new Uint8Array(100);
    packed.set(native.publicKey(sk, true), 40);
    expect(native.verifyDigest(signature, digest('m'), packed.subarray(40, 73))).toBe(true);
    packed[41] ^= 1; // another key at the same place
    expect(native.verifyDigest(signature, digest('m'), packed.subarray(40, 73))).toBe(false);
  });
});
