/**
 * Votes (reference/sdk-modules.md §3.3 MsgVote / MsgVoteWeighted): option names, the weighted-option
 * checks of ValidateBasic and of the keeper, and `AddVote`.
 */
import type { Draft } from 'immer';
import { SdkErrors } from '../../errors.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { GovErrors } from './errors.ts';
import { GovEvents } from './events.ts';
import { assertMetadataLength } from './metadata.ts';
import { govAddressKey, proposalKey, VOTE_OPTIONS, type VoteOption, type WeightedVoteOptionRecord } from './state.ts';

/** A decoded enum value (number, or name when built by hand) as Go's `VoteOption.String()`. */
export function voteOptionText(option: unknown): string {
  if (typeof option === 'string') return option;
  const n = Number(option ?? 0);
  return VOTE_OPTIONS[n] ?? String(n);
}

/** `ValidVoteOption`: YES, ABSTAIN, NO or NO_WITH_VETO. */
export function validVoteOption(option: unknown): option is VoteOption {
  const t = voteOptionText(option);
  return t !== 'VOTE_OPTION_UNSPECIFIED' && (VOTE_OPTIONS as readonly string[]).includes(t);
}

/** `WeightedVoteOption.String()`: the proto compact text (`option:VOTE_OPTION_YES weight:"0.5"`). */
export function weightedOptionText(o: { option: unknown; weight: string }): string {
  const parts: string[] = [];
  const name = voteOptionText(o.option);
  if (name !== 'VOTE_OPTION_UNSPECIFIED') parts.push(`option:${name}`);
  if (o.weight !== '') parts.push(`weight:${JSON.stringify(o.weight)}`);
  return parts.join(' ');
}

/** `WeightedVoteOptions.String()`: one compact text per option, joined by newlines. */
export const weightedOptionsText = (options: readonly { option: unknown; weight: string }[]): string => options.map(weightedOptionText).join('\n');

function weightOf(text: string): Dec | undefined {
  try {
    return Dec.fromString(text);
  } catch {
    return undefined;
  }
}

/** `ValidWeightedVoteOption`: the weight parses and is in (0, 1], the option is valid. */
export function validWeightedVoteOption(o: { option: unknown; weight: string }): boolean {
  const w = weightOf(o.weight);
  if (w === undefined || !w.isPositive() || w.gt(Dec.ONE)) return false;
  return validVoteOption(o.option);
}

/** MsgVoteWeighted.ValidateBasic's checks of the options (v1 and v1beta1 alike), after the voter address. */
export function validateWeightedOptions(options: readonly { option: unknown; weight: string }[]): void {
  if (options.length === 0) throw SdkErrors.InvalidRequest.wrap(weightedOptionsText(options));
  let total = Dec.ZERO;
  const used = new Set<string>();
  for (const o of options) {
    if (!validWeightedVoteOption(o)) throw GovErrors.InvalidVote.wrap(weightedOptionText(o));
    total = total.add(Dec.fromString(o.weight));
    const name = voteOptionText(o.option);
    if (used.has(name)) throw GovErrors.InvalidVote.wrap('Duplicated vote option');
    used.add(name);
  }
  if (total.gt(Dec.ONE)) throw GovErrors.InvalidVote.wrap('Total weight overflow 1.00');
  if (total.lt(Dec.ONE)) throw GovErrors.InvalidVote.wrap('Total weight lower than 1.00');
}

/**
 * `AddVote`: the proposal must be in its voting period (gov 3, also for an unknown id), metadata
 * ≤ 255 bytes, each option valid; the vote replaces the voter's earlier one. Weights are stored
 * as given (§1.2).
 */
export function addVote(draft: Draft<AppState>, proposalId: bigint, voter: string, options: readonly WeightedVoteOptionRecord[], metadata: string, ctx: Ctx): void {
  const key = proposalKey(proposalId);
  const proposal = draft.gov.proposals[key];
  if (!proposal || proposal.status !== 'PROPOSAL_STATUS_VOTING_PERIOD') throw GovErrors.InactiveProposal.wrap(proposalId.toString());
  assertMetadataLength(metadata);
  for (const o of options) if (!validWeightedVoteOption(o)) throw GovErrors.InvalidVote.wrap(weightedOptionText(o));
  const byAddr = (draft.gov.votes[key] ??= {});
  byAddr[govAddressKey(voter)] = { voter, options: options.map((o) => ({ option: o.option, weight: o.weight })), metadata } as Draft<(typeof byAddr)[string]>;
  ctx.emit(GovEvents.proposalVote(voter, weightedOptionsText(options), proposalId));
}
