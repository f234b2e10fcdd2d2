/** MsgBeginRedelegate (reference/sdk-modules.md §2.3): shares moved from one validator to another. */
import { SdkErrors } from '../../errors.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import type { MsgSpec } from '../../state/module.ts';
import { coinText, StakingEvents } from './events.ts';
import type { MsgBeginRedelegate } from './msg-types.ts';
import { beginRedelegation } from './redelegation.ts';
import { accHexOf, valHexOf } from './store.ts';
import { validateUnbondAmount } from './unbond-amount.ts';
import { coinAmount, isPositiveCoin, requireBondDenom, requireDelegator, requireValidator } from './validate.ts';

const P = 'sdk.staking.v1beta1';

export const msgBeginRedelegate: MsgSpec<MsgBeginRedelegate> = {
  typeName: `${P}.MsgBeginRedelegate`,
  responseType: `${P}.MsgBeginRedelegateResponse`,
  signers: (msg) => [msg.delegator_address],
  validateBasic(msg) {
    requireDelegator(msg.delegator_address);
    requireValidator(msg.validator_src_address, 'source validator');
    requireValidator(msg.validator_dst_address, 'destination validator');
    if (!isPositiveCoin(msg.amount)) throw SdkErrors.InvalidRequest.wrap('invalid shares amount');
  },
  handle(draft, msg, ctx) {
    const srcHex = valHexOf(msg.validator_src_address);
    const shares = validateUnbondAmount(draft, accHexOf(msg.delegator_address), srcHex, coinAmount(msg.amount));
    requireBondDenom(msg.amount!.denom, draft.staking.params.bond_denom);
    const completionNs = beginRedelegation(draft, msg.delegator_address, srcHex, valHexOf(msg.validator_dst_address), shares, ctx);
    ctx.emit(StakingEvents.redelegate(msg.validator_src_address, msg.validator_dst_address, coinText(coinAmount(msg.amount), msg.amount!.denom), completionNs));
    return { completion_time: timeNsToTimestamp(completionNs) };
  },
};
