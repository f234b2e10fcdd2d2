/** Distribution errors (codespace `distribution`, SDK v0.47 x/distribution/types/errors.go). */
import { ErrorKind } from '../../errors.ts';

export const DISTRIBUTION_CODESPACE = 'distribution';

const e = (code: number, text: string) => new ErrorKind(DISTRIBUTION_CODESPACE, code, text);

export const DistributionErrors = {
  EmptyDelegatorAddr: e(2, 'delegator address is empty'),
  EmptyWithdrawAddr: e(3, 'withdraw address is empty'),
  EmptyValidatorAddr: e(4, 'validator address is empty'),
  EmptyDelegationDistInfo: e(5, 'no delegation distribution info'),
  NoValidatorDistInfo: e(6, 'no validator distribution info'),
  NoValidatorCommission: e(7, 'no validator commission to withdraw'),
  SetWithdrawAddrDisabled: e(8, 'set withdraw address disabled'),
  BadDistribution: e(9, 'community pool does not have sufficient coins to distribute'),
  InvalidProposalAmount: e(10, 'invalid community pool spend proposal amount'),
  EmptyProposalRecipient: e(11, 'invalid community pool spend proposal recipient'),
  NoValidatorExists: e(12, 'validator does not exist'),
  NoDelegationExists: e(13, 'delegation does not exist'),
} as const;
