/**
 * The audit's plots: Vega-Lite specs compiled to Vega and rendered to static SVG in Node (no
 * script, no font or data URL in the page). Amounts are plotted in stos (wei / 10^18) as numbers;
 * the tables keep the exact figures.
 */
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import type { Audit, EpochAudit } from './types.ts';

export interface Chart {
  readonly id: string;
  readonly title: string;
  readonly spec: TopLevelSpec;
  /** a sentence shown under the chart (e.g. the next tier valve when it is off the chart's scale) */
  readonly note?: string;
}

const WEI_PER_STOS = 1e18;
const stos = (wei: bigint): number => Number(wei) / WEI_PER_STOS;
/** the per-node chart shows this many wallets, the largest first */
export const TOP_WALLETS = 40;

/** a chart over epochs shows at most this many points or bars: more epochs are grouped in bins */
export const MAX_POINTS = 200;

/** Consecutive epochs in bins of equal size, so that there are at most MAX_POINTS of them. */
function bins(audit: Audit): { size: number; groups: EpochAudit[][] } {
  const size = Math.max(1, Math.ceil(audit.epochs.length / MAX_POINTS));
  const groups: EpochAudit[][] = [];
  for (let i = 0; i < audit.epochs.length; i += size) groups.push(audit.epochs.slice(i, i + size));
  return { size, groups };
}

/** A last bin smaller than the others (its sum is over fewer epochs), named in the title. */
const lastBinNote = (groups: readonly EpochAudit[][], size: number): string => {
  const last = groups.at(-1)?.length ?? size;
  return last < size ? ` (the last bin ${last})` : '';
};

/** the last epoch of each bin: for values that are states (total mined, St, Pt, Lt, prices) */
const sampled = (audit: Audit): EpochAudit[] => bins(audit).groups.map((g) => g.at(-1)!);
const sampledNote = (audit: Audit): string => {
  const { size } = bins(audit);
  return size > 1 ? ` (the last report of every ${size})` : '';
};

export function auditCharts(audit: Audit): Chart[] {
  return [totalMinedChart(audit), rewardsByRoleChart(audit), perNodeChart(audit), ozonePriceChart(audit), depositsChart(audit)];
}

/** a tier valve this close to the plotted total mined (a share of the plotted span) is drawn too */
export const VALVE_NEAR = 0.25;

