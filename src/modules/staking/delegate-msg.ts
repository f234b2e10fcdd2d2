/** MsgDelegate (reference/sdk-modules.md §2.3): tokens from the account to a validator. */
import { SdkErrors } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { delegate } from './delegation.ts';
import { StakingErrors } from './errors.ts';
import { coinText, StakingEvents } from './events.ts';
import type { MsgDelegate } from './msg-types.ts';
import { BondStatus } from './state.ts';
import { validatorAt, valHexOf } from './store.ts';
import { coinAmount, isPositiveCoin, requireBondDenom, requireDelegator, requireValidator } from './validate.ts';

const P = 'sdk.staking.v1beta1';

export const msgDelegate: MsgSpec<MsgDelegate> = {
  typeName: `${P}.MsgDelegate`,
  responseType: `${P}.MsgDelegateResponse`,
  signers: (msg) => [msg.delegator_address],
  validateBasic(msg) {
    requireDelegator(msg.delegator_address);
    requireValidator(msg.validator_address);
    if (!isPositiveCoin(msg.amount)) throw SdkErrors.InvalidRequest.wrap('invalid delegation amount');
  },
  handle(draft, msg, ctx) {
    const validator = validatorAt(draft, valHexOf(msg.validator_address));
    if (!validator) throw StakingErrors.NoValidatorFound.error();
    const amount = coinAmount(msg.amount);
    requireBondDenom(msg.amount!.denom, draft.staking.params.bond_denom);
    const shares = delegate(draft, msg.delegator_address, amount, BondStatus.UNBONDED, validator, true, ctx);
    ctx.emit(StakingEvents.delegate(msg.validator_address, msg.delegator_address, coinText(amount, msg.amount!.denom), shares));
    return {};
  },
};
