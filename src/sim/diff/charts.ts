/**
 * The diff's plots as Vega-Lite specs, rendered by the audit's `chartSvg` (src/sim/audit/charts.ts):
 * the difference per epoch by role, the distribution of the per-wallet differences, and the largest
 * winners and losers. Amounts are plotted as numbers in one unit chosen for the diff's size; the
 * tables keep the exact figures.
 */
import type { TopLevelSpec } from 'vega-lite';
import { barsByWalletSpec, MAX_POINTS, stackedByEpochSpec, type Chart } from '../audit/charts.ts';
import { DIFF_ROLES, type Diff, type RoleEpochDiff } from './types.ts';

export interface PlotUnit {
  readonly name: 'stos' | 'gwei' | 'wei';
  readonly wei: bigint;
}

/** stos from 0.01 stos on, gwei from 1 gwei on, wei below: the plotted numbers stay readable */
export function plotUnit(diff: Diff): PlotUnit {
  const abs = (v: bigint) => (v < 0n ? -v : v);
  let max = 0n;
  for (const v of [...diff.roles.map((r) => r.diff.total), ...diff.wallets.map((w) => w.diff.total)]) if (abs(v) > max) max = abs(v);
  if (max >= 10n ** 16n) return { name: 'stos', wei: 10n ** 18n };
  if (max >= 10n ** 9n) return { name: 'gwei', wei: 10n ** 9n };
  return { name: 'wei', wei: 1n };
}

export function diffCharts(diff: Diff): Chart[] {
  const unit = plotUnit(diff);
  return [byRoleChart(diff, unit), distributionChart(diff, unit), winnersLosersChart(diff, unit)];
}

const inUnit = (wei: bigint, unit: PlotUnit): number => Number(wei) / Number(unit.wei);

function byRoleChart(diff: Diff, unit: PlotUnit): Chart {
  const size = Math.max(1, Math.ceil(diff.epochs.length / MAX_POINTS));
  const values: { epoch: number; role: string; value: number }[] = [];
  for (let i = 0; i < diff.epochs.length; i += size) {
    // roles are epoch-major, DIFF_ROLES.length rows per compared epoch
    const rows: readonly RoleEpochDiff[] = diff.roles.slice(i * DIFF_ROLES.length, (i + size) * DIFF_ROLES.length);
    for (const role of DIFF_ROLES) {
      values.push({ epoch: Number(diff.epochs[i]!), role, value: inUnit(rows.filter((r) => r.role === role).reduce((s, r) => s + r.diff.total, 0n), unit) });
    }
  }
  return {
    id: 'diff-by-role',
    title: size > 1 ? `Difference B − A by role, summed over every ${size} epochs` : 'Difference B − A per epoch by role',
    spec: stackedByEpochSpec(values, size, 'value', `mining + traffic, B − A (${unit.name})`, DIFF_ROLES),
  };
}

function distributionChart(diff: Diff, unit: PlotUnit): Chart {
  const values = diff.wallets.map((w) => ({ wallet: w.wallet, value: inUnit(w.diff.total, unit) }));
  return {
    id: 'wallet-distribution',
    title: `Distribution of the per-wallet differences (${diff.wallets.length} wallet(s))`,
    spec: {
      width: 640,
      height: 220,
      data: { values },
      mark: 'bar',
      encoding: {
        x: { field: 'value', type: 'quantitative', bin: { maxbins: 30 }, title: `a wallet's mining + traffic over the compared epochs, B − A (${unit.name})` },
        y: { aggregate: 'count', type: 'quantitative', title: 'wallets' },
      },
    },
  };
}

function winnersLosersChart(diff: Diff, unit: PlotUnit): Chart {
  const values = [
    ...diff.winners.map((w) => ({ wallet: w.wallet, side: 'winner', value: inUnit(w.diff.total, unit) })),
    ...diff.losers.map((w) => ({ wallet: w.wallet, side: 'loser', value: inUnit(w.diff.total, unit) })),
  ];
  return {
    id: 'winners-losers',
    title: `The largest winners and losers (${diff.winners.length} winner(s), ${diff.losers.length} loser(s))`,
    spec: barsByWalletSpec(values, 'value', `mining + traffic, B − A (${unit.name})`, { field: 'side', type: 'nominal', title: null, scale: { domain: ['winner', 'loser'], range: ['#2a7f3a', '#b33'] } }),
  };
}
