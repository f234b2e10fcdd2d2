/**
 * Delegate, Unbond and RemoveValidator (reference/sdk-modules.md §2.4; SDK
 * `x/staking/keeper/delegation.go`), with the hooks at the SDK's points: the validator record is
 * written before each "after" hook reads it.
 */
import type { Draft } from 'immer';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { delegateCoinsFromAccountToModule } from '../bank/state.ts';
import { StakingErrors } from './errors.ts';
import * as hooks from './hooks.ts';
import { bondCoins, BONDED_POOL, bondedTokensToNotBonded, NOT_BONDED_POOL, notBondedTokensToBonded } from './pools.ts';
import { invalidExRate, issuedShares, removeDelShares, tokensFromShares } from './shares.ts';
import { BondStatus, type DelegationRecord, type ValidatorRecord } from './state.ts';
import { accHexOf, delegationAt, isBonded, isUnbonded, mustValidator, removeDelegation, setDelegation, setValidator, validatorAt, valHexOf } from './store.ts';

/** Where delegated tokens come from: an account (`Unbonded`, coins taken) or another validator's pool. */
export type TokenSource = typeof BondStatus.UNBONDED | typeof BondStatus.UNBONDING | typeof BondStatus.BONDED;

/**
 * `Delegate`: `amount` tokens to `validator` for `delegator` (bech32); coins from the account when
 * `subtractAccount`, else pools move only when the source status and the validator's differ.
 * Returns the new shares (Dec raw).
 */
export function delegate(draft: Draft<AppState>, delegator: string, amount: bigint, tokenSrc: TokenSource, validator: ValidatorRecord, subtractAccount: boolean, ctx: Ctx): bigint {
  if (invalidExRate(validator)) throw StakingErrors.DelegatorShareExRateInvalid.error();
  const valHex = valHexOf(validator.operator_address);
  const delHex = accHexOf(delegator);
  const existing = delegationAt(draft as AppState, delHex, valHex);
  if (existing) hooks.beforeDelegationSharesModified(draft, delegator, validator.operator_address, ctx);
  else hooks.beforeDelegationCreated(draft, delegator, validator.operator_address, ctx);

  if (subtractAccount) {
    if (tokenSrc === BondStatus.BONDED) throw new Error('delegation token source cannot be bonded');
    const pool = isBonded(validator) ? BONDED_POOL : NOT_BONDED_POOL;
    delegateCoinsFromAccountToModule(draft, delegator, pool, bondCoins(draft, amount), ctx);
  } else if (tokenSrc === BondStatus.BONDED && !isBonded(validator)) {
    bondedTokensToNotBonded(draft, amount, ctx);
  } else if (tokenSrc !== BondStatus.BONDED && isBonded(validator)) {
    notBondedTokensToBonded(draft, amount, ctx);
  }

  // AddValidatorTokensAndShares: read the record again (a hook may not change it, but be exact)
  const current = mustValidator(draft as AppState, valHex);
  const shares = issuedShares(current, amount);
  setValidator(draft, { ...current, tokens: current.tokens + amount, delegator_shares: current.delegator_shares + shares });

  const prior = delegationAt(draft as AppState, delHex, valHex);
  const record: DelegationRecord = { delegator_address: delegator, validator_address: validator.operator_address, shares: (prior?.shares ?? 0n) + shares };
  setDelegation(draft, record);
  hooks.afterDelegationModified(draft, delegator, validator.operator_address, ctx);
  return shares;
}

/**
 * `Unbond`: removes `shares` (Dec raw) of the delegation and returns the tokens they are worth.
 * Jails the operator whose remaining self-delegation falls below min_self_delegation; removes an
 * UNBONDED validator left with no shares.
 */
export function unbond(draft: Draft<AppState>, delegator: string, valHex: string, shares: bigint, ctx: Ctx): bigint {
  const delHex = accHexOf(delegator);
  const delegation = delegationAt(draft as AppState, delHex, valHex);
  if (!delegation) throw StakingErrors.NoDelegatorForAddress.error();
  hooks.beforeDelegationSharesModified(draft, delegator, delegation.validator_address, ctx);
  if (delegation.shares < shares) throw StakingErrors.NotEnoughDelegationShares.wrap(Dec.fromRaw(delegation.shares).toString());
  let validator = validatorAt(draft as AppState, valHex);
  if (!validator) throw StakingErrors.NoValidatorFound.error();
  const remaining = delegation.shares - shares;
  const isOperator = delHex === valHex;
  if (isOperator && !validator.jailed && Dec.fromRaw(tokensFromShares(validator, remaining)).truncateInt() < validator.min_self_delegation) {
    jailValidator(draft, validator);
    validator = mustValidator(draft as AppState, valHex);
  }
  if (remaining === 0n) {
    removeDelegation(draft, delegation);
  } else {
    setDelegation(draft, { ...delegation, shares: remaining });
    hooks.afterDelegationModified(draft, delegator, delegation.validator_address, ctx);
  }
  const after = removeDelShares(validator, shares);
  const updated = { ...validator, tokens: after.tokens, delegator_shares: after.delegator_shares };
  setValidator(draft, updated);
  if (updated.delegator_shares === 0n && isUnbonded(updated)) removeValidator(draft, valHex, ctx);
  return after.issued;
}

/** `RemoveValidator`: only an UNBONDED validator with no tokens; hook AfterValidatorRemoved. */
export function removeValidator(draft: Draft<AppState>, valHex: string, ctx: Ctx): void {
  const v = validatorAt(draft as AppState, valHex);
  if (!v) return;
  if (!isUnbonded(v)) throw new Error('cannot call RemoveValidator on bonded or unbonding validators');
  if (v.tokens > 0n) throw new Error('attempting to remove a validator which still contains tokens');
  const removed = { ...v };
  delete (draft.staking.validators as Record<string, ValidatorRecord>)[valHex];
  delete (draft.staking.validator_by_cons as Record<string, string>)[v.cons_address];
  delete (draft.staking.unbonding_validators as Record<string, true>)[valHex];
  hooks.afterValidatorRemoved(draft, removed, ctx);
}

/** `jailValidator`: jailed, out of the power index (this block's EndBlock unbonds it). */
export function jailValidator(draft: Draft<AppState>, v: ValidatorRecord): void {
  if (v.jailed) throw new Error('cannot jail already jailed validator');
  setValidator(draft, { ...v, jailed: true });
}

/** `unjailValidator`: back in the power index. */
export function unjailValidator(draft: Draft<AppState>, v: ValidatorRecord): void {
  if (!v.jailed) throw new Error('cannot unjail already unjailed validator');
  setValidator(draft, { ...v, jailed: false });
}
