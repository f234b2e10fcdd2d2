/**
 * Mint BeginBlock, SDK v0.47 `x/mint/abci.go` (reference/sdk-modules.md §5, §8):
 * 1. bonded ratio = bonded pool balance / supply of the staking bond denom (0 with no supply);
 * 2. inflation += (1 − bondedRatio/goal_bonded) × inflation_rate_change / blocks_per_year, clamped
 *    to [inflation_min, inflation_max] (Dec Quo/Mul round half-even);
 * 3. annual provisions = inflation × supply of the bond denom (exact);
 * 4. the block provision TruncateInt(annual / blocks_per_year) of mint_denom is minted to `mint`
 *    (nothing minted, no mint events, when it is 0) and sent mint → fee_collector (a bank send, with
 *    its events even for an empty amount);
 * 5. event `mint{bonded_ratio, inflation, annual_provisions, amount}`.
 */
import type { Draft } from 'immer';
import { plainEvent } from '../../events/event.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { balanceOf, mintCoins, sendCoinsFromModuleToModule } from '../bank/state.ts';
import type { MintParams } from './params.ts';
import type { Minter } from './state.ts';

/** `BondedRatio` of staking: bonded tokens over the bond denom's supply, 0 when the supply is 0. */
export function bondedRatio(state: AppState): Dec {
  const denom = state.staking.params.bond_denom;
  const supply = state.bank.supply[denom] ?? 0n;
  if (supply <= 0n) return Dec.ZERO;
  return Dec.fromInt(balanceOf(state, moduleAccountAddress('bonded_tokens_pool'), denom)).quoInt(supply);
}

/** `Minter.NextInflationRate`. */
export function nextInflationRate(minter: Minter, params: MintParams, ratio: Dec): Dec {
  const perYear = Dec.ONE.sub(ratio.quo(Dec.fromRaw(params.goal_bonded))).mul(Dec.fromRaw(params.inflation_rate_change));
  const change = perYear.quo(Dec.fromInt(params.blocks_per_year));
  let inflation = Dec.fromRaw(minter.inflation).add(change);
  if (inflation.gt(Dec.fromRaw(params.inflation_max))) inflation = Dec.fromRaw(params.inflation_max);
  if (inflation.lt(Dec.fromRaw(params.inflation_min))) inflation = Dec.fromRaw(params.inflation_min);
  return inflation;
}

/** `Minter.BlockProvision`: TruncateInt(annual_provisions / blocks_per_year). */
export function blockProvision(minter: Minter, params: MintParams): bigint {
  return Dec.fromRaw(minter.annual_provisions).quoInt(params.blocks_per_year).truncateInt();
}

export function mintBeginBlock(draft: Draft<AppState>, ctx: Ctx): void {
  const state = draft as AppState;
  const params = state.mint.params;
  const supply = state.bank.supply[state.staking.params.bond_denom] ?? 0n;
  const ratio = bondedRatio(state);
  const inflation = nextInflationRate(state.mint.minter, params, ratio);
  const minter: Minter = { inflation: inflation.raw, annual_provisions: inflation.mulInt(supply).raw };
  draft.mint.minter = minter;

  const amount = blockProvision(minter, params);
  const coins = amount > 0n ? [{ denom: params.mint_denom, amount }] : [];
  if (coins.length > 0) mintCoins(draft, 'mint', coins, ctx);
  sendCoinsFromModuleToModule(draft, 'mint', 'fee_collector', coins, ctx);

  ctx.emit(
    plainEvent('mint', {
      bonded_ratio: ratio.toString(),
      inflation: inflation.toString(),
      annual_provisions: Dec.fromRaw(minter.annual_provisions).toString(),
      amount: amount.toString(),
    }),
  );
}
