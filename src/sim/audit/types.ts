/**
 * The reward audit of a chain home (`sdsim audit`, docs/audit.md): per report epoch, the inputs,
 * the tier and why, R and the splits, each wallet's rewards with the Dec steps of
 * reference/chain-semantics.md §3.5 that produced them, the community tax, the dust, the token
 * moves, maturity and withdrawals, and the check that every wei is accounted for. Money is bigint;
 * Dec values are their 18-digit decimal text.
 */

/** `[A, B]` of `--epochs A..B` (inclusive). */
export type EpochRange = readonly [bigint, bigint];

export interface AuditOptions {
  readonly epochs?: EpochRange;
  /** bech32 wallet address: only its rewards and withdrawals are listed (the checks still cover every wallet) */
  readonly wallet?: string;
  /** per-wallet records listed at most (default MAX_WALLET_RECORDS, 2,000,000): beyond, the audit asks to narrow it */
  readonly maxWalletRecords?: number;
}

export interface TierAudit {
  /** 1-based position in `mining_reward_params` */
  readonly index: number;
  readonly valveStart: bigint;
  readonly valveEnd: bigint;
  /** M: the tier's mining reward per report */
  readonly miningReward: bigint;
  readonly chainBp: bigint;
  readonly resourceBp: bigint;
  readonly metaBp: bigint;
  /** TotalMinedTokens before this report (what selects the tier) */
  readonly totalMinedBefore: bigint;
  readonly outOfIssuance: boolean;
  readonly reason: string;
}

export interface CreditAudit {
  readonly role: 'resource' | 'meta';
  readonly volume?: bigint;
  /** resource: quo(volume, Y) */
  readonly share?: string;
  /** meta: the meta node paid */
  readonly metaNode?: string;
  /** mul(MRN, share) or quo(MMN, cnt) */
  readonly miningDec: string;
  readonly mining: bigint;
  /** mul(TRN, share) or quo(TMN, cnt) */
  readonly beforeTax: string;
  /** mul(beforeTax, community_tax) */
  readonly tax: string;
  /** beforeTax − tax */
  readonly afterTax: string;
  readonly traffic: bigint;
}

export interface MaturityAudit {
  readonly height: bigint;
  readonly time: string;
  /** the IndividualReward bucket that matured (report epoch + mature_epoch) */
  readonly matureEpoch: bigint;
  /** added to the wallet's MatureTotal */
  readonly matured: bigint;
  readonly slashingDeducted: bigint;
}

export interface WalletAudit {
  readonly wallet: string;
  readonly role: 'resource' | 'meta' | 'resource+meta';
  /** Σ reported volume (resource credits) */
  readonly volume: bigint;
  readonly miningReward: bigint;
  readonly trafficReward: bigint;
  /** Σ Dec tax on this wallet's traffic part */
  readonly tax: string;
  /** one per credit (a wallet reported twice, or both resource and meta payee, has several) */
  readonly credits: readonly CreditAudit[];
  /** undefined: not matured by the last block */
  readonly maturity?: MaturityAudit;
}

export interface MoveAudit {
  readonly from: string;
  readonly to: string;
  readonly denom: string;
  readonly amount: bigint;
}

export interface RoleTotal {
  readonly mining: bigint;
  readonly traffic: bigint;
  /** credits (a wallet reported twice counts twice) */
  readonly credits: number;
}

export interface EpochCheck {
  readonly ok: boolean;
  readonly failures: readonly string[];
}

export interface EpochAudit {
  readonly epoch: bigint;
  readonly height: bigint;
  readonly time: string;
  readonly txHash: string;
  readonly inputs: {
    readonly st: bigint;
    readonly pt: bigint;
    readonly lt: bigint;
    readonly y: bigint;
    readonly depositNozRate: string;
    /** (St + Pt) / Lt: wei per noz a prepay pays at the margin (reference §1.4) */
    readonly ozonePrice: string;
  };
  readonly tier: TierAudit;
  readonly r: string;
  readonly splits: { readonly stakeTraffic: bigint; readonly trn: bigint; readonly tmn: bigint; readonly stakeMining: bigint; readonly mrn: bigint; readonly mmn: bigint };
  readonly bondedMetaNodes: bigint;
  readonly communityTax: { readonly rate: string; readonly dec: string; readonly truncated: bigint };
  readonly foundationToReward: bigint;
  readonly prepayToReward: bigint;
  /** Σ over every wallet paid (whatever `--wallet` lists), by role */
  readonly roleTotals: { readonly resource: RoleTotal; readonly meta: RoleTotal };
  /**
   * what the truncations left in the pools: traffic (Dec) in total_unissued_prepay, mining in
   * foundation_account; negative when the half-even rounded shares summed to more than 1 and the
   * wallets got more than the split (see `notes`)
   */
  readonly dust: { readonly traffic: string; readonly mining: bigint };
  readonly totalMinedAfter: bigint;
  readonly matureEpoch: bigint;
  readonly moves: readonly MoveAudit[];
  /** every wallet paid, by wallet address (only `--wallet` when given) */
  readonly wallets: readonly WalletAudit[];
  /** report entries with an invalid wallet address: their volume counts in Y, nobody is paid */
  readonly skipped: readonly { readonly wallet: string; readonly volume: bigint }[];
  /** what is worth knowing but accounted for (e.g. shares rounded up past a split) */
  readonly notes: readonly string[];
  readonly check: EpochCheck;
}

export interface WithdrawalAudit {
  readonly height: bigint;
  readonly time: string;
  readonly txHash: string;
  readonly wallet: string;
  readonly target: string;
  /** coins text as the event has it, e.g. `5wei` */
  readonly amount: string;
}

export interface Audit {
  readonly chainId: string;
  /** the replayed blocks: 1 … latest */
  readonly latestHeight: bigint;
  readonly latestTime: string;
  readonly settings: { readonly blsVerifier: string; readonly restoreTotalSupply: boolean };
  readonly filter: { readonly epochs?: EpochRange; readonly wallet?: string };
  readonly denoms: { readonly reward: string; readonly bond: string };
  /** the tiers at the last block */
  readonly tiers: readonly { readonly index: number; readonly valveStart: bigint; readonly valveEnd: bigint; readonly miningReward: bigint }[];
  readonly epochs: readonly EpochAudit[];
  readonly withdrawals: readonly WithdrawalAudit[];
  readonly verdict: {
    readonly ok: boolean;
    readonly epochsChecked: number;
    /** every failure, prefixed with its epoch */
    readonly failures: readonly string[];
    readonly text: string;
  };
}
