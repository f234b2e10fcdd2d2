/**
 * The reward difference between two chain homes of the same population (`sdsim diff`, docs/diff.md):
 * per wallet and report epoch, per role, with totals, always B − A. Money is bigint (wei).
 */

export const DIFF_BY = ['wallet', 'epoch', 'role'] as const;
/** what the tables are grouped by (the JSON always has everything) */
export type DiffBy = (typeof DIFF_BY)[number];

/** The roles a report pays, through its splits (reference/chain-semantics.md §3.5). */
export const DIFF_ROLES = ['resource', 'meta', 'validators', 'community tax'] as const;
export type DiffRole = (typeof DIFF_ROLES)[number];

export interface Figures {
  readonly mining: bigint;
  readonly traffic: bigint;
  /** mining + traffic */
  readonly total: bigint;
}

/** One figure on both sides and their difference. */
export interface Compared {
  readonly a: Figures;
  readonly b: Figures;
  /** b − a */
  readonly diff: Figures;
}

export interface WalletEpochDiff extends Compared {
  readonly epoch: bigint;
  readonly wallet: string;
  /** the roles it was paid for in this epoch, on either side: resource, meta or resource+meta */
  readonly role: string;
}

export interface WalletDiff extends Compared {
  readonly wallet: string;
  /** the roles it was paid for in the compared epochs, on either side */
  readonly role: string;
  /** compared epochs in which either side paid it */
  readonly epochs: number;
}

/** Σ over the wallets paid in one report epoch. */
export interface EpochDiff extends Compared {
  readonly epoch: bigint;
  /** the report's height in A and in B */
  readonly heightA: bigint;
  readonly heightB: bigint;
}

/**
 * resource / meta: what the role's wallets got (the audit's role totals); validators: the chain's
 * share of the report (stakeMining, stakeTraffic); community tax: the truncated tax (traffic only).
 */
export interface RoleEpochDiff extends Compared {
  readonly epoch: bigint;
  readonly role: DiffRole;
}

export interface RoleDiff extends Compared {
  readonly role: DiffRole;
}

export interface SideOnly {
  /** report epochs of this side only: not compared */
  readonly epochs: readonly bigint[];
  /** wallets this side paid in the compared epochs and the other did not (they count 0 there) */
  readonly wallets: readonly string[];
}

export interface Diff {
  readonly chainId: string;
  readonly homeA: string;
  readonly homeB: string;
  readonly by: DiffBy;
  /** the report epochs both sides have: the ones compared */
  readonly epochs: readonly bigint[];
  readonly only: { readonly a: SideOnly; readonly b: SideOnly };
  /** what differs between the two sides besides rewards (epochs, wallets, an audit's verdict) */
  readonly notes: readonly string[];
  /** the two audits' verdicts */
  readonly verdicts: { readonly a: string; readonly b: string };
  /** every wallet paid by either side in each compared epoch, by wallet then epoch */
  readonly walletEpochs: readonly WalletEpochDiff[];
  /** per wallet over the compared epochs, by wallet */
  readonly wallets: readonly WalletDiff[];
  /** per compared epoch, Σ over its wallets */
  readonly epochTotals: readonly EpochDiff[];
  /** per compared epoch and role, epoch-major, roles in DIFF_ROLES order */
  readonly roles: readonly RoleEpochDiff[];
  /** per role over the compared epochs */
  readonly roleTotals: readonly RoleDiff[];
  /** Σ over every wallet and compared epoch */
  readonly total: Compared;
  /** the largest positive total differences (at most TOP_N), largest first; ties by wallet */
  readonly winners: readonly WalletDiff[];
  /** the largest negative total differences (at most TOP_N), most negative first; ties by wallet */
  readonly losers: readonly WalletDiff[];
}
