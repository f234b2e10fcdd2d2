/**
 * The pot settings of a node, from app.toml's `[pot]` table (docs/pot.md):
 * - `bls-verifier`: how volume-report BLS signatures are checked, `"bls12-381"` (default) or
 *   `"accept-any"` (bls.ts);
 * - `restore-total-supply`: whether pot EndBlock runs `RestoreTotalSupply` at heights ≡ 1
 *   (mod 10000), block 1 included, as the real chain does (default true; mature.ts).
 * Both change which blocks and app hashes a chain produces, so every node of a network must use
 * the same values, and a chain must keep them across restarts (docs/quirks.md).
 */
// No import of the verifiers or the pot module here: every CLI command reads app.toml's defaults
// (node/app-toml.ts), and the BLS12-381 curve alone costs a command about 40 ms to load.
// `applyPotNodeSettings` (apply-node-settings.ts) installs the settings in the module.

/** The names app.toml's `[pot] bls-verifier` accepts (bls.ts maps each to its verifier). */
export const BLS_VERIFIER_NAMES = ['bls12-381', 'accept-any'] as const;
export type BlsVerifierName = (typeof BLS_VERIFIER_NAMES)[number];

/** The node's default verifier name. */
export const DEFAULT_BLS_VERIFIER: BlsVerifierName = 'bls12-381';

export interface PotNodeSettings {
  readonly blsVerifier: BlsVerifierName;
  readonly restoreTotalSupply: boolean;
}

export const DEFAULT_POT_NODE_SETTINGS: PotNodeSettings = Object.freeze({ blsVerifier: DEFAULT_BLS_VERIFIER, restoreTotalSupply: true });

/**
 * Reads and checks the `[pot]` values; `value(key)` gives the merged app.toml value of
 * `pot.<key>` (undefined when absent), `file` names app.toml in errors.
 */
export function potNodeSettings(value: (key: string) => unknown, file: string): PotNodeSettings {
  const verifier = value('bls-verifier') ?? DEFAULT_POT_NODE_SETTINGS.blsVerifier;
  if (!isBlsVerifierName(verifier)) {
    throw new Error(`invalid value for pot.bls-verifier in ${file}: ${JSON.stringify(verifier)}, expected one of ${BLS_VERIFIER_NAMES.map((n) => JSON.stringify(n)).join(', ')}`);
  }
  const restore = value('restore-total-supply') ?? DEFAULT_POT_NODE_SETTINGS.restoreTotalSupply;
  if (typeof restore !== 'boolean') throw new Error(`invalid value for pot.restore-total-supply in ${file}: ${JSON.stringify(restore)}, expected true or false`);
  return { blsVerifier: verifier, restoreTotalSupply: restore };
}

/** Whether `name` is one of `BLS_VERIFIER_NAMES`. */
export function isBlsVerifierName(name: unknown): name is BlsVerifierName {
  return (BLS_VERIFIER_NAMES as readonly unknown[]).includes(name);
}
