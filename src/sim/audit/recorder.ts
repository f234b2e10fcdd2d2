/**
 * What the audit's replay observes: the pot module's distribution and maturation observers
 * (src/modules/pot/distribute.ts, mature.ts) hand over the values the one implementation computed;
 * the recorder turns them into `EpochAudit`s and checks, as each distribution happens, that the
 * pools moved by exactly the sums and that the saved records are those sums. Nothing here
 * recomputes a reward.
 *
 * A distribution inside a tx that later fails is observed too (and a block's txs before a failing
 * one run twice), so observations are keyed by height, tx hash and epoch, and `committed` keeps
 * only those whose tx the store records as successful.
 */
import { Dec } from '../../math/dec.ts';
import { moduleAccountAddress } from '../../modules/auth/account.ts';
import { balanceOf } from '../../modules/bank/state.ts';
import type { DistributionCredit, DistributionObserver, DistributionTrace } from '../../modules/pot/distribute.ts';
import type { MaturationObserver, MaturationTrace } from '../../modules/pot/mature.ts';
import { potQueries } from '../../modules/pot/queries.ts';
import { rewardsAtEpoch, type Amounts } from '../../modules/pot/state.ts';
import { createCodec } from '../../codec/registry.ts';
import { remainingOzoneLimit } from '../../modules/register/index.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import type { CreditAudit, EpochAudit, EpochRange, TierAudit, WalletAudit } from './types.ts';

/** The module accounts a distribution moves tokens between (reference §3.5 step 8). */
const totalRewardQuery = potQueries.find((q) => q.method.endsWith('.Query/TotalRewardByEpoch'))!;

const POOLS = ['foundation_account', 'total_unissued_prepay', 'fee_collector', 'total_reward_pool', 'distribution'] as const;

export interface RecordedEpoch {
  readonly audit: EpochAudit;
  /** Σ every wallet's reward (mining + traffic, all denoms summed): what maturity must pay out */
  readonly credited: bigint;
  /** how many wallets the report credited (one record each) */
  readonly walletCount: number;
  /** the listed wallets' rewards, by wallet hex */
  readonly listed: ReadonlyMap<string, bigint>;
}

export interface RecordedMaturation extends MaturationTrace {
  readonly height: bigint;
  readonly timeNs: bigint;
}

/** The maturations of one mature epoch in one block, summed over every wallet. */
export interface MaturationGroup {
  readonly matureEpoch: bigint;
  readonly height: bigint;
  wallets: number;
  /** Σ r of the matured records */
  reward: bigint;
  /** Σ (matured + slashing deducted) */
  paidOut: bigint;
}

/**
 * Per-wallet records kept before the recorder stops keeping them: a year of reports to a thousand
 * wallets would not fit in memory. The checks go on; `auditHome` then asks for --epochs or --wallet.
 */
export const MAX_WALLET_RECORDS = 2_000_000;

export const sumAmounts = (a: Amounts): bigint => Object.values(a).reduce((s, v) => s + v, 0n);

export class AuditRecorder {
  /** `height/txHash/epoch` → the last observation of it */
  private readonly distributions = new Map<string, { txHash: string; height: bigint; recorded: RecordedEpoch }>();
  /** `height/txHash/epoch` of every report, in the epoch range or not (to name the epochs that have reports) */
  private readonly reports = new Map<string, { txHash: string; height: bigint; epoch: bigint }>();
  /** the mature epochs the recorded reports saved under (maturations of others are not audited) */
  private readonly buckets = new Set<bigint>();
  /** `height/matureEpoch` → the sums of its maturations (EndBlock runs once per block) */
  private readonly maturationGroups = new Map<string, MaturationGroup>();
  /** the listed wallets' maturations */
  private readonly maturations: RecordedMaturation[] = [];
  private poolsBefore: Map<string, bigint> | undefined;
  /** per-wallet records kept so far (every observation, failed txs' included) */
  private walletRecords = 0;
  /** true once `MAX_WALLET_RECORDS` was reached */
  overflow = false;

  constructor(
    private readonly epochs: EpochRange | undefined,
    /** wallet hex of `--wallet` */
    private readonly walletKey: string | undefined,
    private readonly maxWalletRecords = MAX_WALLET_RECORDS,
  ) {}

