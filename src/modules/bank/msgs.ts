/** Bank messages (SDK v0.47 x/bank): MsgSend. */
import { ErrorKind, SdkErrors } from '../../errors.ts';
import { coinsFromProto, formatCoins, validateCoins, type ProtoCoin } from '../../math/coins.ts';
import type { MsgSpec } from '../../state/module.ts';
import { isBlockedAddress, parseAccAddress } from '../auth/account.ts';
import { isSendEnabled } from './params.ts';
import { sendCoins } from './state.ts';

export const BankErrors = {
  NoInputs: new ErrorKind('bank', 2, 'no inputs to send transaction'),
  NoOutputs: new ErrorKind('bank', 3, 'no outputs to send transaction'),
  InputOutputMismatch: new ErrorKind('bank', 4, 'sum inputs != sum outputs'),
  SendDisabled: new ErrorKind('bank', 5, 'send transactions are disabled'),
  DenomMetadataNotFound: new ErrorKind('bank', 6, 'client denom metadata not found'),
  InvalidKey: new ErrorKind('bank', 7, 'invalid key'),
  DuplicateEntry: new ErrorKind('bank', 8, 'duplicate entry'),
  MultipleSenders: new ErrorKind('bank', 9, 'multiple senders not allowed'),
} as const;

export interface MsgSend {
  readonly from_address: string;
  readonly to_address: string;
  readonly amount: readonly ProtoCoin[];
}

/** An amount that is not an Int fails decoding on the real chain (custom Int type): code 2. */
function amountOf(msg: MsgSend) {
  try {
    return coinsFromProto(msg.amount);
  } catch (e) {
    throw SdkErrors.TxDecode.wrap((e as Error).message);
  }
}

export const msgSend: MsgSpec<MsgSend> = {
  typeName: 'sdk.bank.v1beta1.MsgSend',
  responseType: 'sdk.bank.v1beta1.MsgSendResponse',
  signers: (msg) => [msg.from_address],
  validateBasic(msg) {
    parseAccAddress(msg.from_address, 'from');
    parseAccAddress(msg.to_address, 'to');
    const amount = amountOf(msg);
    if (validateCoins(amount) !== undefined || amount.length === 0) {
      throw SdkErrors.InvalidCoins.wrap(formatCoins(amount));
    }
  },
  handle(draft, msg, ctx) {
    const amount = amountOf(msg);
    for (const c of amount) {
      if (!isSendEnabled(draft.bank.params, c.denom)) throw BankErrors.SendDisabled.wrap(`${c.denom} transfers are currently disabled`);
    }
    if (isBlockedAddress(msg.to_address)) {
      throw SdkErrors.Unauthorized.wrap(`${msg.to_address} is not allowed to receive funds`);
    }
    sendCoins(draft, msg.from_address, msg.to_address, amount, ctx);
    return {};
  },
};
