/**
 * `ValidateUnbondAmount` (reference/sdk-modules.md §2.4): the shares an amount of tokens is worth,
 * capped at the delegation's shares so that a delegator can always withdraw everything.
 */
import { SdkErrors } from '../../errors.ts';
import type { AppState } from '../../state/app-state.ts';
import { StakingErrors } from './errors.ts';
import { sharesFromTokens, sharesFromTokensTruncated } from './shares.ts';
import { delegationAt, validatorAt } from './store.ts';

export function validateUnbondAmount(state: AppState, delHex: string, valHex: string, amount: bigint): bigint {
  const validator = validatorAt(state, valHex);
  if (!validator) throw StakingErrors.NoValidatorFound.error();
  const delegation = delegationAt(state, delHex, valHex);
  if (!delegation) throw StakingErrors.NoDelegation.error();
  let shares = sharesFromTokens(validator, amount);
  const truncated = sharesFromTokensTruncated(validator, amount);
  if (truncated > delegation.shares) throw SdkErrors.InvalidRequest.wrap('invalid shares amount');
  if (shares > delegation.shares) shares = delegation.shares;
  return shares;
}
