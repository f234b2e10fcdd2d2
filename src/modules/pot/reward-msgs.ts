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
import type { MsgFoundationDeposit, MsgWithdraw } from './msg-types.ts';
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
    const targetProblem = bech32Problem(msg.target_address, Hrp.account);
    if (targetProblem !== undefined) throw PotErrors.InvalidAddress.wrap(targetProblem);
    const coins = validCoins(msg.amount) ?? [];
    const amount = toAmounts(coins);
    const key = walletKey(msg.wallet_address);
    const mature = getMatureTotalByKey(draft, key);
    if (!amountsGte(mature, amount)) throw PotErrors.WithdrawFailure.wrap(PotErrors.InsufficientMatureTotal.text);
    try {
      // bank's SendCoinsFromModuleToAccount refuses blocked module addresses
      if (isBlockedAddress(msg.target_address)) throw SdkErrors.Unauthorized.wrap(`${msg.target_address} is not allowed to receive funds`);
      sendCoinsFromModuleToAccount(draft, TOTAL_REWARD_POOL, msg.target_address, coins, ctx);
    } catch (e) {
      throw PotErrors.WithdrawFailure.wrap(innerText(e));
    }
    setMatureTotal(draft, key, amountsSub(mature, amount));
    ctx.emit(PotEvents.withdraw({ amount: formatCoins(coins), wallet_address: msg.wallet_address, target_address: msg.target_address }));
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
      if (e instanceof ChainError || e instanceof Error) throw PotErrors.FoundationDepositFailure.wrap(e.message);
      throw e;
    }
    ctx.emit(PotEvents.foundationDeposit({ amount: formatCoins(coins) }));
    return {};
  },
};
