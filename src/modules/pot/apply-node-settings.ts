/**
 * Installs a node's pot settings (node-settings.ts) in the pot module: the volume-report verifier
 * (bls.ts) and the total-supply restoration (mature.ts).
 */
import { blsVerifierNamed, setBlsVerifier } from './bls.ts';
import { setSupplyRestoration } from './mature.ts';
import type { PotNodeSettings } from './node-settings.ts';

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
