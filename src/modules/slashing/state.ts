/**
 * The slashing slice. PLACEHOLDER: the slashing work replaces this with the real state (reference/sdk-modules.md).
 */
export interface SlashingState {
  readonly params: Readonly<Record<string, unknown>>;
}

export function emptySlashingState(): SlashingState {
  return { params: {} };
}
