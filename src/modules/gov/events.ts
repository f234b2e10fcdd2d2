/**
 * Gov's untyped SDK events (reference/sdk-modules.md §3.5), with the attribute names and order
 * of `x/gov/types/events.go`.
 */
import { plainEvent, type PlainEvent } from '../../events/event.ts';

export const GovEvents = {
  /** `proposal_messages` is the type URLs each preceded by a comma (the SDK's leading comma). */
  submitProposal: (proposalId: bigint, messageUrls: readonly string[]): PlainEvent =>
    plainEvent('submit_proposal', { proposal_id: proposalId.toString(), proposal_messages: messageUrls.map((u) => `,${u}`).join('') }),
  submitVotingPeriodStart: (proposalId: bigint): PlainEvent => plainEvent('submit_proposal', { voting_period_start: proposalId.toString() }),
  proposalDeposit: (amount: string, proposalId: bigint): PlainEvent => plainEvent('proposal_deposit', { amount, proposal_id: proposalId.toString() }),
  depositVotingPeriodStart: (proposalId: bigint): PlainEvent => plainEvent('proposal_deposit', { voting_period_start: proposalId.toString() }),
  proposalVote: (voter: string, option: string, proposalId: bigint): PlainEvent => plainEvent('proposal_vote', { voter, option, proposal_id: proposalId.toString() }),
  inactiveProposal: (proposalId: bigint, result: 'proposal_dropped'): PlainEvent => plainEvent('inactive_proposal', { proposal_id: proposalId.toString(), proposal_result: result }),
  activeProposal: (proposalId: bigint, result: 'proposal_passed' | 'proposal_rejected' | 'proposal_failed'): PlainEvent =>
    plainEvent('active_proposal', { proposal_id: proposalId.toString(), proposal_result: result }),
} as const;
