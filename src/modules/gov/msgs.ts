/**
 * The v1 Msg service `sdk.gov.v1.Msg` (reference/sdk-modules.md §3.3): SubmitProposal, Deposit,
 * Vote, VoteWeighted, ExecLegacyContent and UpdateParams.
 */
import type { Any } from '../../codec/registry.ts';
import { Hrp } from '../../crypto/address.ts';
import { ChainError, SdkErrors, UNDEFINED_CODESPACE } from '../../errors.ts';
import { coinsFromProto, formatCoins, newCoins, type Coins, type ProtoCoin } from '../../math/coins.ts';
import type { MsgSpec } from '../../state/module.ts';
import { addressProblem } from '../register/validate.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { updateParamsMsg } from '../update-params-msg.ts';
import { addDeposit } from './deposits.ts';
import { GovErrors } from './errors.ts';
import { GovEvents } from './events.ts';
import { govParamsFromProto, validateGovParams, type ProtoGovParams } from './params.ts';
import { decodeAny, type MsgRouter } from './router.ts';
import { submitProposal } from './submit.ts';
import { addVote, validateWeightedOptions, validVoteOption, voteOptionText } from './votes.ts';
import type { VoteOption } from './state.ts';

const P = 'sdk.gov.v1';

export interface MsgSubmitProposal {
  readonly messages: readonly Any[];
  readonly initial_deposit: readonly ProtoCoin[];
  readonly proposer: string;
  readonly metadata: string;
  readonly title: string;
  readonly summary: string;
}
export interface MsgDeposit {
  readonly proposal_id: bigint;
  readonly depositor: string;
  readonly amount: readonly ProtoCoin[];
}
export interface MsgVote {
  readonly proposal_id: bigint;
  readonly voter: string;
  readonly option: number | string;
  readonly metadata: string;
}
export interface ProtoWeightedVoteOption {
  readonly option: number | string;
  readonly weight: string;
}
export interface MsgVoteWeighted {
  readonly proposal_id: bigint;
  readonly voter: string;
  readonly options: readonly ProtoWeightedVoteOption[];
  readonly metadata: string;
}
export interface MsgExecLegacyContent {
  readonly content: Any | null;
  readonly authority: string;
}

/** `ErrInvalidAddress.Wrapf("invalid <what> address: %s", err)` unless an `st1…` address. */
export function requireAccAddress(text: string, what: string): void {
  const why = addressProblem(text, Hrp.account);
  if (why !== undefined) throw SdkErrors.InvalidAddress.wrap(`invalid ${what} address: ${why}`);
}

/** Coins of a message; an unparsable amount fails as the decoder would (sdk 2). */
export function coinsOfMsg(list: readonly ProtoCoin[] | undefined): Coins {
  try {
    return coinsFromProto(list ?? []);
  } catch (e) {
    throw SdkErrors.TxDecode.wrap((e as Error).message);
  }
}

/** `sdk.NewCoins(coins)` then `IsValid` / `IsAnyNegative` → `ErrInvalidCoins.Wrap(coins.String())`. */
export function requireDepositCoins(coins: Coins): void {
  try {
    newCoins(coins.filter((c) => c.amount >= 0n));
  } catch {
    throw SdkErrors.InvalidCoins.wrap(formatCoins(coins));
  }
  if (coins.some((c) => c.amount < 0n)) throw SdkErrors.InvalidCoins.wrap(formatCoins(coins));
}

/** `ValidVoteOption(option)`, else `ErrInvalidVote.Wrap(option.String())`. */
export function requireVoteOption(option: unknown): void {
  if (!validVoteOption(option)) throw GovErrors.InvalidVote.wrap(voteOptionText(option));
}

const NON_SPLIT_WEIGHT = '1.000000000000000000';

