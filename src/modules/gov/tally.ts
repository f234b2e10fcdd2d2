/**
 * The tally of a proposal (reference/sdk-modules.md §3.4, `x/gov/keeper/tally.go`): voting power
 * by bonded stake, delegators overriding their validators, then quorum, veto and threshold.
 * Pure: it reads the state and says which votes it counted; EndBlock deletes them, the live-tally
 * query does not.
 */
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import { shardEntriesWithPrefix } from '../../state/sharded.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { balanceOf } from '../bank/state.ts';
import { BONDED_POOL } from '../staking/pools.ts';
import { BondStatus, consensusPower } from '../staking/state.ts';
import { govAddressKey, votesOf, type ProposalRecord, type TallyRecord, type VoteOption, type WeightedVoteOptionRecord } from './state.ts';

export interface TallyOutcome {
  readonly passes: boolean;
  readonly burnDeposits: boolean;
  readonly tally: TallyRecord;
}

interface ValidatorGovInfo {
  readonly bondedTokens: bigint;
  readonly delegatorShares: Dec;
  deductions: Dec;
  vote: readonly WeightedVoteOptionRecord[];
}

const COUNTED: readonly VoteOption[] = ['VOTE_OPTION_YES', 'VOTE_OPTION_ABSTAIN', 'VOTE_OPTION_NO', 'VOTE_OPTION_NO_WITH_VETO'];

/** `TotalBondedTokens`: the bonded pool's balance in the bond denom. */
export function totalBondedTokens(state: AppState): bigint {
  return balanceOf(state, moduleAccountAddress(BONDED_POOL), state.staking.params.bond_denom);
}

function addWeighted(results: Map<VoteOption, Dec>, power: Dec, options: readonly WeightedVoteOptionRecord[]): void {
  for (const o of options) {
    const weight = Dec.fromString(o.weight);
    results.set(o.option, (results.get(o.option) ?? Dec.ZERO).add(power.mul(weight)));
  }
}

/** `Keeper.Tally` of `proposal` in `state` (its votes are all counted). */
export function tallyProposal(state: AppState, proposal: ProposalRecord): TallyOutcome {
  const results = new Map<VoteOption, Dec>(COUNTED.map((o) => [o, Dec.ZERO]));
  let total = Dec.ZERO;
  const validators = new Map<string, ValidatorGovInfo>();
  // `IterateBondedValidatorsByPower`: the power index holds no jailed validator (a validator
  // jailed earlier in this block is still BONDED until staking's EndBlock, but not counted);
  // the first max_validators bonded ones by (power desc, operator bytes asc)
  const bondedSet = Object.entries(state.staking.validators)
    .filter(([, v]) => v.status === BondStatus.BONDED && !v.jailed)
    .map(([hex, v]) => [hex, v, consensusPower(v.tokens)] as const)
    .sort(([ha, , pa], [hb, , pb]) => (pa !== pb ? (pa > pb ? -1 : 1) : ha < hb ? -1 : ha > hb ? 1 : 0))
    .slice(0, state.staking.params.max_validators);
  for (const [hex, v] of bondedSet) {
    validators.set(hex, { bondedTokens: v.tokens, delegatorShares: Dec.fromRaw(v.delegator_shares), deductions: Dec.ZERO, vote: [] });
  }
  for (const vote of votesOf(state, proposal.id)) {
    const voterHex = govAddressKey(vote.voter);
    const own = validators.get(voterHex);
    if (own) own.vote = vote.options;
    // keys are delegator hex + validator hex
    for (const [key, delegation] of shardEntriesWithPrefix(state.staking.delegations, voterHex)) {
      const val = validators.get(key.slice(voterHex.length));
      if (!val || val.delegatorShares.isZero()) continue;
      const shares = Dec.fromRaw(delegation.shares);
      val.deductions = val.deductions.add(shares);
      const power = shares.mulInt(val.bondedTokens).quo(val.delegatorShares);
      addWeighted(results, power, vote.options);
      total = total.add(power);
    }
  }
  for (const val of validators.values()) {
    if (val.vote.length === 0 || val.delegatorShares.isZero()) continue;
    const power = val.delegatorShares.sub(val.deductions).mulInt(val.bondedTokens).quo(val.delegatorShares);
    addWeighted(results, power, val.vote);
    total = total.add(power);
  }
  const at = (o: VoteOption) => results.get(o)!;
  const tally: TallyRecord = {
    yes_count: at('VOTE_OPTION_YES').truncateInt().toString(),
    abstain_count: at('VOTE_OPTION_ABSTAIN').truncateInt().toString(),
    no_count: at('VOTE_OPTION_NO').truncateInt().toString(),
    no_with_veto_count: at('VOTE_OPTION_NO_WITH_VETO').truncateInt().toString(),
  };
  const params = state.gov.params;
  const bonded = totalBondedTokens(state);
  if (bonded === 0n) return { passes: false, burnDeposits: false, tally };
  if (total.quo(Dec.fromInt(bonded)).lt(Dec.fromString(params.quorum))) return { passes: false, burnDeposits: params.burn_vote_quorum, tally };
  const nonAbstain = total.sub(at('VOTE_OPTION_ABSTAIN'));
  if (nonAbstain.isZero()) return { passes: false, burnDeposits: false, tally };
  if (at('VOTE_OPTION_NO_WITH_VETO').quo(total).gt(Dec.fromString(params.veto_threshold))) return { passes: false, burnDeposits: params.burn_vote_veto, tally };
  if (at('VOTE_OPTION_YES').quo(nonAbstain).gt(Dec.fromString(params.threshold))) return { passes: true, burnDeposits: false, tally };
  return { passes: false, burnDeposits: false, tally };
}