  readonly distributionObserver: DistributionObserver = {
    started: (state) => {
      this.poolsBefore = poolBalances(state);
    },
    distributed: (trace, state, ctx) => {
      const txHash = ctx.txHash ?? '';
      const id = `${ctx.block.height}/${txHash}/${trace.epoch}`;
      this.reports.set(id, { txHash, height: ctx.block.height, epoch: trace.epoch });
      if (this.epochs && (trace.epoch < this.epochs[0] || trace.epoch > this.epochs[1])) return;
      const recorded = this.record(trace, state, ctx, this.poolsBefore ?? new Map());
      this.distributions.set(id, { txHash, height: ctx.block.height, recorded });
    },
  };

  readonly maturationObserver: MaturationObserver = (m, ctx) => {
    if (!this.buckets.has(m.matureEpoch)) return;
    const height = ctx.block.height;
    const id = `${height}/${m.matureEpoch}`;
    let group = this.maturationGroups.get(id);
    if (!group) this.maturationGroups.set(id, (group = { matureEpoch: m.matureEpoch, height, wallets: 0, reward: 0n, paidOut: 0n }));
    group.wallets++;
    group.reward += sumAmounts(m.reward);
    group.paidOut += sumAmounts(m.matured) + m.slashingDeducted;
    if (this.walletKey === undefined || m.key === this.walletKey) this.maturations.push({ ...m, height, timeNs: ctx.block.timeNs });
  };

  /** The distributions whose tx succeeded (`succeeded(txHash, height)`), in epoch order. */
  committed(succeeded: (txHash: string, height: bigint) => boolean): RecordedEpoch[] {
    return [...this.distributions.values()]
      .filter((d) => d.txHash === '' || succeeded(d.txHash, d.height))
      .map((d) => d.recorded)
      .sort((a, b) => (a.audit.epoch < b.audit.epoch ? -1 : a.audit.epoch > b.audit.epoch ? 1 : 0));
  }

