/** MsgUndelegate (reference/sdk-modules.md §2.3): shares into an unbonding entry that matures after unbonding_time. */
import { SdkErrors } from '../../errors.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import type { MsgSpec } from '../../state/module.ts';
import { coinText, StakingEvents } from './events.ts';
import type { MsgUndelegate } from './msg-types.ts';
import { accHexOf, valHexOf } from './store.ts';
import { undelegate } from './unbonding.ts';
import { validateUnbondAmount } from './unbond-amount.ts';
import { coinAmount, isPositiveCoin, requireBondDenom, requireDelegator, requireValidator } from './validate.ts';

const P = 'sdk.staking.v1beta1';

export const msgUndelegate: MsgSpec<MsgUndelegate> = {
  typeName: `${P}.MsgUndelegate`,
  responseType: `${P}.MsgUndelegateResponse`,
  signers: (msg) => [msg.delegator_address],
  validateBasic(msg) {
    requireDelegator(msg.delegator_address);
    requireValidator(msg.validator_address);
    if (!isPositiveCoin(msg.amount)) throw SdkErrors.InvalidRequest.wrap('invalid shares amount');
  },
  handle(draft, msg, ctx) {
    const valHex = valHexOf(msg.validator_address);
    const shares = validateUnbondAmount(draft, accHexOf(msg.delegator_address), valHex, coinAmount(msg.amount));
    requireBondDenom(msg.amount!.denom, draft.staking.params.bond_denom);
    const { completionNs, amount } = undelegate(draft, msg.delegator_address, valHex, shares, ctx);
    ctx.emit(StakingEvents.unbond(msg.validator_address, coinText(amount, msg.amount!.denom), msg.delegator_address, completionNs));
    return { completion_time: timeNsToTimestamp(completionNs) };
  },
};
