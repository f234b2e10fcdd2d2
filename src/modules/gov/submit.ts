/**
 * Submitting a proposal (reference/sdk-modules.md §3.3, the v1 msg server and keeper
 * `SubmitProposal`), shared by the v1 and the legacy v1beta1 messages.
 */
import type { Draft } from 'immer';
import { createCodec, type Any } from '../../codec/registry.ts';
import { coinsIsAllGte, formatCoins, type Coins } from '../../math/coins.ts';
import { Dec } from '../../math/dec.ts';
import { NEUTRAL } from '../../naming.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { addDeposit } from './deposits.ts';
import { GovErrors } from './errors.ts';
import { GovEvents } from './events.ts';
import { assertMetadataLength } from './metadata.ts';
import { proposalToProto } from './proposal-proto.ts';
import { decodeAny, messageRecord, routeOf, runInCache, type MsgRouter } from './router.ts';
import { EMPTY_TALLY, proposalKey, type ProposalMessageRecord, type ProposalRecord } from './state.ts';

/** `KVGasConfig().WriteCostPerByte`. */
const WRITE_COST_PER_BYTE = 30;

export interface SubmitInput {
  readonly messages: readonly Any[];
  readonly initialDeposit: Coins;
  readonly proposer: string;
  readonly metadata: string;
  readonly title: string;
  readonly summary: string;
}

/** `validateInitialDeposit`: with a ratio > 0, the deposit must reach round(min_deposit × ratio) in every denom (gov 16). */
function validateInitialDeposit(draft: Draft<AppState>, deposit: Coins): void {
  const params = draft.gov.params;
  const ratio = Dec.fromString(params.min_initial_deposit_ratio);
  if (ratio.isZero()) return;
  const need = params.min_deposit.map((c) => ({ denom: c.denom, amount: Dec.fromInt(c.amount).mul(ratio).roundInt() }));
  if (!coinsIsAllGte(deposit, need)) throw GovErrors.MinDepositTooSmall.wrap(`was (${formatCoins(deposit)}), need (${formatCoins(need)})`);
}

/**
 * The keeper's checks of the messages: ValidateBasic (gov 12), one signer and it is the gov
 * account (gov 13), a route (gov 10); a MsgExecLegacyContent is dry-run in a cache (gov 5, or its
 * own gov 9).
 */
function checkMessages(draft: Draft<AppState>, router: MsgRouter, messages: readonly Any[], ctx: Ctx): ProposalMessageRecord[] {
  const gov = moduleAccountAddress('gov');
  return messages.map((any) => {
    const { typeName, value } = decodeAny(any);
    const spec = router(typeName);
    try {
      spec?.validateBasic?.(value);
    } catch (e) {
      throw GovErrors.InvalidProposalMsg.wrap((e as Error).message);
    }
    const signers = spec ? spec.signers(value) : [];
    if (spec && signers.length !== 1) throw GovErrors.InvalidSigner.error();
    if (spec && signers[0] !== gov) throw GovErrors.InvalidSigner.wrap(signers[0]!);
    const routed = routeOf(router, typeName);
    if (!routed) throw GovErrors.UnroutableProposalMsg.wrap(any.type_url);
    if (typeName === 'sdk.gov.v1.MsgExecLegacyContent') {
      const outcome = runInCache(draft, [{ typeName, spec: routed, value }], { ...ctx, emit: () => {} }, false);
      if (!outcome.ok) {
        if (GovErrors.NoProposalHandlerExists.is(outcome.error)) throw outcome.error;
        throw GovErrors.InvalidProposalContent.wrap((outcome.error as Error).message);
      }
    }
    return messageRecord(typeName, any.value);
  });
}

/** The v1 `SubmitProposal` handler after ValidateBasic; returns the new proposal's id. */
export function submitProposal(draft: Draft<AppState>, router: MsgRouter, input: SubmitInput, ctx: Ctx): bigint {
  validateInitialDeposit(draft, input.initialDeposit);
  assertMetadataLength(input.metadata);
  assertMetadataLength(input.summary);
  assertMetadataLength(input.title);
  const messages = checkMessages(draft, router, input.messages, ctx);
  const id = draft.gov.next_proposal_id;
  const now = ctx.block.timeNs;
  const proposal: ProposalRecord = {
    id,
    messages,
    status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD',
    final_tally_result: EMPTY_TALLY,
    submit_time: now,
    deposit_end_time: now + draft.gov.params.max_deposit_period,
    total_deposit: [],
    voting_start_time: null,
    voting_end_time: null,
    metadata: input.metadata,
    title: input.title,
    summary: input.summary,
    proposer: input.proposer,
  };
  const key = proposalKey(id);
  draft.gov.proposals[key] = proposal as Draft<ProposalRecord>;
  draft.gov.inactive_queue[key] = proposal.deposit_end_time;
  draft.gov.next_proposal_id = id + 1n;
  ctx.emit(GovEvents.submitProposal(id, input.messages.map((m) => m.type_url)));
  // the proposal's bytes as the SDK marshals them, with the messages' type URLs as submitted
  const codec = createCodec(NEUTRAL);
  const bytes = codec.encode('sdk.gov.v1.Proposal', proposalToProto(codec, proposal, [...input.messages]));
  ctx.gas.consume(3 * WRITE_COST_PER_BYTE * bytes.length, 'submit proposal');
  const activated = addDeposit(draft, id, input.proposer, input.initialDeposit, ctx);
  if (activated) ctx.emit(GovEvents.submitVotingPeriodStart(id));
  return id;
}
