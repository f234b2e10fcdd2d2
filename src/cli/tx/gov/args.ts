/**
 * Arguments of `chaind tx gov …` and `chaind query gov …`, read as SDK v0.47's x/gov CLI reads
 * them (client/cli/{tx,query,parse}.go, client/utils/utils.go; reference/sdk-modules.md §3.6):
 * proposal ids through `strconv.ParseUint` with the command's own error text, vote options and
 * proposal statuses through the `Normalize*` spellings, weighted options through
 * `WeightedVoteOptionsFromString` (weights as `LegacyNewDecFromStr`, printed with 18 decimals).
 */
import { Dec } from '../../../math/dec.ts';
import { goParseUint64 } from '../staking/args.ts';

export const GOV_V1 = 'sdk.gov.v1';
export const GOV_V1BETA1 = 'sdk.gov.v1beta1';

/** `VoteOption` names and numbers (gov v1). */
export const VOTE_OPTIONS: Readonly<Record<string, number>> = {
  VOTE_OPTION_UNSPECIFIED: 0,
  VOTE_OPTION_YES: 1,
  VOTE_OPTION_ABSTAIN: 2,
  VOTE_OPTION_NO: 3,
  VOTE_OPTION_NO_WITH_VETO: 4,
};

/** `ProposalStatus` names and numbers (gov v1). */
export const PROPOSAL_STATUSES: Readonly<Record<string, number>> = {
  PROPOSAL_STATUS_UNSPECIFIED: 0,
  PROPOSAL_STATUS_DEPOSIT_PERIOD: 1,
  PROPOSAL_STATUS_VOTING_PERIOD: 2,
  PROPOSAL_STATUS_PASSED: 3,
  PROPOSAL_STATUS_REJECTED: 4,
  PROPOSAL_STATUS_FAILED: 5,
};

/** Go `strconv.ParseUint(text, 10, 64)` (no sign allowed), or undefined. */
export function parseUint64(text: string): bigint | undefined {
  if (text.startsWith('+')) return undefined;
  const v = goParseUint64(text);
  return typeof v === 'string' ? undefined : v;
}

/**
 * A proposal id argument: `strconv.ParseUint(arg, 10, 64)`, failing with the command's text
 * (`proposal-id X not a valid uint, please input a valid proposal-id`; some commands say `int`).
 */
export function proposalIdArg(text: string, kind: 'uint' | 'int' = 'uint'): bigint {
  const id = parseUint64(text);
  if (id === undefined) throw new Error(`proposal-id ${text} not a valid ${kind}, please input a valid proposal-id`);
  return id;
}

/** govutils `NormalizeVoteOption`: the short spellings to the enum name; anything else unchanged. */
export function normalizeVoteOption(option: string): string {
  switch (option) {
    case 'Yes':
    case 'yes':
      return 'VOTE_OPTION_YES';
    case 'Abstain':
    case 'abstain':
      return 'VOTE_OPTION_ABSTAIN';
    case 'No':
    case 'no':
      return 'VOTE_OPTION_NO';
    case 'NoWithVeto':
    case 'no_with_veto':
      return 'VOTE_OPTION_NO_WITH_VETO';
    default:
      return option;
  }
}

/** v1 `VoteOptionFromString`: an enum name (UNSPECIFIED included), or `'x' is not a valid vote option`. */
export function voteOptionFromString(name: string): string {
  if (!Object.hasOwn(VOTE_OPTIONS, name)) throw new Error(`'${name}' is not a valid vote option`);
  return name;
}

/** The `[option]` argument of `tx gov vote`. */
export function voteOptionArg(text: string): string {
  return voteOptionFromString(normalizeVoteOption(text));
}

export interface WeightedVoteOption {
  option: string;
  weight: string;
}

/** govutils `NormalizeWeightedVoteOptions`: each option normalized, a missing `=w` becomes `=1`. */
export function normalizeWeightedVoteOptions(options: string): string {
  return options
    .split(',')
    .map((option) => {
      const fields = option.split('=');
      fields[0] = normalizeVoteOption(fields[0]);
      if (fields.length < 2) fields.push('1');
      return fields.join('=');
    })
    .join(',');
}

/** v1 `WeightedVoteOptionsFromString`: `option=weight,…`, each weight as an 18-decimal string. */
export function weightedVoteOptionsFromString(text: string): WeightedVoteOption[] {
  return text.split(',').map((entry) => {
    const fields = entry.split('=');
    const option = voteOptionFromString(fields[0]);
    if (fields.length < 2) throw new Error(`weight field does not exist for ${fields[0]} option`);
    return { option, weight: Dec.fromString(fields[1]).toString() };
  });
}

/** The `[weighted-options]` argument of `tx gov weighted-vote`. */
export function weightedVoteOptionsArg(text: string): WeightedVoteOption[] {
  return weightedVoteOptionsFromString(normalizeWeightedVoteOptions(text));
}

/** govutils `NormalizeProposalStatus`: the short spellings to the enum name; anything else unchanged. */
export function normalizeProposalStatus(status: string): string {
  switch (status) {
    case 'DepositPeriod':
    case 'deposit_period':
      return 'PROPOSAL_STATUS_DEPOSIT_PERIOD';
    case 'VotingPeriod':
    case 'voting_period':
      return 'PROPOSAL_STATUS_VOTING_PERIOD';
    case 'Passed':
    case 'passed':
      return 'PROPOSAL_STATUS_PASSED';
    case 'Rejected':
    case 'rejected':
      return 'PROPOSAL_STATUS_REJECTED';
    default:
      return status;
  }
}

/** The `--status` flag of `query gov proposals`: v1 `ProposalStatusFromString` of the normalized text. */
export function proposalStatusArg(text: string): string {
  const name = normalizeProposalStatus(text);
  if (!Object.hasOwn(PROPOSAL_STATUSES, name)) throw new Error(`'${name}' is not a valid proposal status`);
  return name;
}
