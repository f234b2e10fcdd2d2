/**
 * A stored proposal as the decoded proto `sdk.gov.v1.Proposal` (Timestamps as {seconds, nanos},
 * voting times null in deposit period, messages as Any in the codec's words). The submit handler
 * measures its bytes for gas; queries can serve it as is.
 */
import type { Codec } from '../../codec/registry.ts';
import { coinsToProto } from '../../math/coins.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import { messageAny } from './router.ts';
import { PROPOSAL_STATUSES, type ProposalRecord } from './state.ts';

export function proposalToProto(codec: Codec, p: ProposalRecord, messages = p.messages.map((m) => messageAny(codec, m))) {
  return {
    id: p.id,
    messages,
    status: PROPOSAL_STATUSES.indexOf(p.status),
    final_tally_result: { ...p.final_tally_result },
    submit_time: timeNsToTimestamp(p.submit_time),
    deposit_end_time: timeNsToTimestamp(p.deposit_end_time),
    total_deposit: coinsToProto(p.total_deposit),
    voting_start_time: p.voting_start_time === null ? null : timeNsToTimestamp(p.voting_start_time),
    voting_end_time: p.voting_end_time === null ? null : timeNsToTimestamp(p.voting_end_time),
    metadata: p.metadata,
    title: p.title,
    summary: p.summary,
    proposer: p.proposer,
  };
}