/** wei as stos for a sentence: thousands separated, at most 2 decimals (rounded half up): `16,818,720`, `0.5` */
export function stosText(wei: bigint): string {
  const neg = wei < 0n;
  const hundredths = ((neg ? -wei : wei) + 5n * 10n ** 15n) / 10n ** 16n;
  const int = (hundredths / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * The total mined after each report, scaled to the run's own range, with the tier valves that lie
 * in it or near it (VALVE_NEAR of its span). A valve far above (a tier that ends at 16,819,200 stos
 * while the run mined 480) is not drawn: the chart's note names the next valve and how far it is.
 */
export function totalMinedChart(audit: Audit): Chart {
  const plotted = sampled(audit);
  const points = plotted.map((e) => ({ epoch: Number(e.epoch), stos: stos(e.totalMinedAfter) }));
  // every valve once, named by what starts or ends there: `tier 1 end / tier 2 start`
  const names = new Map<bigint, string[]>();
  const name = (v: bigint, text: string) => names.set(v, [...(names.get(v) ?? []), text]);
  for (const t of audit.tiers) {
    name(t.valveStart, `tier ${t.index} start`);
    name(t.valveEnd, `tier ${t.index} end`);
  }
  const valves = [...names].map(([wei, n]) => ({ wei, label: n.join(' / ') })).sort((a, b) => (a.wei < b.wei ? -1 : a.wei > b.wei ? 1 : 0));

  let note: string | undefined;
  let shown: typeof valves = [];
  let domain: [number, number] | undefined;
  if (plotted.length > 0) {
    const mined = plotted.map((e) => e.totalMinedAfter);
    let lo = mined.reduce((a, b) => (b < a ? b : a));
    const hi = mined.reduce((a, b) => (b > a ? b : a));
    // one value (or a flat line): plot it from zero
    if (lo === hi) lo = 0n;
    const near = ((hi - lo) * BigInt(Math.round(VALVE_NEAR * 100))) / 100n;
    shown = valves.filter((v) => v.wei >= lo - near && v.wei <= hi + near);
    const ends = [lo, hi, ...shown.map((v) => v.wei)];
    const [d0, d1] = [ends.reduce((a, b) => (b < a ? b : a)), ends.reduce((a, b) => (b > a ? b : a))];
    if (d0 < d1) domain = [stos(d0), stos(d1)];
    const last = audit.epochs.at(-1)!.totalMinedAfter;
    const next = valves.find((v) => v.wei > last);
    const after = `the total mined after the last report (${stosText(last)} stos)`;
    if (next && !shown.includes(next)) {
      note = `The next tier valve, ${next.label} at ${stosText(next.wei)} stos, is ${stosText(next.wei - last)} stos above ${after}: off this chart's scale.`;
    } else if (!next && valves.length > 0 && !shown.includes(valves.at(-1)!)) {
      note = `${after.charAt(0).toUpperCase()}${after.slice(1)} is past the last tier valve, ${valves.at(-1)!.label} at ${stosText(valves.at(-1)!.wei)} stos: out of issuance.`;
    }
  }
  const rules = shown.map((v) => ({ stos: stos(v.wei), label: `${v.label}: ${stosText(v.wei)} stos` }));
  return {
    id: 'total-mined',
    title: `Total mined against the tier valves${sampledNote(audit)}`,
    ...(note !== undefined ? { note } : {}),
    spec: {
      width: 640,
      height: 260,
      encoding: {
        y: { field: 'stos', type: 'quantitative', title: 'total mined after the report (stos)', scale: domain ? { domain, zero: false, nice: true } : { zero: true } },
      },
      layer: [
        { data: { values: rules }, mark: { type: 'rule', strokeDash: [4, 4], color: '#b44' } },
        // at the right edge: total mined only grows, so the line is there furthest from the valves it crossed
        { data: { values: rules }, mark: { type: 'text', align: 'right', dx: -4, dy: -6, color: '#b44' }, encoding: { x: { value: 'width' }, text: { field: 'label' } } },
        {
          data: { values: points },
          mark: { type: 'line', point: true },
          encoding: { x: { field: 'epoch', type: 'quantitative', title: 'report epoch', axis: { tickMinStep: 1 } } },
        },
      ],
    },
  };
}

function rewardsByRoleChart(audit: Audit): Chart {
  const { size, groups } = bins(audit);
  const sum = (g: EpochAudit[], f: (e: EpochAudit) => bigint) => stos(g.reduce((s, e) => s + f(e), 0n));
  const values = groups.flatMap((g) => {
    const epoch = Number(g[0]!.epoch);
    return [
      { epoch, role: 'validators (chain share)', stos: sum(g, (e) => e.splits.stakeMining + e.splits.stakeTraffic) },
      { epoch, role: 'resource nodes', stos: sum(g, (e) => e.roleTotals.resource.mining + e.roleTotals.resource.traffic) },
      { epoch, role: 'meta nodes', stos: sum(g, (e) => e.roleTotals.meta.mining + e.roleTotals.meta.traffic) },
      { epoch, role: 'community tax', stos: sum(g, (e) => e.communityTax.truncated) },
    ];
  });
  return {
    id: 'rewards-by-role',
    title: size > 1 ? `Reward by role, summed over every ${size} epochs${lastBinNote(groups, size)}` : 'Reward per epoch by role',
    spec: stackedByEpochSpec(values, size, 'stos', 'mining + traffic reward (stos)'),
  };
}

/**
 * Bars per (binned) epoch stacked by role: the audit's rewards by role and the diff's differences
 * by role. `values`: `{epoch, role, [field]}`; `size`: the epochs per bin; `roles`: the colour order.
 */
export function stackedByEpochSpec(values: readonly Record<string, unknown>[], size: number, field: string, title: string, roles?: readonly string[]): TopLevelSpec {
  return {
    width: 640,
    height: 260,
    data: { values: [...values] },
    mark: 'bar',
    encoding: {
      x: { field: 'epoch', type: 'ordinal', title: size > 1 ? `first report epoch of each ${size}` : 'report epoch', axis: { labelAngle: 0, labelOverlap: 'greedy' } },
      y: { field, type: 'quantitative', stack: 'zero', title },
      color: { field: 'role', type: 'nominal', title: 'paid to', ...(roles ? { scale: { domain: [...roles] } } : {}), legend: { labelLimit: 300 } },
    },
  } as TopLevelSpec;
}

function perNodeChart(audit: Audit): Chart {
  const totals = new Map<string, { wallet: string; role: string; wei: bigint }>();
  for (const e of audit.epochs) {
    for (const w of e.wallets) {
      const cur = totals.get(w.wallet) ?? { wallet: w.wallet, role: w.role, wei: 0n };
      totals.set(w.wallet, { ...cur, role: cur.role === w.role ? cur.role : 'resource+meta', wei: cur.wei + w.miningReward + w.trafficReward });
    }
  }
  const values = [...totals.values()]
    .sort((a, b) => (a.wei > b.wei ? -1 : a.wei < b.wei ? 1 : a.wallet < b.wallet ? -1 : 1))
    .slice(0, TOP_WALLETS)
    .map((t) => ({ wallet: t.wallet, role: t.role, stos: stos(t.wei) }));
  return {
    id: 'per-node',
    title: `Reward per wallet over the audited epochs${totals.size > TOP_WALLETS ? ` (the ${TOP_WALLETS} largest of ${totals.size})` : ''}`,
    spec: barsByWalletSpec(values, 'stos', 'mining + traffic reward (stos)', { field: 'role', type: 'nominal', title: 'role' }),
  };
}

/** One horizontal bar per wallet, largest first (the audit's per-node chart, the diff's winners and losers). */
export function barsByWalletSpec(values: readonly Record<string, unknown>[], field: string, title: string, color: Record<string, unknown>): TopLevelSpec {
  return {
    width: 640,
    height: { step: 14 },
    data: { values: [...values] },
    mark: 'bar',
    encoding: {
      y: { field: 'wallet', type: 'nominal', sort: '-x', title: null, axis: { labelFontSize: 9, labelLimit: 320 } },
      x: { field, type: 'quantitative', title },
      color,
    },
  } as TopLevelSpec;
}

function ozonePriceChart(audit: Audit): Chart {
  const values = sampled(audit)
    .filter((e) => e.inputs.ozonePrice !== '')
    .map((e) => ({ time: e.time, epoch: Number(e.epoch), price: Number(e.inputs.ozonePrice), rate: Number(e.inputs.depositNozRate) }))
    .flatMap((p) => [
      { time: p.time, series: 'ozone price (St + Pt) / Lt', wei_per_noz: p.price },
      { time: p.time, series: 'deposit-noz rate', wei_per_noz: p.rate },
    ]);
  return {
    id: 'ozone-price',
    title: `Ozone price: wei per noz${sampledNote(audit)}`,
    spec: {
      width: 640,
      height: 220,
      data: { values },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'time', type: 'temporal', title: 'report block time (UTC)', timeUnit: 'utcyearmonthdatehoursminutes' },
        y: { field: 'wei_per_noz', type: 'quantitative', title: 'wei per noz', scale: { zero: false } },
        color: { field: 'series', type: 'nominal', title: null, legend: { labelLimit: 300, orient: 'bottom' } },
      },
    },
  };
}

