/**
 * The evidence slice. PLACEHOLDER: the evidence work replaces this with the real state (reference/sdk-modules.md).
 */
export interface EvidenceState {
  readonly params: Readonly<Record<string, unknown>>;
}

export function emptyEvidenceState(): EvidenceState {
  return { params: {} };
}
