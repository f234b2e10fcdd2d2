/**
 * `DistributePotReward` (reference/chain-semantics.md §3.4–3.5, stratos-chain
 * `x/pot/keeper/distribute.go`): traffic pool R, tier selection, the chain/resource/meta splits,
 * per-wallet shares, community tax on the traffic part, saving and the five token moves. Every Dec
 * step uses the exact `Dec` rounding of §0.2 in the place the reference names; nothing else rounds.
 */
import type { Draft } from 'immer';
import { ChainError } from '../../errors.ts';
import { Dec } from '../../math/dec.ts';
import { moduleAccountAddress, type ModuleAccountName } from '../auth/account.ts';
import { balanceOf, sendCoinsFromModuleToModule } from '../bank/state.ts';
import { BondStatus, depositNozRate, effectiveTotalDeposit, remainingOzoneLimit, setRemainingOzoneLimit, type MetaNodeRecord } from '../register/index.ts';
import { shardValues } from '../../state/sharded.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { PotErrors } from './errors.ts';
import { BP_DENOMINATOR, tierForMinedTokens } from './params.ts';
import { amountsAdd, amountsToCoins, single, tryWalletKey, setImmatureTotal, getImmatureTotalByKey, type Amounts, type RewardRecord } from './state.ts';
import { hexToBech32 } from '../../crypto/address.ts';
import { fundCommunityPoolFromModule } from '../distribution/community-pool.ts';

export const TOTAL_UNISSUED_PREPAY: ModuleAccountName = 'total_unissued_prepay';
export const FOUNDATION_ACCOUNT: ModuleAccountName = 'foundation_account';
export const TOTAL_REWARD_POOL: ModuleAccountName = 'total_reward_pool';
export const FEE_COLLECTOR: ModuleAccountName = 'fee_collector';
/** The community pool is the `distribution` module account plus FeePool.community_pool (§3.5 step 8.5). */
export const COMMUNITY_POOL: ModuleAccountName = 'distribution';

export interface WalletVolume {
  readonly wallet_address: string;
  readonly volume: bigint;
}

/** The reward inputs of §3.4, read before any change made by the report. */
export interface RewardInputs {
  /** Σ volume (noz), invalid wallets included */
  readonly y: bigint;
  readonly st: bigint;
  readonly pt: bigint;
  readonly lt: bigint;
  readonly rate: Dec;
}

export function rewardInputs(state: AppState, volumes: readonly WalletVolume[]): RewardInputs {
  let y = 0n;
  for (const v of volumes) y += v.volume;
  return {
    y,
    st: effectiveTotalDeposit(state),
    pt: balanceOf(state, moduleAccountAddress(TOTAL_UNISSUED_PREPAY), state.pot.params.bond_denom),
    lt: remainingOzoneLimit(state),
    rate: depositNozRate(state),
  };
}

/**
 * The traffic pool `R = quo(mul(fromInt(St) + fromInt(Pt), fromInt(Y)), fromInt(Lt) + fromInt(Y))`
 * (§3.5 step 1; also the slashing amount of §3.9 with Y = slashing).
 */
export function trafficPool(st: bigint, pt: bigint, lt: bigint, y: bigint): Dec {
  return Dec.fromInt(st).add(Dec.fromInt(pt)).mul(Dec.fromInt(y)).quo(Dec.fromInt(lt).add(Dec.fromInt(y)));
}

/** `trunc(quo(mul(x, fromInt(bp)), fromInt(10000)))`. */
function bpShareOfDec(x: Dec, bp: bigint): bigint {
  return x.mul(Dec.fromInt(bp)).quo(Dec.fromInt(BP_DENOMINATOR)).truncateInt();
}

