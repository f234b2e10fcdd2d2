/**
 * MsgCancelUnbondingDelegation (reference/sdk-modules.md §2.3): part or all of an unbonding entry
 * delegated back to its validator. The queue entry stays (its later completion finds nothing).
 */
import { plainError, SdkErrors } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { delegate } from './delegation.ts';
import { StakingErrors } from './errors.ts';
import { coinText, StakingEvents } from './events.ts';
import type { MsgCancelUnbondingDelegation } from './msg-types.ts';
import { invalidExRate } from './shares.ts';
import { BondStatus } from './state.ts';
import { accHexOf, setUnbondingDelegation, unbondingDelegationAt, validatorAt, valHexOf } from './store.ts';
import { coinAmount, isPositiveCoin, requireBondDenom, requireDelegator, requireValidator } from './validate.ts';

const P = 'sdk.staking.v1beta1';

export const msgCancelUnbondingDelegation: MsgSpec<MsgCancelUnbondingDelegation> = {
  typeName: `${P}.MsgCancelUnbondingDelegation`,
  responseType: `${P}.MsgCancelUnbondingDelegationResponse`,
  signers: (msg) => [msg.delegator_address],
  validateBasic(msg) {
    requireDelegator(msg.delegator_address);
    requireValidator(msg.validator_address);
    if (!isPositiveCoin(msg.amount)) throw SdkErrors.InvalidRequest.wrap('invalid amount');
    if (!(BigInt(msg.creation_height ?? 0n) > 0n)) throw SdkErrors.InvalidRequest.wrap('invalid height');
  },
  handle(draft, msg, ctx) {
    const amount = coinAmount(msg.amount);
    const height = BigInt(msg.creation_height);
    requireBondDenom(msg.amount!.denom, draft.staking.params.bond_denom);
    const valHex = valHexOf(msg.validator_address);
    const validator = validatorAt(draft, valHex);
    if (!validator) throw StakingErrors.NoValidatorFound.error();
    if (invalidExRate(validator)) throw StakingErrors.DelegatorShareExRateInvalid.error();
    if (validator.jailed) throw StakingErrors.ValidatorJailed.error();
    const ubd = unbondingDelegationAt(draft, accHexOf(msg.delegator_address), valHex);
    // a gRPC NotFound status inside a tx handler: an unregistered error (codespace undefined, code 1)
    if (!ubd) throw plainError(`rpc error: code = NotFound desc = unbonding delegation with delegator ${msg.delegator_address} not found for validator ${msg.validator_address}`);
    const at = ubd.entries.findIndex((e) => e.creation_height === height);
    if (at < 0) throw SdkErrors.NotFound.wrap(`unbonding delegation entry is not found at block height ${height}`);
    const entry = ubd.entries[at]!;
    if (entry.balance < amount) throw SdkErrors.InvalidRequest.wrap('amount is greater than the unbonding delegation entry balance');
    if (entry.completion_time < ctx.block.timeNs) throw SdkErrors.InvalidRequest.wrap('unbonding delegation is already processed');
    delegate(draft, msg.delegator_address, amount, BondStatus.UNBONDING, validator, false, ctx);
    const left = entry.balance - amount;
    const entries = [...ubd.entries];
    if (left === 0n) entries.splice(at, 1);
    else entries[at] = { ...entry, balance: left, initial_balance: entry.initial_balance - amount };
    setUnbondingDelegation(draft, { ...ubd, entries });
    ctx.emit(StakingEvents.cancelUnbondingDelegation(coinText(amount, msg.amount!.denom), msg.validator_address, msg.delegator_address, height));
    return {};
  },
};