function depositsChart(audit: Audit): Chart {
  const values = sampled(audit).flatMap((e) => [
    { time: e.time, series: 'St: effective total deposit (stos)', value: stos(e.inputs.st) },
    { time: e.time, series: 'Pt: unissued prepay (stos)', value: stos(e.inputs.pt) },
    { time: e.time, series: 'Lt: remaining ozone limit (noz)', value: Number(e.inputs.lt) },
  ]);
  return {
    id: 'lt-st-pt',
    title: `Lt, St and Pt before each report${sampledNote(audit)}`,
    spec: {
      data: { values },
      facet: { row: { field: 'series', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top' } } },
      spec: {
        width: 640,
        height: 110,
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'time', type: 'temporal', title: 'report block time (UTC)', timeUnit: 'utcyearmonthdatehoursminutes' },
          // SI prefixes: Lt in noz runs to 18 digits and more, past the axis' room
          y: { field: 'value', type: 'quantitative', title: null, scale: { zero: false }, axis: { format: '.4~s' } },
        },
      },
      resolve: { scale: { y: 'independent' } },
    },
  };
}

/**
 * Renders a Vega-Lite spec to an SVG string synchronously: the dataflow has no asynchronous
 * input (inline data, no images), so `run()` finishes it, and the headless SVG renderer is set
 * up as `View.toSVG` sets it up (a test checks both give the same text).
 */
export function chartSvg(spec: TopLevelSpec): string {
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    view.run();
    const v = view as unknown as { _viewWidth?: number; _viewHeight?: number; _origin?: [number, number] };
    if (typeof v._viewWidth !== 'number' || typeof v._viewHeight !== 'number' || !Array.isArray(v._origin)) {
      throw new Error('vega: the view has no _viewWidth/_viewHeight/_origin (internals changed); the audit cannot render its charts synchronously');
    }
    const pad = view.padding() as { left: number; right: number; top: number; bottom: number };
    const Renderer = (vega.renderModule as unknown as (type: string) => { headless: new (loader: unknown) => SvgRenderer })('svg').headless;
    const renderer = new Renderer(view.loader())
      .initialize(null, Math.max(0, v._viewWidth + pad.left + pad.right), Math.max(0, v._viewHeight + pad.top + pad.bottom), [pad.left + v._origin[0], pad.top + v._origin[1]], 1, {})
      .background(view.background());
    renderer.render((view.scenegraph() as unknown as { root: unknown }).root);
    return renderer.svg();
  } finally {
    view.finalize();
  }
}

interface SvgRenderer {
  initialize(el: null, width: number, height: number, origin: [number, number], scaleFactor: number, opt: object): SvgRenderer;
  background(color: unknown): SvgRenderer;
  render(scene: unknown): SvgRenderer;
  svg(): string;
}