export function govMsgs(router: MsgRouter): MsgSpec[] {
  const msgSubmitProposal: MsgSpec<MsgSubmitProposal> = {
    typeName: `${P}.MsgSubmitProposal`,
    responseType: `${P}.MsgSubmitProposalResponse`,
    signers: (msg) => [msg.proposer],
    validateBasic(msg) {
      if (msg.title === '') throw SdkErrors.InvalidRequest.wrap('proposal title cannot be empty');
      if (msg.summary === '') throw SdkErrors.InvalidRequest.wrap('proposal summary cannot be empty');
      requireAccAddress(msg.proposer, 'proposer');
      requireDepositCoins(coinsOfMsg(msg.initial_deposit));
      if (msg.messages.length === 0 && msg.metadata.length === 0) throw GovErrors.NoProposalMsgs.wrap('either metadata or Msgs length must be non-nil');
      msg.messages.forEach((any, i) => {
        const { typeName, value } = decodeAny(any);
        try {
          router(typeName)?.validateBasic?.(value);
        } catch (e) {
          throw GovErrors.InvalidProposalMsg.wrap(`msg: ${i}, err: ${(e as Error).message}`);
        }
      });
    },
    handle(draft, msg, ctx) {
      const id = submitProposal(
        draft,
        router,
        { messages: msg.messages, initialDeposit: coinsOfMsg(msg.initial_deposit), proposer: msg.proposer, metadata: msg.metadata, title: msg.title, summary: msg.summary },
        ctx,
      );
      return { proposal_id: id };
    },
  };

  const msgDeposit: MsgSpec<MsgDeposit> = {
    typeName: `${P}.MsgDeposit`,
    responseType: `${P}.MsgDepositResponse`,
    signers: (msg) => [msg.depositor],
    validateBasic(msg) {
      requireAccAddress(msg.depositor, 'depositor');
      requireDepositCoins(coinsOfMsg(msg.amount));
    },
    handle(draft, msg, ctx) {
      if (addDeposit(draft, BigInt(msg.proposal_id), msg.depositor, coinsOfMsg(msg.amount), ctx)) ctx.emit(GovEvents.depositVotingPeriodStart(BigInt(msg.proposal_id)));
      return {};
    },
  };

  const msgVote: MsgSpec<MsgVote> = {
    typeName: `${P}.MsgVote`,
    responseType: `${P}.MsgVoteResponse`,
    signers: (msg) => [msg.voter],
    validateBasic(msg) {
      requireAccAddress(msg.voter, 'voter');
      requireVoteOption(msg.option);
    },
    handle(draft, msg, ctx) {
      addVote(draft, BigInt(msg.proposal_id), msg.voter, [{ option: voteOptionText(msg.option) as VoteOption, weight: NON_SPLIT_WEIGHT }], msg.metadata, ctx);
      return {};
    },
  };

  const msgVoteWeighted: MsgSpec<MsgVoteWeighted> = {
    typeName: `${P}.MsgVoteWeighted`,
    responseType: `${P}.MsgVoteWeightedResponse`,
    signers: (msg) => [msg.voter],
    validateBasic(msg) {
      requireAccAddress(msg.voter, 'voter');
      validateWeightedOptions(msg.options);
    },
    handle(draft, msg, ctx) {
      const options = msg.options.map((o) => ({ option: voteOptionText(o.option) as VoteOption, weight: o.weight }));
      addVote(draft, BigInt(msg.proposal_id), msg.voter, options, msg.metadata, ctx);
      return {};
    },
  };

  const msgExecLegacyContent: MsgSpec<MsgExecLegacyContent> = {
    typeName: `${P}.MsgExecLegacyContent`,
    responseType: `${P}.MsgExecLegacyContentResponse`,
    signers: (msg) => [msg.authority],
    validateBasic(msg) {
      // `sdk.AccAddressFromBech32(c.Authority)`'s plain error, unwrapped
      const why = addressProblem(msg.authority, Hrp.account);
      if (why !== undefined) throw new ChainError(UNDEFINED_CODESPACE, 1, why);
    },
    handle(_draft, msg) {
      const gov = moduleAccountAddress('gov');
      if (msg.authority !== gov) throw GovErrors.InvalidSigner.wrap(`expected ${gov} got ${msg.authority}`);
      if (!msg.content) throw GovErrors.InvalidProposalContent.wrap('content is nil');
      let typeName: string;
      try {
        typeName = decodeAny(msg.content).typeName;
      } catch (e) {
        throw GovErrors.InvalidProposalContent.wrap((e as Error).message);
      }
      // the legacy router: only the `gov` route (TextProposal, a no-op) exists here
      if (typeName !== 'sdk.gov.v1beta1.TextProposal') throw GovErrors.NoProposalHandlerExists.wrap(typeName);
      return {};
    },
  };

  const msgUpdateParams = updateParamsMsg({
    pkg: P,
    fromProto: (p: ProtoGovParams | null) => govParamsFromProto(p),
    validate: validateGovParams,
    set: (draft, params) => void (draft.gov.params = params as typeof draft.gov.params),
  });

  return [msgSubmitProposal, msgExecLegacyContent, msgVote, msgVoteWeighted, msgDeposit, msgUpdateParams];
}
