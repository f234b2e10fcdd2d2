/**
 * Distribution BeginBlock (reference/sdk-modules.md §4.2 AllocateTokens, §8): from height 2, the
 * whole `fee_collector` balance goes to the `distribution` account and is shared among the last
 * commit's validators by power (signed or not), after the community tax; commission first, dust and
 * the tax to the community pool. Cost grows with the votes, never with delegators.
 *
 * Departures (docs/distribution.md, docs/quirks.md): with no `lastCommit` (no consensus modelled)
 * nothing runs; when the commit has votes but none of them is a staking validator (a chain whose
 * consensus set is the genesis file's static validators) nothing moves and the fees stay in
 * `fee_collector`; a vote of an unknown validator among staking ones gets no share (the SDK would
 * panic), its part going to the community pool with the dust.
 */
import type { Draft } from 'immer';
import { plainEvent } from '../../events/event.ts';
import { Dec } from '../../math/dec.ts';
import { decCoinsAdd, decCoinsFromCoins, decCoinsMulDec, decCoinsMulDecTruncate, decCoinsSub, formatDecCoins, type DecCoins } from '../../math/dec-coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { balancesOf, sendCoinsFromModuleToModule } from '../bank/state.ts';
import type { ValidatorRecord } from '../staking/state.ts';
import { addToCommunityPool } from './community-pool.ts';
import { getCommission, getCurrentRewards, getOutstanding, setCommission, setCurrentRewards, setOutstanding, valHexOf } from './state.ts';

/** `AllocateTokensToValidator`: commission (Mul, half-even) and the shared rest; events `commission` then `rewards`. */
export function allocateTokensToValidator(draft: Draft<AppState>, validator: ValidatorRecord, tokens: DecCoins, ctx: Ctx, valHex = valHexOf(validator.operator_address)): void {
  const state = draft as AppState;
  const commission = decCoinsMulDec(tokens, Dec.fromRaw(validator.commission.rate));
  const shared = decCoinsSub(tokens, commission);
  ctx.emit(plainEvent('commission', { amount: formatDecCoins(commission), validator: validator.operator_address }));
  setCommission(draft, valHex, decCoinsAdd(getCommission(state, valHex), commission));
  const current = getCurrentRewards(state, valHex);
  setCurrentRewards(draft, valHex, decCoinsAdd(current.rewards, shared), current.period);
  ctx.emit(plainEvent('rewards', { amount: formatDecCoins(tokens), validator: validator.operator_address }));
  setOutstanding(draft, valHex, decCoinsAdd(getOutstanding(state, valHex), tokens));
}

/** Distribution BeginBlock: AllocateTokens (height > 1), then the proposer is recorded. */
export function distributionBeginBlock(draft: Draft<AppState>, ctx: Ctx): void {
  const votes = ctx.block.lastCommit;
  if (votes !== undefined && ctx.block.height > 1n) allocateTokens(draft, votes, ctx);
  draft.distribution.previous_proposer = ctx.block.proposer.toUpperCase();
}

function allocateTokens(draft: Draft<AppState>, votes: NonNullable<Ctx['block']['lastCommit']>, ctx: Ctx): void {
  const state = draft as AppState;
  const opHexes = votes.map((v) => state.staking.validator_by_cons[v.address.toUpperCase()]);
  const validators = opHexes.map((hex) => (hex === undefined ? undefined : state.staking.validators[hex]));
  if (votes.length > 0 && validators.every((v) => v === undefined)) return;
  const totalPreviousPower = votes.reduce((sum, v) => sum + v.power, 0n);
  const feesInt = balancesOf(state, moduleAccountAddress('fee_collector'));
  const fees = decCoinsFromCoins(feesInt);
  sendCoinsFromModuleToModule(draft, 'fee_collector', 'distribution', feesInt, ctx);
  if (totalPreviousPower === 0n) {
    addToCommunityPool(draft, fees);
    return;
  }
  let remaining = fees;
  const feeMultiplier = decCoinsMulDecTruncate(fees, Dec.ONE.sub(Dec.fromRaw(state.distribution.params.community_tax)));
  const total = Dec.fromInt(totalPreviousPower);
  votes.forEach((vote, i) => {
    const validator = validators[i];
    if (validator === undefined) return;
    const powerFraction = Dec.fromInt(vote.power).quoTruncate(total);
    const reward = decCoinsMulDecTruncate(feeMultiplier, powerFraction);
    allocateTokensToValidator(draft, validator, reward, ctx, opHexes[i]);
    remaining = decCoinsSub(remaining, reward);
  });
  addToCommunityPool(draft, remaining);
}
