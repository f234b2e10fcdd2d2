/**
 * Pot EndBlock (reference/chain-semantics.md §3.6, stratos-chain `x/pot/keeper/mature.go`):
 * reward maturation with slashing deduction, capped at 100 wallets per block for the newest epoch,
 * and the total-supply restoration every 10000 blocks.
 */
import type { Draft } from 'immer';
import { moduleAccountAddress } from '../auth/account.ts';
import { balanceOf, burnCoins, mintCoins } from '../bank/state.ts';
import { fundCommunityPoolFromModule } from '../distribution/community-pool.ts';
import { deductSlashing } from '../register/index.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { COMMUNITY_POOL, TOTAL_REWARD_POOL } from './distribute.ts';
import { amountsAdd, amountsSub, amountsToCoins, getImmatureTotalByKey, getMatureTotalByKey, rewardsAtEpoch, setImmatureTotal, setMatureTotal, single, type Amounts } from './state.ts';

/** `MatureCountPerBlock`. */
export const MATURE_COUNT_PER_BLOCK = 100;
/** RestoreTotalSupply runs when `height % 10000 == 1`. */
export const RESTORE_SUPPLY_INTERVAL = 10000n;

/** One wallet's reward of one mature epoch, as `RewardMatureAndSubSlashing` matured it. */
export interface MaturationTrace {
  /** the IndividualReward bucket (report epoch + mature_epoch at the report) */
  readonly matureEpoch: bigint;
  /** wallet hex (the reward key) */
  readonly key: string;
  readonly wallet: string;
  /** `r`: mining + traffic reward of the record */
  readonly reward: Amounts;
  /** taken from `r` (reward denom) for the wallet's slashing debt */
  readonly slashingDeducted: bigint;
  /** added to MatureTotal: `r − deducted` */
  readonly matured: Amounts;
}

/** A process-wide observer of maturations (the reward audit's replay); it must not change the state. */
export type MaturationObserver = (m: MaturationTrace, ctx: Ctx) => void;

let maturationObserver: MaturationObserver | undefined;

/** Installs (or with undefined removes) the maturation observer; returns the previous one. */
export function setMaturationObserver(o: MaturationObserver | undefined): MaturationObserver | undefined {
  const prev = maturationObserver;
  maturationObserver = o;
  return prev;
}

/** `RewardMatureAndSubSlashing`. */
export function rewardMatureAndSubSlashing(draft: Draft<AppState>, ctx: Ctx): void {
  const params = draft.pot.params;
  const last = draft.pot.last_distributed_epoch;
  let matured = draft.pot.matured_epoch;
  // the first batch matures from mature_epoch + 1
  if (matured === 0n) {
    matured = params.mature_epoch;
    draft.pot.matured_epoch = matured;
  }
  if (last <= matured) return;

  const processed: [string, string][] = [];
  // the chain's counter starts at 1 and stops when it exceeds 100: at most 100 wallets per block
  let processCount = 1;
  for (let e = matured + 1n; e <= last; e++) {
    let slashed: Amounts = {};
    let isBreak = true;
    for (const [key, rec] of rewardsAtEpoch(draft as AppState, e)) {
      if (processCount > MATURE_COUNT_PER_BLOCK && e === last) {
        isBreak = true;
        break;
      }
      const r = amountsAdd(rec.reward_from_mining_pool, rec.reward_from_traffic_pool);
      const rAmount = r[params.reward_denom] ?? 0n;
      const deducted = deductSlashing(draft, rec.wallet_address, rAmount);
      const deductedSet = single(params.reward_denom, deducted);
      slashed = amountsAdd(slashed, deductedSet);
      const maturedAmounts = amountsSub(r, deductedSet);
      setMatureTotal(draft, key, amountsAdd(getMatureTotalByKey(draft, key), maturedAmounts));
      setImmatureTotal(draft, key, amountsSub(getImmatureTotalByKey(draft, key), r));
      maturationObserver?.({ matureEpoch: e, key, wallet: rec.wallet_address, reward: r, slashingDeducted: deducted, matured: maturedAmounts }, ctx);
      processCount++;
      processed.push([e.toString(), key]);
      isBreak = false;
    }
    // FundCommunityPool(totalSlashed, total_reward_pool): runs for every epoch, even with nothing slashed
    fundCommunityPoolFromModule(draft, TOTAL_REWARD_POOL, amountsToCoins(slashed), ctx);
    if (!isBreak) draft.pot.matured_epoch = e;
  }

  const buckets = draft.pot.individual_rewards as Record<string, Record<string, unknown>>;
  const emptied = new Set<string>();
  for (const [epoch, key] of processed) {
    const bucket = buckets[epoch];
    if (!bucket) continue;
    delete bucket[key];
    emptied.add(epoch);
  }
  // a bucket left empty goes (checked once per bucket: the keys of a draft are read through proxies)
  for (const epoch of emptied) if (Object.keys(buckets[epoch]!).length === 0) delete buckets[epoch];
}

/**
 * `RestoreTotalSupply` (§3.6): burns a surplus from the community pool when it can cover it, or mints
 * a shortfall to `pot` and sends it to the community pool. Failures are only logged by the chain;
 * here they leave the state unchanged. The minted shortfall goes through `FundCommunityPool` (the
 * FeePool record grows). [QUIRK] The chain does not reduce `FeePool.community_pool` on the burn
 * (docs/quirks.md). The chain checks the FeePool record against the surplus; this check reads the
 * `distribution` account's balance, as before the record existed (docs/distribution.md).
 */
export function restoreTotalSupply(draft: Draft<AppState>, ctx: Ctx): void {
  const { denom, amount: initial } = draft.pot.params.initial_total_supply;
  const supply = draft.bank.supply[denom] ?? 0n;
  if (supply > initial) {
    const surplus = supply - initial;
    if (balanceOf(draft as AppState, moduleAccountAddress(COMMUNITY_POOL), denom) < surplus) return;
    burnCoins(draft, COMMUNITY_POOL, [{ denom, amount: surplus }], ctx);
  } else if (supply < initial) {
    const shortfall = initial - supply;
    mintCoins(draft, 'pot', [{ denom, amount: shortfall }], ctx);
    fundCommunityPoolFromModule(draft, 'pot', [{ denom, amount: shortfall }], ctx);
  }
}

let supplyRestoration = false;

/**
 * Turns `RestoreTotalSupply` on or off (module default off, for the unit tests). The real chain
 * runs it at every height ≡ 1 (mod 10000), block 1 included, where it mints the whole gap between
 * the bank supply and `initial_total_supply` into the community pool; with it on, every test
 * genesis smaller than that changes supply at block 1. A node turns it on unless app.toml says
 * `[pot] restore-total-supply = false` (node-settings.ts; docs/pot.md, docs/quirks.md).
 */
export function setSupplyRestoration(enabled: boolean): boolean {
  const prev = supplyRestoration;
  supplyRestoration = enabled;
  return prev;
}

/** Pot EndBlock: maturation, then (when enabled) the supply restoration at heights ≡ 1 (mod 10000). */
export function potEndBlock(draft: Draft<AppState>, ctx: Ctx): void {
  rewardMatureAndSubSlashing(draft, ctx);
  if (supplyRestoration && ctx.block.height % RESTORE_SUPPLY_INTERVAL === 1n) restoreTotalSupply(draft, ctx);
}
