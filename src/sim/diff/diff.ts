/**
 * `diffHomes`: audits two chain homes of the same population (one replay after the other,
 * src/sim/audit) and compares their rewards, B − A (docs/diff.md). `diffAudits` is the comparison
 * alone.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { auditHome } from '../audit/audit.ts';
import type { Audit, EpochAudit } from '../audit/types.ts';
import { chainDbPath, expandHome, homeLayout, readConsensusConfig } from '../../node/home.ts';
import { DIFF_BY, DIFF_ROLES, type Compared, type Diff, type DiffBy, type DiffRole, type EpochDiff, type Figures, type RoleDiff, type RoleEpochDiff, type WalletDiff, type WalletEpochDiff } from './types.ts';

/** winners and losers listed */
export const TOP_N = 10;
/** wallets or epochs named in a note at most (the `only` lists have them all) */
const NAMED = 5;

export interface DiffOptions {
  readonly by?: DiffBy;
}

export function parseDiffBy(text: string): DiffBy {
  if (!(DIFF_BY as readonly string[]).includes(text)) throw new Error(`invalid --by ${JSON.stringify(text)}: expected one of ${DIFF_BY.join(', ')}`);
  return text as DiffBy;
}

export async function diffHomes(homeA: string, homeB: string, opts: DiffOptions = {}): Promise<Diff> {
  const by = parseDiffBy(opts.by ?? 'wallet');
  // both homes are checked before either replay starts
  const genesisA = readHomeGenesis(homeA, 'A');
  const genesisB = readHomeGenesis(homeB, 'B');
  checkSameChain(genesisA, genesisB);
  const a = await auditOf(homeA, 'A');
  const b = await auditOf(homeB, 'B');
  return diffAudits(a, b, { by, homeA: genesisA.home, homeB: genesisB.home });
}

/** one replay after the other; the audit's own errors (a pruned home, a replay mismatch) name the side */
async function auditOf(home: string, side: 'A' | 'B'): Promise<Audit> {
  try {
    return await auditHome(home);
  } catch (e) {
    throw new Error(`home ${side}: ${(e as Error).message}`, { cause: e });
  }
}

interface HomeGenesis {
  readonly home: string;
  readonly chainId: string;
  /** the genesis accounts with a balance: the population */
  readonly addresses: ReadonlySet<string>;
}

function readHomeGenesis(home: string, side: 'A' | 'B'): HomeGenesis {
  const root = expandHome(home);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`home ${side}: no chain home at ${root}: the directory does not exist`);
  const layout = homeLayout(root, readConsensusConfig(root));
  const dbPath = chainDbPath(layout);
  if (!existsSync(dbPath)) throw new Error(`home ${side}: no chain in ${layout.home}: ${dbPath} does not exist (a home gets its chain from "chaind start" or "sdsim run")`);
  if (!existsSync(layout.genesisFile)) throw new Error(`home ${side}: no genesis in ${layout.home}: ${layout.genesisFile} does not exist`);
  const genesis = JSON.parse(readFileSync(layout.genesisFile, 'utf8')) as { chain_id?: string; app_state?: { bank?: { balances?: { address: string }[] } } };
  return { home: layout.home, chainId: genesis.chain_id ?? '', addresses: new Set((genesis.app_state?.bank?.balances ?? []).map((x) => x.address)) };
}

/** Runs of one scenario with other parameters share the chain id and the population's addresses. */
function checkSameChain(a: HomeGenesis, b: HomeGenesis): void {
  if (a.chainId !== b.chainId) {
    throw new Error(`homes A and B are of different chains: chain id ${JSON.stringify(a.chainId)} in A, ${JSON.stringify(b.chainId)} in B (diff two runs of the same scenario)`);
  }
  const onlyA = [...a.addresses].filter((x) => !b.addresses.has(x)).sort();
  const onlyB = [...b.addresses].filter((x) => !a.addresses.has(x)).sort();
  if (onlyA.length > 0 || onlyB.length > 0) {
    throw new Error(
      `homes A and B are of different chains: their genesis accounts differ (${onlyA.length} only in A${named(onlyA)}, ${onlyB.length} only in B${named(onlyB)}); diff two runs of the same scenario and seed (the same population)`,
    );
  }
}

const named = (list: readonly (string | bigint)[]): string => (list.length === 0 ? '' : `: ${list.slice(0, NAMED).join(', ')}${list.length > NAMED ? ', …' : ''}`);

const ZERO: Figures = { mining: 0n, traffic: 0n, total: 0n };
const figures = (mining: bigint, traffic: bigint): Figures => ({ mining, traffic, total: mining + traffic });
const plus = (x: Figures, y: Figures): Figures => figures(x.mining + y.mining, x.traffic + y.traffic);
const compared = (a: Figures, b: Figures): Compared => ({ a, b, diff: figures(b.mining - a.mining, b.traffic - a.traffic) });
const sumCompared = (list: readonly Compared[]): Compared => {
  let a = ZERO;
  let b = ZERO;
  for (const c of list) {
    a = plus(a, c.a);
    b = plus(b, c.b);
  }
  return compared(a, b);
};
const byText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
/** resource, meta → resource+meta */
const joinRoles = (roles: Iterable<string>): string => {
  const set = new Set([...roles].flatMap((r) => r.split('+')));
  return ['resource', 'meta'].filter((r) => set.has(r)).join('+');
};

