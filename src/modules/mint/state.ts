/**
 * The mint slice (reference/sdk-modules.md §5): the minter (inflation and annual provisions, Decs
 * as raw bigint) and the params.
 */
import { DEFAULT_MINT_PARAMS, type MintParams } from './params.ts';

export interface Minter {
  /** Dec raw */
  readonly inflation: bigint;
  /** Dec raw */
  readonly annual_provisions: bigint;
}

export interface MintState {
  readonly minter: Minter;
  readonly params: MintParams;
}

/** Stratos's genesis minter: inflation 0 (the SDK default would be 0.13), provisions 0. */
export const DEFAULT_MINTER: Minter = Object.freeze({ inflation: 0n, annual_provisions: 0n });

export function emptyMintState(): MintState {
  return { minter: DEFAULT_MINTER, params: DEFAULT_MINT_PARAMS };
}
