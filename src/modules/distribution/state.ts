/**
 * The distribution slice. PLACEHOLDER: the distribution work replaces this with the real state (reference/sdk-modules.md).
 */
export interface DistributionState {
  readonly params: Readonly<Record<string, unknown>>;
}

export function emptyDistributionState(): DistributionState {
  return { params: {} };
}
