/**
 * Codespace `staking` (SDK v0.47 `x/staking/types/errors.go`; reference/sdk-modules.md §2.3): every
 * code the module registers, with its text.
 */
import { ErrorKind } from '../../errors.ts';

export const STAKING_CODESPACE = 'staking';

const e = (code: number, text: string) => new ErrorKind(STAKING_CODESPACE, code, text);

export const StakingErrors = {
  EmptyValidatorAddr: e(2, 'empty validator address'),
  NoValidatorFound: e(3, 'validator does not exist'),
  ValidatorOwnerExists: e(4, 'validator already exist for this operator address; must use new validator operator address'),
  ValidatorPubKeyExists: e(5, 'validator already exist for this pubkey; must use new validator pubkey'),
  ValidatorPubKeyTypeNotSupported: e(6, 'validator pubkey type is not supported'),
  ValidatorJailed: e(7, 'validator for this address is currently jailed'),
  BadRemoveValidator: e(8, 'failed to remove validator'),
  CommissionNegative: e(9, 'commission must be positive'),
  CommissionHuge: e(10, 'commission cannot be more than 100%'),
  CommissionGTMaxRate: e(11, 'commission cannot be more than the max rate'),
  CommissionUpdateTime: e(12, 'commission cannot be changed more than once in 24h'),
  CommissionChangeRateNegative: e(13, 'commission change rate must be positive'),
  CommissionChangeRateGTMaxRate: e(14, 'commission change rate cannot be more than the max rate'),
  CommissionGTMaxChangeRate: e(15, 'commission cannot be changed more than max change rate'),
  SelfDelegationBelowMinimum: e(16, "validator's self delegation must be greater than their minimum self delegation"),
  MinSelfDelegationDecreased: e(17, 'minimum self delegation cannot be decrease'),
  EmptyDelegatorAddr: e(18, 'empty delegator address'),
  NoDelegation: e(19, 'no delegation for (address, validator) tuple'),
  BadDelegatorAddr: e(20, 'delegator does not exist with address'),
  NoDelegatorForAddress: e(21, 'delegator does not contain delegation'),
  InsufficientShares: e(22, 'insufficient delegation shares'),
  DelegationValidatorEmpty: e(23, 'cannot delegate to an empty validator'),
  NotEnoughDelegationShares: e(24, 'not enough delegation shares'),
  NotMature: e(25, 'entry not mature'),
  NoUnbondingDelegation: e(26, 'no unbonding delegation found'),
  MaxUnbondingDelegationEntries: e(27, 'too many unbonding delegation entries for (delegator, validator) tuple'),
  NoRedelegation: e(28, 'no redelegation found'),
  SelfRedelegation: e(29, 'cannot redelegate to the same validator'),
  TinyRedelegationAmount: e(30, 'too few tokens to redelegate (truncates to zero tokens)'),
  BadRedelegationDst: e(31, 'redelegation destination validator not found'),
  TransitiveRedelegation: e(32, 'redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation'),
  MaxRedelegationEntries: e(33, 'too many redelegation entries for (delegator, src-validator, dst-validator) tuple'),
  DelegatorShareExRateInvalid: e(34, 'cannot delegate to validators with invalid (zero) ex-rate'),
  BothShareMsgsGiven: e(35, 'both shares amount and shares percent provided'),
  NeitherShareMsgsGiven: e(36, 'neither shares amount nor shares percent provided'),
  InvalidHistoricalInfo: e(37, 'invalid historical info'),
  NoHistoricalInfo: e(38, 'no historical info found'),
  EmptyValidatorPubKey: e(39, 'empty validator public key'),
  CommissionLTMinRate: e(40, 'commission cannot be less than min rate'),
  UnbondingNotFound: e(41, 'unbonding operation not found'),
  UnbondingOnHoldRefCountNegative: e(42, 'cannot un-hold unbonding operation that is not on hold'),
} as const;