/** Everything a distribution computed: the test-visible record of one report. */
export interface Distribution {
  readonly r: Dec;
  readonly stakeTraffic: bigint;
  readonly trn: bigint;
  readonly tmn: bigint;
  readonly stakeMining: bigint;
  readonly mrn: bigint;
  readonly mmn: bigint;
  readonly foundationToReward: bigint;
  readonly prepayToReward: bigint;
  readonly taxDec: Dec;
  /** wallet hex → record, as saved under the mature epoch */
  readonly rewards: ReadonlyMap<string, RewardRecord>;
}

const volumeError = (detail: string): ChainError => PotErrors.VolumeReport.wrap(detail);

/**
 * Runs §3.5 on the draft for a report of `epoch`. Throws ChainError (ErrVolumeReport, 32) on the
 * supply check, a zero total volume, out-of-issuance mining, or a failed token move.
 */
export function distributePotReward(draft: Draft<AppState>, volumes: readonly WalletVolume[], epoch: bigint, ctx: Ctx): Distribution {
  const state = draft as AppState;
  const params = state.pot.params;
  const { y, st, pt, lt, rate } = rewardInputs(state, volumes);

  // step 0: supply check
  const total = Dec.fromInt(st).quo(rate).truncateInt();
  if (Dec.fromInt(y).add(Dec.fromInt(lt)).gt(Dec.fromInt(total))) throw volumeError('remaining+consumed Noz exceeds total Noz supply');

  // tier from TotalMinedTokens before this distribution
  const { tier, outOfIssuance } = tierForMinedTokens(params, state.pot.total_mined_tokens);
  const chainBP = tier.block_chain_percentage_in_bp;
  const resourceBP = tier.resource_node_percentage_in_bp;
  const metaBP = tier.meta_node_percentage_in_bp;

  // step 1: traffic pool (the bp apply even when out of issuance)
  const r = trafficPool(st, pt, lt, y);
  const stakeTraffic = bpShareOfDec(r, chainBP);
  const trn = bpShareOfDec(r, resourceBP);
  const tmn = bpShareOfDec(r, metaBP);

  // step 2: mining pool; exact floors through Dec since every input is an integer
  const m = Dec.fromInt(tier.mining_reward.amount);
  const stakeMining = bpShareOfDec(m, chainBP);
  const mrn = bpShareOfDec(m, resourceBP);
  const mmn = bpShareOfDec(m, metaBP);
  // [EDGE] out of issuance: the chain's mining goal stays nil and the per-node loop panics at its
  // first use; the simulator fails the tx there with a clear error instead (docs/quirks.md).
  const requireIssuance = (): void => {
    if (outOfIssuance) {
      throw volumeError(
        `${PotErrors.OutOfIssuance.text}: total mined tokens ${state.pot.total_mined_tokens} reached the end of the last tier`,
      );
    }
  };

  const tax = Dec.fromRaw(params.community_tax);
  const rewards = new Map<string, { wallet: string; mining: bigint; traffic: bigint }>();
  let foundationToReward = 0n;
  let prepayToReward = 0n;
  let taxDec = Dec.ZERO;
  /** Credits a node's mining reward and its traffic reward after the community tax; keeps the totals. */
  const credit = (key: string, mining: bigint, beforeTax: Dec) => {
    const taxPart = beforeTax.mul(tax);
    const traffic = beforeTax.sub(taxPart).truncateInt();
    const cur = rewards.get(key) ?? { wallet: hexToBech32(key), mining: 0n, traffic: 0n };
    rewards.set(key, { wallet: cur.wallet, mining: cur.mining + mining, traffic: cur.traffic + traffic });
    foundationToReward += mining;
    prepayToReward += traffic;
    taxDec = taxDec.add(taxPart);
  };

  // step 3: resource nodes, in message order
  for (const v of volumes) {
    const key = tryWalletKey(v.wallet_address);
    if (key === undefined) continue;
    requireIssuance();
    // [EDGE] Y = 0: division by zero panics on the chain; a clear tx error here
    if (y === 0n) throw volumeError('total volume of the report is zero: cannot compute the wallet shares');
    const share = Dec.fromInt(v.volume).quo(Dec.fromInt(y));
    const mining = Dec.fromInt(mrn).mul(share).truncateInt();
    credit(key, mining, Dec.fromInt(trn).mul(share));
  }

  // step 4: meta nodes, every stored Bonded one (suspended included), equal shares
  const cnt = state.register.bonded_meta_node_count;
  for (const node of shardValues(state.register.meta_nodes) as Generator<MetaNodeRecord>) {
    if (node.status !== BondStatus.BONDED) continue;
    const payee = node.beneficiary_address.trim() === '' ? node.owner_address : node.beneficiary_address;
    const key = tryWalletKey(payee);
    if (key === undefined) continue;
    requireIssuance();
    if (cnt === 0n) throw volumeError('bonded meta node count is zero: cannot compute the meta node shares');
    const mining = Dec.fromInt(mmn).quo(Dec.fromInt(cnt)).truncateInt();
    credit(key, mining, Dec.fromInt(tmn).quo(Dec.fromInt(cnt)));
  }

  // step 6: save per wallet, then the totals
  const matureEpoch = epoch + params.mature_epoch;
  const bucketKey = matureEpoch.toString();
  const buckets = draft.pot.individual_rewards as Record<string, Record<string, RewardRecord>>;
  const bucket = (buckets[bucketKey] ??= {});
  const saved = new Map<string, RewardRecord>();
  for (const [key, rw] of rewards) {
    const record: RewardRecord = {
      wallet_address: rw.wallet,
      reward_from_mining_pool: single(params.reward_denom, rw.mining),
      reward_from_traffic_pool: single(params.bond_denom, rw.traffic),
    };
    bucket[key] = record;
    saved.set(key, record);
    const sum: Amounts = amountsAdd(record.reward_from_mining_pool, record.reward_from_traffic_pool);
    setImmatureTotal(draft, key, amountsAdd(getImmatureTotalByKey(draft, key), sum));
  }
  if (Object.keys(bucket).length === 0) delete buckets[bucketKey];

  draft.pot.total_mined_tokens = state.pot.total_mined_tokens + stakeMining + foundationToReward;
  draft.pot.last_distributed_epoch = epoch;
  const taxInt = taxDec.truncateInt();
  (draft.pot.total_rewards as Record<string, unknown>)[epoch.toString()] = {
    mining_reward: single(params.reward_denom, stakeMining + foundationToReward),
    traffic_reward: single(params.bond_denom, stakeTraffic + prepayToReward + taxInt),
  };

  // step 7: return the consumed ozone
  setRemainingOzoneLimit(draft, lt + Dec.fromInt(y).truncateInt());

  // step 8: token moves, in this order
  const move = (from: ModuleAccountName, to: ModuleAccountName, denom: string, amount: bigint) => {
    try {
      const coins = amountsToCoins(single(denom, amount));
      // FundCommunityPool: the bank move plus the FeePool record
      if (to === COMMUNITY_POOL) fundCommunityPoolFromModule(draft, from, coins, ctx);
      else sendCoinsFromModuleToModule(draft, from, to, coins, ctx);
    } catch (e) {
      throw volumeError(e instanceof Error ? e.message : String(e));
    }
  };
  move(FOUNDATION_ACCOUNT, FEE_COLLECTOR, params.reward_denom, stakeMining);
  move(TOTAL_UNISSUED_PREPAY, FEE_COLLECTOR, params.bond_denom, stakeTraffic);
  move(FOUNDATION_ACCOUNT, TOTAL_REWARD_POOL, params.reward_denom, foundationToReward);
  move(TOTAL_UNISSUED_PREPAY, TOTAL_REWARD_POOL, params.bond_denom, prepayToReward);
  move(TOTAL_UNISSUED_PREPAY, COMMUNITY_POOL, params.bond_denom, taxInt);

  return { r, stakeTraffic, trn, tmn, stakeMining, mrn, mmn, foundationToReward, prepayToReward, taxDec, rewards: saved };
}
