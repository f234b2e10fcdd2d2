/**
 * The legacy Msg service `sdk.gov.v1beta1.Msg` (reference/sdk-modules.md §3.3): its own
 * ValidateBasic checks, then the v1 handlers. A legacy proposal becomes one
 * MsgExecLegacyContent{content, authority: gov} with title = content.title, summary =
 * content.description and empty metadata.
 */
import { createCodec, type Any } from '../../codec/registry.ts';
import { SdkErrors } from '../../errors.ts';
import type { ProtoCoin } from '../../math/coins.ts';
import { goTrimSpace } from '../../math/coin-parse.ts';
import { NEUTRAL, REAL } from '../../naming.ts';
import type { MsgSpec } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { addDeposit } from './deposits.ts';
import { GovErrors } from './errors.ts';
import { GovEvents } from './events.ts';
import { coinsOfMsg, requireDepositCoins, requireVoteOption, type ProtoWeightedVoteOption } from './msgs.ts';
import { decodeAny, type MsgRouter } from './router.ts';
import type { VoteOption } from './state.ts';
import { submitProposal } from './submit.ts';
import { addVote, validateWeightedOptions, voteOptionText } from './votes.ts';

const P = 'sdk.gov.v1beta1';

export interface LegacyMsgSubmitProposal {
  readonly content: Any | null;
  readonly initial_deposit: readonly ProtoCoin[];
  readonly proposer: string;
}
export interface LegacyMsgDeposit {
  readonly proposal_id: bigint;
  readonly depositor: string;
  readonly amount: readonly ProtoCoin[];
}
export interface LegacyMsgVote {
  readonly proposal_id: bigint;
  readonly voter: string;
  readonly option: number | string;
}
export interface LegacyMsgVoteWeighted {
  readonly proposal_id: bigint;
  readonly voter: string;
  readonly options: readonly ProtoWeightedVoteOption[];
}

const MAX_TITLE_LENGTH = 140;
const MAX_DESCRIPTION_LENGTH = 10000;

interface TextContent {
  readonly title: string;
  readonly description: string;
}

/** The legacy Content of a proposal: only TextProposal is registered (ProposalContent interface). */
function textContent(content: Any | null): TextContent {
  if (!content) throw GovErrors.InvalidProposalContent.wrap('missing content');
  const { typeName, value } = decodeAny(content);
  if (typeName !== 'sdk.gov.v1beta1.TextProposal') throw GovErrors.InvalidProposalType.wrap(typeName);
  return { title: String(value.title ?? ''), description: String(value.description ?? '') };
}

/** `ValidateAbstract` of a legacy Content: lengths in bytes (Go `len`), blank as `strings.TrimSpace` sees it. */
function validateContent(c: TextContent): void {
  if (goTrimSpace(c.title) === '') throw GovErrors.InvalidProposalContent.wrap('proposal title cannot be blank');
  if (Buffer.byteLength(c.title, 'utf8') > MAX_TITLE_LENGTH) throw GovErrors.InvalidProposalContent.wrap(`proposal title is longer than max length of ${MAX_TITLE_LENGTH}`);
  if (c.description === '') throw GovErrors.InvalidProposalContent.wrap('proposal description cannot be blank');
  if (Buffer.byteLength(c.description, 'utf8') > MAX_DESCRIPTION_LENGTH) throw GovErrors.InvalidProposalContent.wrap(`proposal description is longer than max length of ${MAX_DESCRIPTION_LENGTH}`);
}

/** v1beta1 checks an address only for emptiness (`ErrInvalidAddress.Wrap(addr)`). */
function requireNonEmpty(address: string): void {
  if (address === '') throw SdkErrors.InvalidAddress.wrap(address);
}

/** MsgExecLegacyContent{content, authority: gov} packed in the same naming words as the content's URL. */
function execLegacyContentAny(content: Any): Any {
  const codec = createCodec(NEUTRAL).typeNameOfUrl(content.type_url) !== null ? createCodec(NEUTRAL) : createCodec(REAL);
  return codec.packAny('sdk.gov.v1.MsgExecLegacyContent', { content, authority: moduleAccountAddress('gov') });
}

export function legacyGovMsgs(router: MsgRouter): MsgSpec[] {
  const submit: MsgSpec<LegacyMsgSubmitProposal> = {
    typeName: `${P}.MsgSubmitProposal`,
    responseType: `${P}.MsgSubmitProposalResponse`,
    signers: (msg) => [msg.proposer],
    validateBasic(msg) {
      requireNonEmpty(msg.proposer);
      requireDepositCoins(coinsOfMsg(msg.initial_deposit));
      validateContent(textContent(msg.content));
    },
    handle(draft, msg, ctx) {
      const content = textContent(msg.content);
      const id = submitProposal(
        draft,
        router,
        { messages: [execLegacyContentAny(msg.content!)], initialDeposit: coinsOfMsg(msg.initial_deposit), proposer: msg.proposer, metadata: '', title: content.title, summary: content.description },
        ctx,
      );
      return { proposal_id: id };
    },
  };

  const deposit: MsgSpec<LegacyMsgDeposit> = {
    typeName: `${P}.MsgDeposit`,
    responseType: `${P}.MsgDepositResponse`,
    signers: (msg) => [msg.depositor],
    validateBasic(msg) {
      requireNonEmpty(msg.depositor);
      requireDepositCoins(coinsOfMsg(msg.amount));
    },
    handle(draft, msg, ctx) {
      if (addDeposit(draft, BigInt(msg.proposal_id), msg.depositor, coinsOfMsg(msg.amount), ctx)) ctx.emit(GovEvents.depositVotingPeriodStart(BigInt(msg.proposal_id)));
      return {};
    },
  };

  const vote: MsgSpec<LegacyMsgVote> = {
    typeName: `${P}.MsgVote`,
    responseType: `${P}.MsgVoteResponse`,
    signers: (msg) => [msg.voter],
    validateBasic(msg) {
      requireNonEmpty(msg.voter);
      requireVoteOption(msg.option);
    },
    handle(draft, msg, ctx) {
      addVote(draft, BigInt(msg.proposal_id), msg.voter, [{ option: voteOptionText(msg.option) as VoteOption, weight: '1.000000000000000000' }], '', ctx);
      return {};
    },
  };

  const voteWeighted: MsgSpec<LegacyMsgVoteWeighted> = {
    typeName: `${P}.MsgVoteWeighted`,
    responseType: `${P}.MsgVoteWeightedResponse`,
    signers: (msg) => [msg.voter],
    validateBasic(msg) {
      requireNonEmpty(msg.voter);
      validateWeightedOptions(msg.options);
    },
    handle(draft, msg, ctx) {
      // the decoded v1beta1 weight is the Dec's 18-place text, which the v1 form carries
      const options = msg.options.map((o) => ({ option: voteOptionText(o.option) as VoteOption, weight: o.weight }));
      addVote(draft, BigInt(msg.proposal_id), msg.voter, options, '', ctx);
      return {};
    },
  };

  return [submit, vote, voteWeighted, deposit];
}
