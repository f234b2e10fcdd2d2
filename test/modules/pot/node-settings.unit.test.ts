/**
 * app.toml `[pot]` (src/modules/pot/node-settings.ts, docs/pot.md): the defaults a fresh home
 * gets, the checked values, the clear error for an unknown verifier at start, and the
 * installation in the pot module with the way back.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { acceptingBlsVerifier, bls12381Verifier, blsVerifier, blsVerifierNamed, setBlsVerifier } from '../../../src/modules/pot/bls.ts';
import { setSupplyRestoration } from '../../../src/modules/pot/mature.ts';
import { potNodeSettings } from '../../../src/modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../../src/modules/pot/apply-node-settings.ts';
import { resolveStartSettings } from '../../../src/node/settings.ts';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'pot-settings-'));
  expect(await main(['init', 'p', '--home', home], { out: bufferOutput() })).toBe(0);
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

const appToml = () => join(home, 'config', 'app.toml');

describe('[pot] in app.toml', () => {
  it('a fresh home writes the defaults: the BLS12-381 verifier and the supply restoration on', async () => {
    expect(await readFile(appToml(), 'utf8')).toContain('\n[pot]\nbls-verifier = "bls12-381"\nrestore-total-supply = true\n');
    expect(resolveStartSettings(home).pot).toEqual({ blsVerifier: 'bls12-381', restoreTotalSupply: true });
  });

  it('reads the other values, and a missing table means the defaults', () => {
    const table: Record<string, unknown> = { 'bls-verifier': 'accept-any', 'restore-total-supply': false };
    expect(potNodeSettings((k) => table[k], 'app.toml')).toEqual({ blsVerifier: 'accept-any', restoreTotalSupply: false });
    expect(potNodeSettings(() => undefined, 'app.toml')).toEqual({ blsVerifier: 'bls12-381', restoreTotalSupply: true });
  });

  it('an unknown verifier or a non-boolean switch fails at start, naming the file and key', async () => {
    const original = await readFile(appToml(), 'utf8');
    try {
      await writeFile(appToml(), original.replace('bls-verifier = "bls12-381"', 'bls-verifier = "pbc"'));
      expect(() => resolveStartSettings(home)).toThrow(`invalid value for pot.bls-verifier in ${appToml()}: "pbc", expected one of "bls12-381", "accept-any"`);
      await writeFile(appToml(), original.replace('restore-total-supply = true', 'restore-total-supply = "yes"'));
      expect(() => resolveStartSettings(home)).toThrow(`invalid value for pot.restore-total-supply in ${appToml()}: "yes", expected true or false`);
    } finally {
      await writeFile(appToml(), original);
    }
  });

  it('applyPotNodeSettings installs the verifier and the switch, and its result puts the previous ones back', () => {
    const prevVerifier = setBlsVerifier(acceptingBlsVerifier);
    const prevRestore = setSupplyRestoration(false);
    try {
      const undo = applyPotNodeSettings({ blsVerifier: 'bls12-381', restoreTotalSupply: true });
      expect(blsVerifier()).toBe(bls12381Verifier);
      expect(setSupplyRestoration(true)).toBe(true);
      undo();
      expect(blsVerifier()).toBe(acceptingBlsVerifier);
      expect(setSupplyRestoration(false)).toBe(false);
    } finally {
      setBlsVerifier(prevVerifier);
      setSupplyRestoration(prevRestore);
    }
  });

  it('blsVerifierNamed knows the two names only', () => {
    expect(blsVerifierNamed('bls12-381')).toBe(bls12381Verifier);
    expect(blsVerifierNamed('accept-any')).toBe(acceptingBlsVerifier);
    expect(() => blsVerifierNamed('toString')).toThrow('unknown BLS verifier "toString": expected one of "bls12-381", "accept-any"');
  });
});
