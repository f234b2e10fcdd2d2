/**
 * The bank slice and its keeper functions. Balances are kept per account as a denom → amount
 * record; total supply per denom. Every movement emits the SDK's bank events
 * (reference/sdk-modules.md §1.6), even for an empty coin set.
 */
import type { Draft } from 'immer';
import { SdkErrors } from '../../errors.ts';
import { formatCoins, type Coins } from '../../math/coins.ts';
import type { Coin } from '../../math/coin.ts';
import type { Ctx } from '../../state/module.ts';
import { shardDelete, shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import { accountKey, moduleAccountAddress, MODULE_ACCOUNT_PERMISSIONS, type ModuleAccountName, type ModulePermission } from '../auth/account.ts';
import { ensureAccount, ensureModuleAccount, type AuthState } from '../auth/state.ts';
import type { BankParams } from './params.ts';

export type Balance = Readonly<Record<string, bigint>>;

export interface BankState {
  readonly params: BankParams;
  /** keyed by lowercase hex of the address bytes; only positive amounts are stored */
  readonly balances: Sharded<Balance>;
  /** total supply per denom; only positive amounts are stored */
  readonly supply: Readonly<Record<string, bigint>>;
  /** denom metadata as given in genesis (proto-JSON objects), sorted by base denom */
  readonly denom_metadata: readonly unknown[];
}

interface HasBank {
  readonly auth: AuthState;
  readonly bank: BankState;
}

const BALANCE_KEY_LEN = 25;
const BALANCE_VALUE_LEN = 30;

export function balanceOf(state: HasBank, address: string, denom: string): bigint {
  return shardGet(state.bank.balances, accountKey(address))?.[denom] ?? 0n;
}

/** All balances of an account as a sorted coin set. */
export function balancesOf(state: HasBank, address: string): Coins {
  const b = shardGet(state.bank.balances, accountKey(address));
  if (!b) return [];
  return Object.keys(b)
    .sort()
    .map((denom) => ({ denom, amount: b[denom]! }));
}

/** Stores `denom`'s new amount in an account's balance entry (`current`, as read), dropping zeros. */
function writeBalance(balances: Sharded<Balance>, key: string, current: Balance | undefined, denom: string, amount: bigint, ctx: Ctx): void {
  ctx.gas.write(BALANCE_KEY_LEN, BALANCE_VALUE_LEN);
  if (amount === 0n) {
    if (!current || !(denom in current)) return;
    const { [denom]: _, ...rest } = current;
    if (Object.keys(rest).length === 0) shardDelete(balances, key);
    else shardSet(balances, key, rest);
    return;
  }
  shardSet(balances, key, current ? { ...current, [denom]: amount } : { [denom]: amount });
}

function subUnlocked(draft: Draft<HasBank>, address: string, coins: Coins, ctx: Ctx): void {
  const key = accountKey(address);
  const balances = draft.bank.balances as Sharded<Balance>;
  for (const c of coins) {
    ctx.gas.read(BALANCE_KEY_LEN, BALANCE_VALUE_LEN);
    const current = shardGet(balances, key);
    const have = current?.[c.denom] ?? 0n;
    if (have < c.amount) {
      // SDK v0.47 `subUnlockedCoins`: an empty spendable set prints as "".
      const spendable = have > 0n ? `${have}${c.denom}` : '';
      throw SdkErrors.InsufficientFunds.wrap(`spendable balance ${spendable} is smaller than ${c.amount}${c.denom}`);
    }
    writeBalance(balances, key, current, c.denom, have - c.amount, ctx);
  }
  ctx.emit({ type: 'coin_spent', data: { spender: address, amount: coins } });
}

function addUnlocked(draft: Draft<HasBank>, address: string, coins: Coins, ctx: Ctx): void {
  const key = accountKey(address);
  const balances = draft.bank.balances as Sharded<Balance>;
  for (const c of coins) {
    ctx.gas.read(BALANCE_KEY_LEN, BALANCE_VALUE_LEN);
    const current = shardGet(balances, key);
    writeBalance(balances, key, current, c.denom, (current?.[c.denom] ?? 0n) + c.amount, ctx);
  }
  ctx.emit({ type: 'coin_received', data: { receiver: address, amount: coins } });
}

/**
 * `SendCoins`: moves coins between accounts, creating the recipient account if it does not exist,
 * and emits coin_spent, coin_received, transfer and message{sender}.
 */
export function sendCoins(draft: Draft<HasBank>, from: string, to: string, coins: Coins, ctx: Ctx): void {
  subUnlocked(draft, from, coins, ctx);
  addUnlocked(draft, to, coins, ctx);
  ensureAccount(draft, to, ctx);
  ctx.emit({ type: 'transfer', data: { recipient: to, sender: from, amount: coins } });
  ctx.emit({ type: 'message', data: { sender: from } });
}

export function sendCoinsFromAccountToModule(draft: Draft<HasBank>, from: string, module: ModuleAccountName, coins: Coins, ctx: Ctx): void {
  ensureModuleAccount(draft, module, ctx);
  sendCoins(draft, from, moduleAccountAddress(module), coins, ctx);
}

export function sendCoinsFromModuleToAccount(draft: Draft<HasBank>, module: ModuleAccountName, to: string, coins: Coins, ctx: Ctx): void {
  ensureModuleAccount(draft, module, ctx);
  sendCoins(draft, moduleAccountAddress(module), to, coins, ctx);
}

export function sendCoinsFromModuleToModule(draft: Draft<HasBank>, from: ModuleAccountName, to: ModuleAccountName, coins: Coins, ctx: Ctx): void {
  ensureModuleAccount(draft, from, ctx);
  ensureModuleAccount(draft, to, ctx);
  sendCoins(draft, moduleAccountAddress(from), moduleAccountAddress(to), coins, ctx);
}

/**
 * `DelegateCoinsFromAccountToModule` (staking): only coin_spent and coin_received, no transfer or
 * message event; a short balance fails as `failed to delegate; <balance> is smaller than <amount>`.
 */
export function delegateCoinsFromAccountToModule(draft: Draft<HasBank>, from: string, module: ModuleAccountName, coins: Coins, ctx: Ctx): void {
  ensureModuleAccount(draft, module, ctx);
  const key = accountKey(from);
  const balances = draft.bank.balances as Sharded<Balance>;
  for (const c of coins) {
    ctx.gas.read(BALANCE_KEY_LEN, BALANCE_VALUE_LEN);
    const current = shardGet(balances, key);
    const have = current?.[c.denom] ?? 0n;
    if (have < c.amount) throw SdkErrors.InsufficientFunds.wrap(`failed to delegate; ${have}${c.denom} is smaller than ${formatCoins(coins)}`);
    writeBalance(balances, key, current, c.denom, have - c.amount, ctx);
  }
  ctx.emit({ type: 'coin_spent', data: { spender: from, amount: coins } });
  addUnlocked(draft, moduleAccountAddress(module), coins, ctx);
}

/** `UndelegateCoinsFromModuleToAccount` (staking): coin_spent and coin_received only. */
export function undelegateCoinsFromModuleToAccount(draft: Draft<HasBank>, module: ModuleAccountName, to: string, coins: Coins, ctx: Ctx): void {
  ensureModuleAccount(draft, module, ctx);
  subUnlocked(draft, moduleAccountAddress(module), coins, ctx);
  addUnlocked(draft, to, coins, ctx);
}

function requirePermission(module: ModuleAccountName, permission: ModulePermission, verb: string): void {
  if (!MODULE_ACCOUNT_PERMISSIONS[module]?.includes(permission)) {
    throw SdkErrors.Unauthorized.wrap(`module account ${module} does not have permissions to ${verb} tokens`);
  }
}

function changeSupply(draft: Draft<HasBank>, coins: Coins, sign: 1n | -1n): void {
  const supply = draft.bank.supply as Record<string, bigint>;
  for (const c of coins) {
    const next = (supply[c.denom] ?? 0n) + sign * c.amount;
    if (next < 0n) throw SdkErrors.InsufficientFunds.wrap(`supply of ${c.denom} would become negative`);
    if (next === 0n) delete supply[c.denom];
    else supply[c.denom] = next;
  }
}

/** `MintCoins`: coin_received then coinbase. */
export function mintCoins(draft: Draft<HasBank>, module: ModuleAccountName, coins: Coins, ctx: Ctx): void {
  requirePermission(module, 'minter', 'mint');
  ensureModuleAccount(draft, module, ctx);
  const address = moduleAccountAddress(module);
  addUnlocked(draft, address, coins, ctx);
  changeSupply(draft, coins, 1n);
  ctx.emit({ type: 'coinbase', data: { minter: address, amount: coins } });
}

/** `BurnCoins`: coin_spent then burn. */
export function burnCoins(draft: Draft<HasBank>, module: ModuleAccountName, coins: Coins, ctx: Ctx): void {
  requirePermission(module, 'burner', 'burn');
  ensureModuleAccount(draft, module, ctx);
  const address = moduleAccountAddress(module);
  subUnlocked(draft, address, coins, ctx);
  changeSupply(draft, coins, -1n);
  ctx.emit({ type: 'burn', data: { burner: address, amount: coins } });
}

/** Genesis-only: credits an account and the supply without events. */
export function creditGenesisBalance(draft: Draft<HasBank>, address: string, coins: readonly Coin[]): void {
  const key = accountKey(address);
  const balances = draft.bank.balances as Sharded<Balance>;
  const current = { ...(shardGet(balances, key) ?? {}) } as Record<string, bigint>;
  for (const c of coins) if (c.amount > 0n) current[c.denom] = (current[c.denom] ?? 0n) + c.amount;
  if (Object.keys(current).length > 0) shardSet(balances, key, current);
}