  /** The epochs of every report whose tx succeeded, in or out of the epoch range: ascending, each once. */
  reportedEpochs(succeeded: (txHash: string, height: bigint) => boolean): bigint[] {
    const epochs = new Set<bigint>();
    for (const r of this.reports.values()) if (r.txHash === '' || succeeded(r.txHash, r.height)) epochs.add(r.epoch);
    return [...epochs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** the listed wallets' maturations */
  maturationList(): readonly RecordedMaturation[] {
    return this.maturations;
  }

  maturationGroupList(): MaturationGroup[] {
    return [...this.maturationGroups.values()];
  }

  private record(t: DistributionTrace, state: AppState, ctx: Ctx, before: ReadonlyMap<string, bigint>): RecordedEpoch {
    const params = state.pot.params;
    const failures: string[] = [];
    const fail = (text: string) => failures.push(text);

    // per wallet, in wallet order (§3.5 step 5); all wallets for the checks, the filtered ones kept
    const byKey = new Map<string, DistributionCredit[]>();
    let miningSum = 0n;
    let trafficSum = 0n;
    let taxSum = Dec.ZERO;
    const roleTotals = { resource: { mining: 0n, traffic: 0n, credits: 0 }, meta: { mining: 0n, traffic: 0n, credits: 0 } };
    const beforeTaxSums = { resource: Dec.ZERO, meta: Dec.ZERO };
    for (const c of t.credits) {
      beforeTaxSums[c.role] = beforeTaxSums[c.role].add(c.beforeTax);
      roleTotals[c.role].mining += c.mining;
      roleTotals[c.role].traffic += c.traffic;
      roleTotals[c.role].credits++;
      miningSum += c.mining;
      trafficSum += c.traffic;
      taxSum = taxSum.add(c.taxPart);
      const list = byKey.get(c.key);
      if (list) list.push(c);
      else byKey.set(c.key, [c]);
    }
    let credited = 0n;
    const listed = new Map<string, bigint>();
    const wallets: WalletAudit[] = [];
    const bucket = new Map(rewardsAtEpoch(state, t.matureEpoch));
    for (const [key, credits] of byKey) {
      const mining = credits.reduce((s, c) => s + c.mining, 0n);
      const traffic = credits.reduce((s, c) => s + c.traffic, 0n);
      credited += mining + traffic;
      const saved = bucket.get(key);
      const savedMining = saved ? (saved.reward_from_mining_pool[params.reward_denom] ?? 0n) : undefined;
      const savedTraffic = saved ? (saved.reward_from_traffic_pool[params.bond_denom] ?? 0n) : undefined;
      if (savedMining !== mining || savedTraffic !== traffic) {
        fail(`wallet ${credits[0]!.wallet}: saved reward record (mining ${savedMining ?? 'none'}, traffic ${savedTraffic ?? 'none'}) differs from its credits (mining ${mining}, traffic ${traffic})`);
      }
      if (this.walletKey !== undefined && key !== this.walletKey) continue;
      if (this.walletRecords >= this.maxWalletRecords) {
        this.overflow = true;
        continue;
      }
      this.walletRecords++;
      listed.set(key, mining + traffic);
      const roles = new Set(credits.map((c) => c.role));
      wallets.push({
        wallet: t.rewards.get(key)?.wallet_address ?? credits[0]!.wallet,
        role: roles.size === 2 ? 'resource+meta' : credits[0]!.role,
        volume: credits.reduce((s, c) => s + (c.volume ?? 0n), 0n),
        miningReward: mining,
        trafficReward: traffic,
        tax: credits.reduce((s, c) => s.add(c.taxPart), Dec.ZERO).toString(),
        credits: credits.map(creditAudit),
      });
    }
    wallets.sort((a, b) => (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0));

    // the sums the token moves carry
    if (miningSum !== t.foundationToReward) fail(`Σ wallet mining rewards ${miningSum} ≠ foundation_account → total_reward_pool ${t.foundationToReward}`);
    if (trafficSum !== t.prepayToReward) fail(`Σ wallet traffic rewards ${trafficSum} ≠ total_unissued_prepay → total_reward_pool ${t.prepayToReward}`);
    if (!taxSum.eq(t.taxDec)) fail(`Σ wallet tax ${taxSum} ≠ community tax ${t.taxDec}`);
    if (t.taxInt !== t.taxDec.truncateInt()) fail(`community tax paid ${t.taxInt} ≠ trunc(${t.taxDec})`);

    // dust: what the truncations (and invalid wallets' shares) left in the pools
    const m = t.tier.mining_reward.amount;
    const trafficDust = t.r.sub(Dec.fromInt(t.stakeTraffic + trafficSum + t.taxInt));
    const miningDust = m - t.stakeMining - miningSum;
    // the shares are rounded half-even (§0.2), so they can sum to a little more than 1 and the wallets
    // get a few wei more than the pool's split: the chain pays it from the pool; noted, not a failure
    const notes: string[] = [];
    for (const role of ['resource', 'meta'] as const) {
      const split = role === 'resource' ? { mining: t.mrn, traffic: t.trn } : { mining: t.mmn, traffic: t.tmn };
      const paid = roleTotals[role];
      const who = role === 'resource' ? 'resource wallets' : 'meta payees';
      if (paid.mining > split.mining) notes.push(`the ${who} got ${paid.mining - split.mining} wei more mining reward than their split ${split.mining} (shares rounded up); foundation_account paid it`);
      const beforeTax = beforeTaxSums[role];
      if (beforeTax.gt(Dec.fromInt(split.traffic))) {
        notes.push(`the ${who}' traffic reward before tax ${beforeTax} exceeds their split ${split.traffic} by ${beforeTax.sub(Dec.fromInt(split.traffic))} (shares rounded up); total_unissued_prepay paid it`);
      }
    }
    if (Dec.fromInt(t.stakeTraffic + t.trn + t.tmn).gt(t.r)) fail(`traffic splits ${t.stakeTraffic} + ${t.trn} + ${t.tmn} exceed R ${t.r}`);
    if (t.stakeMining + t.mrn + t.mmn > m) fail(`mining splits ${t.stakeMining} + ${t.mrn} + ${t.mmn} exceed the tier's reward ${m}`);

    // the pools moved by exactly the sums
    const after = poolBalances(state);
    const want = new Map<string, bigint>();
    for (const mv of t.moves) {
      want.set(`${mv.from}/${mv.denom}`, (want.get(`${mv.from}/${mv.denom}`) ?? 0n) - mv.amount);
      want.set(`${mv.to}/${mv.denom}`, (want.get(`${mv.to}/${mv.denom}`) ?? 0n) + mv.amount);
    }
    for (const [slot, value] of after) {
      const moved = value - (before.get(slot) ?? 0n);
      const expectedMove = want.get(slot) ?? 0n;
      if (moved !== expectedMove) fail(`${slot.replace('/', ' ')} moved by ${moved}, expected ${expectedMove}`);
    }
    const totalMinedAfter = state.pot.total_mined_tokens;
    if (totalMinedAfter - t.totalMinedBefore !== t.stakeMining + t.foundationToReward) {
      fail(`total mined tokens grew by ${totalMinedAfter - t.totalMinedBefore}, expected stakeMining + Σmining = ${t.stakeMining + t.foundationToReward}`);
    }
    // read as the chain answers TotalRewardByEpoch: the pot module's own reader of its store
    const total = totalRewardQuery.run(state, { epoch: t.epoch }, { height: ctx.block.height, codec: createCodec() }) as {
      total_reward: { mining_reward: { denom: string; amount: string }[]; traffic_reward: { denom: string; amount: string }[] };
    };
    const amountOf = (coins: { denom: string; amount: string }[], denom: string) => BigInt(coins.find((c) => c.denom === denom)?.amount ?? '0');
    const totalMining = amountOf(total.total_reward.mining_reward, params.reward_denom);
    const totalTraffic = amountOf(total.total_reward.traffic_reward, params.bond_denom);
    if (totalMining !== t.stakeMining + t.foundationToReward || totalTraffic !== t.stakeTraffic + t.prepayToReward + t.taxInt) {
      fail(`TotalReward record (mining ${totalMining}, traffic ${totalTraffic}) ≠ (${t.stakeMining + t.foundationToReward}, ${t.stakeTraffic + t.prepayToReward + t.taxInt})`);
    }
    if (remainingOzoneLimit(state) !== t.inputs.lt + t.inputs.y) fail(`remaining ozone limit ${remainingOzoneLimit(state)} ≠ Lt + Y = ${t.inputs.lt + t.inputs.y}`);

    const { st, pt, lt, y, rate } = t.inputs;
    const audit: EpochAudit = {
      epoch: t.epoch,
      height: ctx.block.height,
      time: formatTimeNs(ctx.block.timeNs),
      txHash: ctx.txHash ?? '',
      inputs: { st, pt, lt, y, depositNozRate: rate.toString(), ozonePrice: lt > 0n ? Dec.fromInt(st + pt).quo(Dec.fromInt(lt)).toString() : '' },
      tier: tierAudit(t, params.mining_reward_params.indexOf(t.tier) + 1),
      r: t.r.toString(),
      splits: { stakeTraffic: t.stakeTraffic, trn: t.trn, tmn: t.tmn, stakeMining: t.stakeMining, mrn: t.mrn, mmn: t.mmn },
      bondedMetaNodes: t.bondedMetaNodeCount,
      communityTax: { rate: t.communityTax.toString(), dec: t.taxDec.toString(), truncated: t.taxInt },
      foundationToReward: t.foundationToReward,
      prepayToReward: t.prepayToReward,
      roleTotals,
      dust: { traffic: trafficDust.toString(), mining: miningDust },
      totalMinedAfter,
      matureEpoch: t.matureEpoch,
      moves: t.moves.map((mv) => ({ ...mv })),
      wallets,
      skipped: t.skipped.map((s) => ({ wallet: s.wallet_address, volume: s.volume })),
      notes,
      check: { ok: failures.length === 0, failures },
    };
    this.buckets.add(t.matureEpoch);
    return { audit, credited, walletCount: byKey.size, listed };
  }
}

function poolBalances(state: AppState): Map<string, bigint> {
  const denoms = new Set([state.pot.params.reward_denom, state.pot.params.bond_denom]);
  const out = new Map<string, bigint>();
  for (const pool of POOLS) for (const denom of denoms) out.set(`${pool}/${denom}`, balanceOf(state, moduleAccountAddress(pool), denom));
  return out;
}

function creditAudit(c: DistributionCredit): CreditAudit {
  return {
    role: c.role,
    ...(c.volume !== undefined ? { volume: c.volume } : {}),
    ...(c.share !== undefined ? { share: c.share.toString() } : {}),
    ...(c.metaNode !== undefined ? { metaNode: c.metaNode } : {}),
    miningDec: c.miningDec.toString(),
    mining: c.mining,
    beforeTax: c.beforeTax.toString(),
    tax: c.taxPart.toString(),
    afterTax: c.beforeTax.sub(c.taxPart).toString(),
    traffic: c.traffic,
  };
}

function tierAudit(t: DistributionTrace, index: number): TierAudit {
  const start = t.tier.total_mined_valve_start.amount;
  const end = t.tier.total_mined_valve_end.amount;
  const reason = t.outOfIssuance
    ? `total mined ${t.totalMinedBefore} is in no tier (the last tier ends at ${end}): out of issuance`
    : `total mined ${t.totalMinedBefore} is in [${start}, ${end}) of tier ${index}`;
  return {
    index,
    valveStart: start,
    valveEnd: end,
    miningReward: t.tier.mining_reward.amount,
    chainBp: t.tier.block_chain_percentage_in_bp,
    resourceBp: t.tier.resource_node_percentage_in_bp,
    metaBp: t.tier.meta_node_percentage_in_bp,
    totalMinedBefore: t.totalMinedBefore,
    outOfIssuance: t.outOfIssuance,
    reason,
  };
}
