/**
 * MsgWithdraw (§3.7) and MsgFoundationDeposit (§3.8) of reference/chain-semantics.md.
 */
import { ChainError, SdkErrors } from '../../errors.ts';
import { Hrp } from '../../crypto/address.ts';
import { coinsFromProto, formatCoins, validateCoins, type Coins } from '../../math/coins.ts';
import type { MsgSpec } from '../../state/module.ts';
import { isBlockedAddress } from '../auth/account.ts';
import { sendCoinsFromAccountToModule, sendCoinsFromModuleToAccount } from '../bank/state.ts';
import { bech32Problem } from './addresses.ts';
import { FOUNDATION_ACCOUNT, TOTAL_REWARD_POOL } from './distribute.ts';
import { PotErrors } from './errors.ts';
import { PotEvents } from './events.ts';
import type { MsgFoundationDeposit, MsgLegacyWithdraw, MsgWithdraw } from './msg-types.ts';
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { getAccount } from '../auth/state.ts';
import { accAddress } from '../../crypto/address.ts';
import { sdkSecp256k1Address } from '../../crypto/sdk-secp256k1.ts';
import { amountsGte, amountsSub, getMatureTotalByKey, setMatureTotal, walletKey, type Amounts } from './state.ts';

const P = 'chain.pot.v1';

/** Decoded coins, or undefined when they are not a valid `sdk.Coins` (empty is valid). */
function validCoins(list: MsgWithdraw['amount']): Coins | undefined {
  let coins: Coins;
  try {
    coins = coinsFromProto(list);
  } catch {
    return undefined;
  }
  return validateCoins(coins) === undefined ? coins : undefined;
}

const toAmounts = (coins: Coins): Amounts => Object.fromEntries(coins.map((c) => [c.denom, c.amount]));

const innerText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const msgWithdraw: MsgSpec<MsgWithdraw> = {
  typeName: `${P}.MsgWithdraw`,
  responseType: `${P}.MsgWithdrawResponse`,
  signers: (msg) => [msg.wallet_address],
  validateBasic(msg) {
    if (validCoins(msg.amount) === undefined) throw PotErrors.WithdrawAmountInvalid.error();
    if (msg.wallet_address === '') throw PotErrors.MissingWalletAddress.error();
    if (msg.target_address === '') throw PotErrors.MissingTargetAddress.error();
    if (bech32Problem(msg.wallet_address, Hrp.account) !== undefined) throw PotErrors.InvalidAddress.error();
  },
  handle(draft, msg, ctx) {
    const walletProblem = bech32Problem(msg.wallet_address, Hrp.account);
    if (walletProblem !== undefined) throw PotErrors.InvalidAddress.wrap(walletProblem);
    const coins = withdrawMature(draft, msg.wallet_address, msg.target_address, msg.amount, ctx);
    ctx.emit(PotEvents.withdraw({ amount: formatCoins(coins), wallet_address: msg.wallet_address, target_address: msg.target_address }));
    return {};
  },
};

/** Steps 1–4 of §3.7: the wallet's mature total → `target` out of `total_reward_pool`. */
function withdrawMature(draft: Draft<AppState>, wallet: string, target: string, amountList: MsgWithdraw['amount'], ctx: Ctx): Coins {
  const targetProblem = bech32Problem(target, Hrp.account);
  if (targetProblem !== undefined) throw PotErrors.InvalidAddress.wrap(targetProblem);
  const coins = validCoins(amountList) ?? [];
  const amount = toAmounts(coins);
  const key = walletKey(wallet);
  const mature = getMatureTotalByKey(draft, key);
  if (!amountsGte(mature, amount)) throw PotErrors.WithdrawFailure.wrap(PotErrors.InsufficientMatureTotal.text);
  try {
    // bank's SendCoinsFromModuleToAccount refuses blocked module addresses
    if (isBlockedAddress(target)) throw SdkErrors.Unauthorized.wrap(`${target} is not allowed to receive funds`);
    sendCoinsFromModuleToAccount(draft, TOTAL_REWARD_POOL, target, coins, ctx);
  } catch (e) {
    if (SdkErrors.OutOfGas.is(e)) throw e; // a panic in the SDK: it reaches runTx unwrapped
    throw PotErrors.WithdrawFailure.wrap(innerText(e));
  }
  setMatureTotal(draft, key, amountsSub(mature, amount));
  return coins;
}

/**
 * MsgLegacyWithdraw as stratos-chain v0.11 had it (removed in v0.12; the spec lists
 * `tx pot legacy-withdraw`): the signer's public key read as a Cosmos secp256k1 key gives the
 * "legacy" wallet (ripemd160(sha256(key))), whose mature total goes to the target.
 */
export const msgLegacyWithdraw: MsgSpec<MsgLegacyWithdraw> = {
  typeName: `${P}.MsgLegacyWithdraw`,
  responseType: `${P}.MsgLegacyWithdrawResponse`,
  signers: (msg) => [msg.from],
  validateBasic(msg) {
    if (validCoins(msg.amount) === undefined) throw PotErrors.WithdrawAmountInvalid.error();
    if (msg.from === '') throw PotErrors.EmptyFromAddr.error();
    if (msg.target_address === '') throw PotErrors.MissingTargetAddress.error();
    if (bech32Problem(msg.from, Hrp.account) !== undefined) throw PotErrors.InvalidAddress.error();
  },
  handle(draft, msg, ctx) {
    const account = getAccount(draft as AppState, msg.from);
    if (!account?.pub_key) throw PotErrors.WithdrawFailure.wrap(`account ${msg.from} has no public key to derive the legacy wallet from`);
    const legacyWallet = accAddress(sdkSecp256k1Address(Buffer.from(account.pub_key.key, 'base64')));
    const coins = withdrawMature(draft, legacyWallet, msg.target_address, msg.amount, ctx);
    ctx.emit({ type: 'legacy_withdraw', data: { amount: coins, legacy_wallet_address: legacyWallet } });
    return {};
  },
};

export const msgFoundationDeposit: MsgSpec<MsgFoundationDeposit> = {
  typeName: `${P}.MsgFoundationDeposit`,
  responseType: `${P}.MsgFoundationDepositResponse`,
  signers: (msg) => [msg.from],
  validateBasic(msg) {
    if (validCoins(msg.amount) === undefined) throw PotErrors.FoundationDepositAmountInvalid.error();
    if (msg.from === '') throw PotErrors.EmptyFromAddr.error();
    if (bech32Problem(msg.from, Hrp.account) !== undefined) throw PotErrors.InvalidAddress.error();
  },
  handle(draft, msg, ctx) {
    const fromProblem = bech32Problem(msg.from, Hrp.account);
    if (fromProblem !== undefined) throw PotErrors.InvalidAddress.wrap(fromProblem);
    const coins = validCoins(msg.amount) ?? [];
    try {
      sendCoinsFromAccountToModule(draft, msg.from, FOUNDATION_ACCOUNT, coins, ctx);
    } catch (e) {
      // out of gas is a panic in the SDK: it reaches runTx unwrapped
      if (SdkErrors.OutOfGas.is(e)) throw e;
      if (e instanceof ChainError || e instanceof Error) throw PotErrors.FoundationDepositFailure.wrap(e.message);
      throw e;
    }
    ctx.emit(PotEvents.foundationDeposit({ amount: formatCoins(coins) }));
    return {};
  },
};