function roleFigures(e: EpochAudit): Record<DiffRole, Figures> {
  return {
    resource: figures(e.roleTotals.resource.mining, e.roleTotals.resource.traffic),
    meta: figures(e.roleTotals.meta.mining, e.roleTotals.meta.traffic),
    validators: figures(e.splits.stakeMining, e.splits.stakeTraffic),
    'community tax': figures(0n, e.communityTax.truncated),
  };
}

/** The comparison of two audits of the same population, B − A. */
export function diffAudits(a: Audit, b: Audit, o: { by: DiffBy; homeA: string; homeB: string }): Diff {
  const epochsA = new Map(a.epochs.map((e) => [e.epoch, e]));
  const epochsB = new Map(b.epochs.map((e) => [e.epoch, e]));
  const common = [...epochsA.keys()].filter((e) => epochsB.has(e)).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const onlyEpochsA = a.epochs.map((e) => e.epoch).filter((e) => !epochsB.has(e));
  const onlyEpochsB = b.epochs.map((e) => e.epoch).filter((e) => !epochsA.has(e));

  const walletEpochs: WalletEpochDiff[] = [];
  const epochTotals: EpochDiff[] = [];
  const roles: RoleEpochDiff[] = [];
  const paidA = new Set<string>();
  const paidB = new Set<string>();
  for (const epoch of common) {
    const ea = epochsA.get(epoch)!;
    const eb = epochsB.get(epoch)!;
    const wa = new Map(ea.wallets.map((w) => [w.wallet, w]));
    const wb = new Map(eb.wallets.map((w) => [w.wallet, w]));
    const rows: WalletEpochDiff[] = [];
    for (const wallet of [...new Set([...wa.keys(), ...wb.keys()])].sort(byText)) {
      const x = wa.get(wallet);
      const y = wb.get(wallet);
      if (x) paidA.add(wallet);
      if (y) paidB.add(wallet);
      const c = compared(x ? figures(x.miningReward, x.trafficReward) : ZERO, y ? figures(y.miningReward, y.trafficReward) : ZERO);
      rows.push({ epoch, wallet, role: joinRoles([x?.role, y?.role].filter((r): r is NonNullable<typeof r> => r !== undefined)), ...c });
    }
    walletEpochs.push(...rows);
    epochTotals.push({ epoch, heightA: ea.height, heightB: eb.height, ...sumCompared(rows) });
    const ra = roleFigures(ea);
    const rb = roleFigures(eb);
    for (const role of DIFF_ROLES) roles.push({ epoch, role, ...compared(ra[role], rb[role]) });
  }
  walletEpochs.sort((x, y) => byText(x.wallet, y.wallet) || (x.epoch < y.epoch ? -1 : x.epoch > y.epoch ? 1 : 0));

  const wallets: WalletDiff[] = [];
  for (let i = 0; i < walletEpochs.length; ) {
    let j = i;
    while (j < walletEpochs.length && walletEpochs[j]!.wallet === walletEpochs[i]!.wallet) j++;
    const rows = walletEpochs.slice(i, j);
    wallets.push({ wallet: rows[0]!.wallet, role: joinRoles(rows.map((r) => r.role)), epochs: rows.length, ...sumCompared(rows) });
    i = j;
  }
  const roleTotals: RoleDiff[] = DIFF_ROLES.map((role) => ({ role, ...sumCompared(roles.filter((r) => r.role === role)) }));
  const winners = wallets
    .filter((w) => w.diff.total > 0n)
    .sort((x, y) => (x.diff.total > y.diff.total ? -1 : x.diff.total < y.diff.total ? 1 : byText(x.wallet, y.wallet)))
    .slice(0, TOP_N);
  const losers = wallets
    .filter((w) => w.diff.total < 0n)
    .sort((x, y) => (x.diff.total < y.diff.total ? -1 : x.diff.total > y.diff.total ? 1 : byText(x.wallet, y.wallet)))
    .slice(0, TOP_N);

  const onlyWalletsA = [...paidA].filter((w) => !paidB.has(w)).sort(byText);
  const onlyWalletsB = [...paidB].filter((w) => !paidA.has(w)).sort(byText);
  const notes: string[] = [];
  if (onlyEpochsA.length > 0 || onlyEpochsB.length > 0) {
    notes.push(
      `the report epochs differ: ${onlyEpochsA.length} only in A${named(onlyEpochsA)}; ${onlyEpochsB.length} only in B${named(onlyEpochsB)}; compared the ${common.length} epoch(s) both have`,
    );
  }
  if (onlyWalletsA.length > 0 || onlyWalletsB.length > 0) {
    notes.push(
      `the paid wallets differ: ${onlyWalletsA.length} paid only in A${named(onlyWalletsA)}; ${onlyWalletsB.length} paid only in B${named(onlyWalletsB)}; each counts 0 on the side that did not pay it`,
    );
  }
  if (!a.verdict.ok) notes.push(`the audit of A: ${a.verdict.text}`);
  if (!b.verdict.ok) notes.push(`the audit of B: ${b.verdict.text}`);

  return {
    chainId: a.chainId,
    homeA: o.homeA,
    homeB: o.homeB,
    by: o.by,
    epochs: common,
    only: { a: { epochs: onlyEpochsA, wallets: onlyWalletsA }, b: { epochs: onlyEpochsB, wallets: onlyWalletsB } },
    notes,
    verdicts: { a: a.verdict.text, b: b.verdict.text },
    walletEpochs,
    wallets,
    epochTotals,
    roles,
    roleTotals,
    total: sumCompared(wallets),
    winners,
    losers,
  };
}
