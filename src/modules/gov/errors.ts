/**
 * Codespace `gov` (SDK v0.47 `x/gov/types/errors.go`; reference/sdk-modules.md §3.3): every code
 * the module registers, with its text.
 */
import { ErrorKind } from '../../errors.ts';

export const GOV_CODESPACE = 'gov';

const e = (code: number, text: string) => new ErrorKind(GOV_CODESPACE, code, text);

export const GovErrors = {
  UnknownProposal: e(2, 'unknown proposal'),
  InactiveProposal: e(3, 'inactive proposal'),
  AlreadyActiveProposal: e(4, 'proposal already active'),
  InvalidProposalContent: e(5, 'invalid proposal content'),
  InvalidProposalType: e(6, 'invalid proposal type'),
  InvalidVote: e(7, 'invalid vote option'),
  InvalidGenesis: e(8, 'invalid genesis state'),
  NoProposalHandlerExists: e(9, 'no handler exists for proposal type'),
  UnroutableProposalMsg: e(10, 'proposal message not recognized by router'),
  NoProposalMsgs: e(11, 'no messages proposed'),
  InvalidProposalMsg: e(12, 'invalid proposal message'),
  InvalidSigner: e(13, 'expected gov account as only signer for proposal message'),
  InvalidSignalMsg: e(14, 'signal message is invalid'),
  MetadataTooLong: e(15, 'metadata too long'),
  MinDepositTooSmall: e(16, 'minimum deposit is too small'),
} as const;
