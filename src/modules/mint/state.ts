/**
 * The mint slice. PLACEHOLDER: the mint work replaces this with the real state (reference/sdk-modules.md).
 */
export interface MintState {
  readonly params: Readonly<Record<string, unknown>>;
}

export function emptyMintState(): MintState {
  return { params: {} };
}
