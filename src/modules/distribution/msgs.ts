/**
 * Distribution messages (reference/sdk-modules.md §4.4; cosmos-sdk v0.47 x/distribution
 * msgs.go ValidateBasic and keeper/msg_server.go): ValidateBasic, handler order, errors, events
 * and responses as the SDK's.
 */
import { ChainError, SdkErrors, UNDEFINED_CODESPACE } from '../../errors.ts';
import { coinsFromProto, coinsToProto, formatCoins, validateCoins, type ProtoCoin } from '../../math/coins.ts';
import type { Coin } from '../../math/coin.ts';
import type { MsgSpec } from '../../state/module.ts';
import { plainEvent } from '../../events/event.ts';
import { Hrp, sdkAddressProblem } from '../../crypto/address.ts';
import { isBlockedAddress } from '../auth/account.ts';
import { requireGovAuthority } from '../authority.ts';
import { updateParamsMsg } from '../update-params-msg.ts';
import { distributeFromFeePool, fundCommunityPool } from './community-pool.ts';
import { initializeDelegation, delegationOf, withdrawDelegationRewards, withdrawValidatorCommission } from './delegation.ts';
import { DistributionErrors } from './errors.ts';
import { distributionParamsFromProto, validateDistributionParams, type ProtoDistributionParams } from './params.ts';
import { accBech32, accHexOf, setWithdrawAddress, valHexOf } from './state.ts';

const P = 'sdk.distribution.v1beta1';

export interface MsgSetWithdrawAddress {
  readonly delegator_address: string;
  readonly withdraw_address: string;
}
export interface MsgWithdrawDelegatorReward {
  readonly delegator_address: string;
  readonly validator_address: string;
}
export interface MsgWithdrawValidatorCommission {
  readonly validator_address: string;
}
export interface MsgFundCommunityPool {
  readonly amount: readonly ProtoCoin[];
  readonly depositor: string;
}
export interface MsgCommunityPoolSpend {
  readonly authority: string;
  readonly recipient: string;
  readonly amount: readonly ProtoCoin[];
}

/** An address in ValidateBasic: `ErrInvalidAddress.Wrapf("invalid <field> address: %s", err)`. */
function checkAddress(text: string, hrp: string, field: string): void {
  const err = sdkAddressProblem(text, hrp);
  if (err !== undefined) throw SdkErrors.InvalidAddress.wrap(`invalid ${field} address: ${err}`);
}

const checkValAddress = (text: string) => checkAddress(text, Hrp.validator, 'validator');

/** `errorsmod.Wrap(err, "invalid <what> address")` of a plain bech32 error: codespace undefined, code 1. */
function checkWrappedAccAddress(text: string, what: string): void {
  const err = sdkAddressProblem(text, Hrp.account);
  if (err !== undefined) throw new ChainError(UNDEFINED_CODESPACE, 1, `invalid ${what} address: ${err}`);
}

/** Coins of a message; an amount that is not an Int fails decoding on the real chain (code 2). */
function coinsOf(list: readonly ProtoCoin[] | undefined): readonly Coin[] {
  try {
    return coinsFromProto(list ?? []);
  } catch (e) {
    throw SdkErrors.TxDecode.wrap((e as Error).message);
  }
}

/** The operator's account address (`st1…`) of a `stvaloper1…` address; the text itself if it does not parse. */
function operatorAccount(validator: string): string {
  try {
    return accBech32(valHexOf(validator));
  } catch {
    return validator;
  }
}

export const msgSetWithdrawAddress: MsgSpec<MsgSetWithdrawAddress> = {
  typeName: `${P}.MsgSetWithdrawAddress`,
  responseType: `${P}.MsgSetWithdrawAddressResponse`,
  signers: (msg) => [msg.delegator_address],
  validateBasic(msg) {
    checkAddress(msg.delegator_address, Hrp.account, 'delegator');
    checkAddress(msg.withdraw_address, Hrp.account, 'withdraw');
  },
  handle(draft, msg, ctx) {
    if (isBlockedAddress(msg.withdraw_address)) {
      throw SdkErrors.Unauthorized.wrap(`${msg.withdraw_address} is not allowed to receive external funds`);
    }
    if (!draft.distribution.params.withdraw_addr_enabled) throw DistributionErrors.SetWithdrawAddrDisabled.error();
    ctx.emit(plainEvent('set_withdraw_address', { withdraw_address: msg.withdraw_address }));
    setWithdrawAddress(draft, msg.delegator_address, msg.withdraw_address);
    return {};
  },
};

