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
import { BP_DENOMINATOR, tierForMinedTokens, type MiningRewardParam } from './params.ts';
import { amountsAdd, amountsToCoins, single, tryWalletKey, setImmatureTotal, setTotalReward, getImmatureTotalByKey, type Amounts, type RewardRecord } from './state.ts';
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

/** One credit of §3.5 step 3 (resource) or step 4 (meta), with the Dec values before truncation. */
export interface DistributionCredit {
  readonly role: 'resource' | 'meta';
  /** wallet hex (the reward key) */
  readonly key: string;
  /** the payee as written: the report's wallet_address, or the meta node's beneficiary/owner */
  readonly wallet: string;
  /** resource: the reported volume */
  readonly volume?: bigint;
  /** resource: `quo(fromInt(volume), fromInt(Y))` */
  readonly share?: Dec;
  /** meta: the meta node's network address */
  readonly metaNode?: string;
  /** `mul(fromInt(MRN), share)` or `quo(fromInt(MMN), fromInt(cnt))` */
  readonly miningDec: Dec;
  readonly mining: bigint;
  /** `mul(fromInt(TRN), share)` or `quo(fromInt(TMN), fromInt(cnt))` */
  readonly beforeTax: Dec;
  /** `mul(beforeTax, community_tax)` */
  readonly taxPart: Dec;
  readonly traffic: bigint;
}

export interface TokenMove {
  readonly from: ModuleAccountName;
  readonly to: ModuleAccountName;
  readonly denom: string;
  readonly amount: bigint;
}

/** What one distribution computed, handed to the observer after its token moves (nothing is recomputed for it). */
export interface DistributionTrace extends Distribution {
  readonly epoch: bigint;
  /** the IndividualReward bucket the rewards were saved under (epoch + mature_epoch) */
  readonly matureEpoch: bigint;
  readonly inputs: RewardInputs;
  /** TotalMinedTokens before this distribution (the tier's selector) */
  readonly totalMinedBefore: bigint;
  readonly tier: MiningRewardParam;
  readonly outOfIssuance: boolean;
  readonly bondedMetaNodeCount: bigint;
  readonly communityTax: Dec;
  /** in message order, then the meta nodes in store order */
  readonly credits: readonly DistributionCredit[];
  /** report entries whose wallet address fails bech32: counted in Y, paid to nobody */
  readonly skipped: readonly WalletVolume[];
  readonly taxInt: bigint;
  /** the five token moves of step 8, in order */
  readonly moves: readonly TokenMove[];
}

/**
 * A process-wide observer of distributions (the reward audit installs one while it replays a
 * chain). `started` sees the state before any change; `distributed` gets the values the
 * distribution computed, after its token moves. Neither may change the state. A distribution
 * that fails after `started` never calls `distributed`; one inside a tx that later fails is
 * observed all the same (the observer checks the tx results).
 */
export interface DistributionObserver {
  readonly started?: (state: AppState, ctx: Ctx) => void;
  readonly distributed: (trace: DistributionTrace, state: AppState, ctx: Ctx) => void;
}

let observer: DistributionObserver | undefined;

/** Installs (or with undefined removes) the distribution observer; returns the previous one. */
export function setDistributionObserver(o: DistributionObserver | undefined): DistributionObserver | undefined {
  const prev = observer;
  observer = o;
  return prev;
}

/**
 * Runs §3.5 on the draft for a report of `epoch`. Throws ChainError (ErrVolumeReport, 32) on the
 * supply check, a zero total volume, out-of-issuance mining, or a failed token move.
 */
