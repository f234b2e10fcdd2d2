/**
 * Deposits (reference/sdk-modules.md §3.3 AddDeposit, §3.4): adding one (and the activation of the
 * voting period it may bring), and refunding or burning all of a proposal's deposits.
 */
import type { Draft } from 'immer';
import { SdkErrors } from '../../errors.ts';
import { coinsAdd, coinsIsAllGte, formatCoins, validateCoins, type Coins } from '../../math/coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { burnCoins, sendCoinsFromAccountToModule, sendCoinsFromModuleToAccount } from '../bank/state.ts';
import { GovErrors } from './errors.ts';
import { GovEvents } from './events.ts';
import { depositsOf, govAddressKey, proposalKey, type ProposalRecord } from './state.ts';

/** `ActivateVotingPeriod`: voting starts now, the proposal moves from the inactive to the active queue. */
export function activateVotingPeriod(draft: Draft<AppState>, proposal: ProposalRecord, ctx: Ctx): ProposalRecord {
  const start = ctx.block.timeNs;
  const end = start + draft.gov.params.voting_period;
  const next: ProposalRecord = { ...proposal, voting_start_time: start, voting_end_time: end, status: 'PROPOSAL_STATUS_VOTING_PERIOD' };
  const key = proposalKey(proposal.id);
  draft.gov.proposals[key] = next as Draft<ProposalRecord>;
  delete draft.gov.inactive_queue[key];
  draft.gov.active_queue[key] = end;
  return next;
}

/**
 * `AddDeposit`: the proposal must exist (gov 2) and be in its deposit or voting period (gov 3);
 * the coins go to the gov account (a zero, unsorted or repeated coin: sdk 10, as the send refuses
 * it); reaching min_deposit in deposit period starts the vote. Returns whether it did.
 */
export function addDeposit(draft: Draft<AppState>, proposalId: bigint, depositor: string, amount: Coins, ctx: Ctx): boolean {
  const key = proposalKey(proposalId);
  let proposal = draft.gov.proposals[key] as ProposalRecord | undefined;
  if (!proposal) throw GovErrors.UnknownProposal.wrap(proposalId.toString());
  if (proposal.status !== 'PROPOSAL_STATUS_DEPOSIT_PERIOD' && proposal.status !== 'PROPOSAL_STATUS_VOTING_PERIOD') {
    throw GovErrors.InactiveProposal.wrap(proposalId.toString());
  }
  // the bank's SendCoins (`subUnlockedCoins`) first refuses a coin set that is not valid: ValidateBasic
  // checked NewCoins of the amount (zero coins dropped, sorted), the send takes it as given
  if (validateCoins(amount) !== undefined) throw SdkErrors.InvalidCoins.wrap(formatCoins(amount));
  sendCoinsFromAccountToModule(draft, depositor, 'gov', amount, ctx);
  proposal = { ...proposal, total_deposit: coinsAdd(proposal.total_deposit, amount) };
  draft.gov.proposals[key] = proposal as Draft<ProposalRecord>;
  let activated = false;
  if (proposal.status === 'PROPOSAL_STATUS_DEPOSIT_PERIOD' && coinsIsAllGte(proposal.total_deposit, draft.gov.params.min_deposit)) {
    activateVotingPeriod(draft, proposal, ctx);
    activated = true;
  }
  const addrKey = govAddressKey(depositor);
  const byAddr = (draft.gov.deposits[key] ??= {});
  const old = byAddr[addrKey];
  byAddr[addrKey] = { depositor, amount: old ? coinsAdd(old.amount, amount) : amount } as Draft<(typeof byAddr)[string]>;
  ctx.emit(GovEvents.proposalDeposit(formatCoins(amount), proposalId));
  return activated;
}

/** A plain copy of coins read from the draft (events outlive the draft). */
const plainCoins = (coins: Coins): Coins => coins.map((c) => ({ denom: c.denom, amount: c.amount }));

/** `RefundAndDeleteDeposits`: each deposit back to its depositor, in depositor-address order. */
export function refundAndDeleteDeposits(draft: Draft<AppState>, proposalId: bigint, ctx: Ctx): void {
  for (const d of depositsOf(draft as AppState, proposalId)) sendCoinsFromModuleToAccount(draft, 'gov', d.depositor, plainCoins(d.amount), ctx);
  delete draft.gov.deposits[proposalKey(proposalId)];
}

/** `DeleteAndBurnDeposits`: each deposit burned from the gov account. */
export function deleteAndBurnDeposits(draft: Draft<AppState>, proposalId: bigint, ctx: Ctx): void {
  for (const d of depositsOf(draft as AppState, proposalId)) burnCoins(draft, 'gov', plainCoins(d.amount), ctx);
  delete draft.gov.deposits[proposalKey(proposalId)];
}
