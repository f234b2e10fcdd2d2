/**
 * Mint genesis in its SDK JSON shape (`app_state.mint`: `{minter, params}`, Decs as 18-place text).
 * InitGenesis also creates the `mint` module account, as the SDK's does.
 */
import type { Draft } from 'immer';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { ensureModuleAccount } from '../auth/state.ts';
import { DEFAULT_MINT_PARAMS, mintParamsFromProto, mintParamsToJson, validateMintParams } from './params.ts';
import { DEFAULT_MINTER, type Minter } from './state.ts';

export interface MintGenesis {
  readonly minter: { readonly inflation: string; readonly annual_provisions: string };
  readonly params: Record<string, unknown>;
}

const decText = (raw: bigint) => Dec.fromRaw(raw).toString();

export function defaultMintGenesis(): MintGenesis {
  return {
    minter: { inflation: decText(DEFAULT_MINTER.inflation), annual_provisions: decText(DEFAULT_MINTER.annual_provisions) },
    params: mintParamsToJson(DEFAULT_MINT_PARAMS),
  };
}

function minterFrom(g: MintGenesis): Minter {
  const at = (v: unknown, field: string) => {
    try {
      return Dec.fromString(v === undefined || v === null || v === '' ? '0' : String(v)).raw;
    } catch (e) {
      throw new Error(`mint genesis: minter.${field}: ${(e as Error).message}`);
    }
  };
  return { inflation: at(g.minter?.inflation, 'inflation'), annual_provisions: at(g.minter?.annual_provisions, 'annual_provisions') };
}

/** `ValidateGenesis`: params valid, minter inflation not negative (SDK texts). */
export function validateMintGenesis(g: MintGenesis): void {
  validateMintParams(mintParamsFromProto(g.params));
  const m = minterFrom(g);
  if (m.inflation < 0n) throw new Error(`mint parameter Inflation should be positive, is ${decText(m.inflation)}`);
}

export function initMintGenesis(draft: Draft<AppState>, g: MintGenesis, ctx: Ctx): void {
  draft.mint.minter = minterFrom(g);
  draft.mint.params = mintParamsFromProto(g.params);
  ensureModuleAccount(draft, 'mint', ctx);
}

export function exportMintGenesis(state: AppState): MintGenesis {
  const m = state.mint.minter;
  return {
    minter: { inflation: decText(m.inflation), annual_provisions: decText(m.annual_provisions) },
    params: mintParamsToJson(state.mint.params),
  };
}
