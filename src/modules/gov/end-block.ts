/**
 * Gov's EndBlock (reference/sdk-modules.md §3.4, `x/gov/abci.go`): first the proposals whose
 * deposit period ended (deleted; deposits refunded or burned), then those whose voting period
 * ended (tally, deposits burned or refunded, the messages of a passed proposal executed in a
 * cache, votes deleted). Both queues are walked in (end time, id) order up to the block time.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { deleteAndBurnDeposits, refundAndDeleteDeposits } from './deposits.ts';
import { GovEvents } from './events.ts';
import { decodeMessageRecord, routeOf, runInCache, type MsgRouter } from './router.ts';
import { proposalKey, type ProposalRecord } from './state.ts';
import { tallyProposal } from './tally.ts';

/** Ids of a queue whose time is ≤ now, in (time, id) order. */
function due(queue: Readonly<Record<string, bigint>>, now: bigint): bigint[] {
  return Object.entries(queue)
    .filter(([, t]) => t <= now)
    .map(([id, t]) => [BigInt(id), t] as const)
    .sort((a, b) => (a[1] !== b[1] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([id]) => id);
}

/** Executes a passed proposal's messages in a cache; returns whether all succeeded. */
function execute(draft: Draft<AppState>, router: MsgRouter, proposal: ProposalRecord, ctx: Ctx): boolean {
  const msgs: { typeName: string; spec: NonNullable<ReturnType<MsgRouter>>; value: unknown }[] = [];
  for (const m of proposal.messages) {
    const spec = routeOf(router, m.type_name);
    if (!spec) return false;
    msgs.push({ typeName: m.type_name, spec, value: decodeMessageRecord(m) });
  }
  return runInCache(draft, msgs, ctx).ok;
}

export function govEndBlock(router: MsgRouter) {
  return (draft: Draft<AppState>, ctx: Ctx): void => {
    const now = ctx.block.timeNs;
    for (const id of due(draft.gov.inactive_queue, now)) {
      const key = proposalKey(id);
      delete draft.gov.proposals[key];
      delete draft.gov.inactive_queue[key];
      if (!draft.gov.params.burn_proposal_deposit_prevote) refundAndDeleteDeposits(draft, id, ctx);
      else deleteAndBurnDeposits(draft, id, ctx);
      ctx.emit(GovEvents.inactiveProposal(id, 'proposal_dropped'));
    }
    for (const id of due(draft.gov.active_queue, now)) {
      const key = proposalKey(id);
      const proposal = draft.gov.proposals[key] as ProposalRecord | undefined;
      if (!proposal) {
        delete draft.gov.active_queue[key];
        continue;
      }
      const { passes, burnDeposits, tally } = tallyProposal(draft as AppState, proposal);
      delete draft.gov.votes[key];
      if (burnDeposits) deleteAndBurnDeposits(draft, id, ctx);
      else refundAndDeleteDeposits(draft, id, ctx);
      let status: ProposalRecord['status'] = 'PROPOSAL_STATUS_REJECTED';
      let result: 'proposal_passed' | 'proposal_rejected' | 'proposal_failed' = 'proposal_rejected';
      if (passes) {
        const ok = execute(draft, router, proposal, ctx);
        status = ok ? 'PROPOSAL_STATUS_PASSED' : 'PROPOSAL_STATUS_FAILED';
        result = ok ? 'proposal_passed' : 'proposal_failed';
      }
      // re-read: an executed message may not touch the proposal, but take no chances with stale copies
      const latest = (draft.gov.proposals[key] as ProposalRecord | undefined) ?? proposal;
      draft.gov.proposals[key] = { ...latest, status, final_tally_result: tally } as Draft<ProposalRecord>;
      delete draft.gov.active_queue[key];
      ctx.emit(GovEvents.activeProposal(id, result));
    }
  };
}
