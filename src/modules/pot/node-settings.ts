/**
 * The pot settings of a node, from app.toml's `[pot]` table (docs/pot.md):
 * - `bls-verifier`: how volume-report BLS signatures are checked, `"bls12-381"` (default) or
 *   `"accept-any"` (bls.ts);
 * - `restore-total-supply`: whether pot EndBlock runs `RestoreTotalSupply` at heights ≡ 1
 *   (mod 10000), block 1 included, as the real chain does (default true; mature.ts).
 * Both change which blocks and app hashes a chain produces, so every node of a network must use
 * the same values, and a chain must keep them across restarts (docs/quirks.md).
 */
import { BLS_VERIFIERS, blsVerifierNamed, DEFAULT_BLS_VERIFIER, setBlsVerifier } from './bls.ts';
import { setSupplyRestoration } from './mature.ts';

export interface PotNodeSettings {
  /** a key of `BLS_VERIFIERS` */
  readonly blsVerifier: string;
  readonly restoreTotalSupply: boolean;
}

export const DEFAULT_POT_NODE_SETTINGS: PotNodeSettings = Object.freeze({ blsVerifier: DEFAULT_BLS_VERIFIER, restoreTotalSupply: true });

/**
 * Reads and checks the `[pot]` values; `value(key)` gives the merged app.toml value of
 * `pot.<key>` (undefined when absent), `file` names app.toml in errors.
 */
export function potNodeSettings(value: (key: string) => unknown, file: string): PotNodeSettings {
  const verifier = value('bls-verifier') ?? DEFAULT_POT_NODE_SETTINGS.blsVerifier;
  if (typeof verifier !== 'string' || !Object.hasOwn(BLS_VERIFIERS, verifier)) {
    throw new Error(`invalid value for pot.bls-verifier in ${file}: ${JSON.stringify(verifier)}, expected one of ${Object.keys(BLS_VERIFIERS).map((n) => JSON.stringify(n)).join(', ')}`);
  }
  const restore = value('restore-total-supply') ?? DEFAULT_POT_NODE_SETTINGS.restoreTotalSupply;
  if (typeof restore !== 'boolean') throw new Error(`invalid value for pot.restore-total-supply in ${file}: ${JSON.stringify(restore)}, expected true or false`);
  return { blsVerifier: verifier, restoreTotalSupply: restore };
}

/**
 * Installs the settings in the pot module (process-wide: one node per process) and returns the
 * function that puts the previous ones back.
 */
export function applyPotNodeSettings(s: PotNodeSettings): () => void {
  const prevVerifier = setBlsVerifier(blsVerifierNamed(s.blsVerifier));
  const prevRestore = setSupplyRestoration(s.restoreTotalSupply);
  return () => {
    setBlsVerifier(prevVerifier);
    setSupplyRestoration(prevRestore);
  };
}
