import { execFileSync } from 'node:child_process';
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
