/**
 * MsgPrepay (reference/chain-semantics.md §2.4). ValidateBasic: sender (12), beneficiary (13),
 * amount neither empty nor zero (SDK 10). Handler: the keeper's Prepay wrapped in ErrPrepayFailure
 * (10); [QUIRK] the beneficiary is only validated and echoed in the event, no ozone is credited
 * anywhere in state.
 */
import { ChainError, passesModuleWrapping, SdkErrors } from '../../errors.ts';
import { coinsFromProto, coinsIsZero, formatCoins, validateCoins } from '../../math/coins.ts';
import type { MsgSpec } from '../../state/module.ts';
import { accountProblem } from './addresses.ts';
import { SdsErrors } from './errors.ts';
import { SdsEvents } from './events.ts';
import type { MsgPrepay } from './msg-types.ts';
import { prepay } from './prepay.ts';

const P = 'chain.sds.v1';

/** An amount that is not an Int fails decoding on the real chain (custom Int type): code 2. */
function amountOf(msg: MsgPrepay) {
  try {
    return coinsFromProto(msg.amount);
  } catch (e) {
    throw SdkErrors.TxDecode.wrap((e as Error).message);
  }
}

/** ValidateBasic (stratos `x/sds/types/msg.go`): the bare sentinels (12, 13). */
function validateAddresses(msg: MsgPrepay): void {
  if (accountProblem(msg.sender) !== undefined) throw SdsErrors.InvalidSenderAddr.error();
  if (accountProblem(msg.beneficiary) !== undefined) throw SdsErrors.InvalidBeneficiaryAddr.error();
}

/** The handler: the same sentinels wrapping the parse error (`Wrap(ErrX, err.Error())`). */
function checkAddresses(msg: MsgPrepay): void {
  const sender = accountProblem(msg.sender);
  if (sender !== undefined) throw SdsErrors.InvalidSenderAddr.wrap(sender);
  const beneficiary = accountProblem(msg.beneficiary);
  if (beneficiary !== undefined) throw SdsErrors.InvalidBeneficiaryAddr.wrap(beneficiary);
}

export const msgPrepay: MsgSpec<MsgPrepay> = {
  typeName: `${P}.MsgPrepay`,
  responseType: `${P}.MsgPrepayResponse`,
  signers: (msg) => [msg.sender],
  validateBasic(msg) {
    validateAddresses(msg);
    const amount = amountOf(msg);
    if (amount.length === 0 || coinsIsZero(amount) || validateCoins(amount) !== undefined) throw SdkErrors.InvalidCoins.wrap(formatCoins(amount));
  },
  handle(draft, msg, ctx) {
    checkAddresses(msg);
    const amount = amountOf(msg);
    let purchased: bigint;
    try {
      purchased = prepay(draft, msg.sender, amount, ctx);
    } catch (e) {
      // out of gas and a recovered panic (codespace `undefined`) pass through unchanged
      if (e instanceof ChainError && !passesModuleWrapping(e)) throw SdsErrors.PrepayFailure.wrap(e.message);
      throw e;
    }
    ctx.emit(SdsEvents.prePay({ sender: msg.sender, beneficiary: msg.beneficiary, amount: formatCoins(amount), purchased_noz: purchased.toString() }));
    return {};
  },
};