export const msgWithdrawDelegatorReward: MsgSpec<MsgWithdrawDelegatorReward> = {
  typeName: `${P}.MsgWithdrawDelegatorReward`,
  responseType: `${P}.MsgWithdrawDelegatorRewardResponse`,
  signers: (msg) => [msg.delegator_address],
  validateBasic(msg) {
    checkAddress(msg.delegator_address, Hrp.account, 'delegator');
    checkValAddress(msg.validator_address);
  },
  handle(draft, msg, ctx) {
    const valHex = valHexOf(msg.validator_address);
    const delHex = accHexOf(msg.delegator_address);
    if (!draft.staking.validators[valHex]) throw DistributionErrors.NoValidatorDistInfo.error();
    if (!delegationOf(draft, valHex, delHex)) throw DistributionErrors.EmptyDelegationDistInfo.error();
    const amount = withdrawDelegationRewards(draft, valHex, delHex, ctx);
    initializeDelegation(draft, valHex, delHex, ctx.block.height);
    return { amount: coinsToProto(amount) };
  },
};

export const msgWithdrawValidatorCommission: MsgSpec<MsgWithdrawValidatorCommission> = {
  typeName: `${P}.MsgWithdrawValidatorCommission`,
  responseType: `${P}.MsgWithdrawValidatorCommissionResponse`,
  signers: (msg) => [operatorAccount(msg.validator_address)],
  validateBasic(msg) {
    checkValAddress(msg.validator_address);
  },
  handle(draft, msg, ctx) {
    const valHex = valHexOf(msg.validator_address);
    const amount = withdrawValidatorCommission(draft, valHex, accBech32(valHex), ctx);
    return { amount: coinsToProto(amount) };
  },
};

export const msgFundCommunityPool: MsgSpec<MsgFundCommunityPool> = {
  typeName: `${P}.MsgFundCommunityPool`,
  responseType: `${P}.MsgFundCommunityPoolResponse`,
  signers: (msg) => [msg.depositor],
  validateBasic(msg) {
    const amount = coinsOf(msg.amount);
    if (validateCoins(amount) !== undefined) throw SdkErrors.InvalidCoins.wrap(formatCoins(amount));
    checkAddress(msg.depositor, Hrp.account, 'depositor');
  },
  handle(draft, msg, ctx) {
    fundCommunityPool(draft, coinsOf(msg.amount), msg.depositor, ctx);
    return {};
  },
};

export const msgUpdateParams = updateParamsMsg({
  pkg: P,
  fromProto: (p: ProtoDistributionParams | null) => distributionParamsFromProto(p ?? undefined),
  validate: validateDistributionParams,
  handlerChecks: (params) => {
    if (params.base_proposer_reward !== 0n || params.bonus_proposer_reward !== 0n) {
      throw SdkErrors.InvalidRequest.wrap('cannot update base or bonus proposer reward because these are deprecated fields');
    }
  },
  set: (draft, params) => void (draft.distribution.params = params),
});

export const msgCommunityPoolSpend: MsgSpec<MsgCommunityPoolSpend> = {
  typeName: `${P}.MsgCommunityPoolSpend`,
  responseType: `${P}.MsgCommunityPoolSpendResponse`,
  signers: (msg) => [msg.authority],
  validateBasic(msg) {
    checkWrappedAccAddress(msg.authority, 'authority');
    checkWrappedAccAddress(msg.recipient, 'recipient');
    const err = validateCoins(coinsOf(msg.amount));
    if (err !== undefined) throw new ChainError(UNDEFINED_CODESPACE, 1, err);
  },
  handle(draft, msg, ctx) {
    requireGovAuthority(msg.authority);
    if (isBlockedAddress(msg.recipient)) {
      throw SdkErrors.Unauthorized.wrap(`${msg.recipient} is not allowed to receive external funds`);
    }
    distributeFromFeePool(draft, coinsOf(msg.amount), msg.recipient, ctx);
    return {};
  },
};

export const distributionMsgs: readonly MsgSpec[] = [
  msgSetWithdrawAddress,
  msgWithdrawDelegatorReward,
  msgWithdrawValidatorCommission,
  msgFundCommunityPool,
  msgUpdateParams,
  msgCommunityPoolSpend,
];