export function distributePotReward(draft: Draft<AppState>, volumes: readonly WalletVolume[], epoch: bigint, ctx: Ctx): Distribution {
  const state = draft as AppState;
  const params = state.pot.params;
  const watcher = observer;
  watcher?.started?.(state, ctx);
  const inputs = rewardInputs(state, volumes);
  const { y, st, pt, lt, rate } = inputs;

  // step 0: supply check
  const total = Dec.fromInt(st).quo(rate).truncateInt();
  if (Dec.fromInt(y).add(Dec.fromInt(lt)).gt(Dec.fromInt(total))) throw volumeError('remaining+consumed Noz exceeds total Noz supply');

  // tier from TotalMinedTokens before this distribution
  const totalMinedBefore = state.pot.total_mined_tokens;
  const { tier, outOfIssuance } = tierForMinedTokens(params, totalMinedBefore);
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
  // only an observer's distributions keep their steps
  const credits: DistributionCredit[] | undefined = watcher ? [] : undefined;
  const skipped: WalletVolume[] | undefined = watcher ? [] : undefined;
  /** Credits a node's mining reward and its traffic reward after the community tax; keeps the totals. */
  const credit = (key: string, mining: bigint, beforeTax: Dec, step?: Omit<DistributionCredit, 'key' | 'mining' | 'beforeTax' | 'taxPart' | 'traffic'>) => {
    const taxPart = beforeTax.mul(tax);
    const traffic = beforeTax.sub(taxPart).truncateInt();
    const cur = rewards.get(key) ?? { wallet: hexToBech32(key), mining: 0n, traffic: 0n };
    rewards.set(key, { wallet: cur.wallet, mining: cur.mining + mining, traffic: cur.traffic + traffic });
    foundationToReward += mining;
    prepayToReward += traffic;
    taxDec = taxDec.add(taxPart);
    if (credits && step) credits.push({ ...step, key, mining, beforeTax, taxPart, traffic });
  };

  // step 3: resource nodes, in message order
  for (const v of volumes) {
    const key = tryWalletKey(v.wallet_address);
    if (key === undefined) {
      skipped?.push(v);
      continue;
    }
    requireIssuance();
    // [EDGE] Y = 0: division by zero panics on the chain; a clear tx error here
    if (y === 0n) throw volumeError('total volume of the report is zero: cannot compute the wallet shares');
    const share = Dec.fromInt(v.volume).quo(Dec.fromInt(y));
    const miningDec = Dec.fromInt(mrn).mul(share);
    credit(key, miningDec.truncateInt(), Dec.fromInt(trn).mul(share), credits && { role: 'resource', wallet: v.wallet_address, volume: v.volume, share, miningDec });
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
    const miningDec = Dec.fromInt(mmn).quo(Dec.fromInt(cnt));
    credit(key, miningDec.truncateInt(), Dec.fromInt(tmn).quo(Dec.fromInt(cnt)), credits && { role: 'meta', wallet: payee, metaNode: node.network_address, miningDec });
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
  setTotalReward(draft, epoch, {
    mining_reward: single(params.reward_denom, stakeMining + foundationToReward),
    traffic_reward: single(params.bond_denom, stakeTraffic + prepayToReward + taxInt),
  });

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

  const distribution: Distribution = { r, stakeTraffic, trn, tmn, stakeMining, mrn, mmn, foundationToReward, prepayToReward, taxDec, rewards: saved };
  if (watcher) {
    watcher.distributed(
      {
        ...distribution,
        epoch,
        matureEpoch,
        inputs,
        totalMinedBefore,
        tier,
        outOfIssuance,
        bondedMetaNodeCount: cnt,
        communityTax: tax,
        credits: credits!,
        skipped: skipped!,
        taxInt,
        moves: [
          { from: FOUNDATION_ACCOUNT, to: FEE_COLLECTOR, denom: params.reward_denom, amount: stakeMining },
          { from: TOTAL_UNISSUED_PREPAY, to: FEE_COLLECTOR, denom: params.bond_denom, amount: stakeTraffic },
          { from: FOUNDATION_ACCOUNT, to: TOTAL_REWARD_POOL, denom: params.reward_denom, amount: foundationToReward },
          { from: TOTAL_UNISSUED_PREPAY, to: TOTAL_REWARD_POOL, denom: params.bond_denom, amount: prepayToReward },
          { from: TOTAL_UNISSUED_PREPAY, to: COMMUNITY_POOL, denom: params.bond_denom, amount: taxInt },
        ],
      },
      state,
      ctx,
    );
  }
  return distribution;
}
