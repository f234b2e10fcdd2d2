/**
 * The sweep's table and report without running anything (src/sim/sweep/sweep.ts, job.ts,
 * report.ts): each column once, how a run's metrics are summed up (sums, the last carried traffic,
 * the mean nodes reported), the sweep id (not where the homes go), and the report's bar labels
 * (the parameters that differ, in full).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { METRIC_COLUMNS } from '../../../src/sim/run/metrics.ts';
import { mean2, summarize, type SweepRunResult } from '../../../src/sim/sweep/job.ts';
import { queueJobId } from '../../../src/sim/sweep/queue.ts';
import { barLabels, shortNames, sweepHtml } from '../../../src/sim/sweep/report.ts';
import { parseSeeds, planSweep, sweepCsv, sweepJson, tableColumns, type SweepPlan } from '../../../src/sim/sweep/sweep.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const SMOKE = readFileSync(join(ROOT, 'scenarios/smoke.yaml'), 'utf8');
const SETS = ['genesis.pot.params.community_tax=0.02,0.1', 'population.resource_nodes.count=2,4'];
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** a result per job of `plan`, with made-up figures */
function results(plan: SweepPlan): SweepRunResult[] {
  return plan.jobs.map((j, i) => ({
    id: j.id,
    params: Object.fromEntries(j.settings.map((s) => [s.path, s.value])),
    seed: j.seed,
    appHash: 'AB'.repeat(32),
    height: '9',
    epochs: 3,
    reports: 3,
    failedTxs: i % 2,
    summary: { total_mined: '240000000000000000000', tier: '1', files: '60', mining_resource: String(144n * 10n ** 18n), community_tax: String(BigInt(i + 1) * 10n ** 12n), failed_txs: '7' },
  }));
}

describe('the table', () => {
  it('has each column once: failed_txs with the run identity, not again after the metrics', () => {
    expect(tableColumns(['genesis.pot.params.community_tax']).join(',')).toBe(
      'id,genesis.pot.params.community_tax,seed,app_hash,height,epochs,reports,failed_txs,total_mined,tier,files,y,mining_resource,mining_meta,mining_validators,traffic_resource,traffic_meta,traffic_validators,community_tax,uploads,upload_bytes,uploads_refused,downloads,download_bytes,downloads_refused,ozone_charged,ozone_prepaid,traffic_settled,traffic_carried,nodes_reported',
    );
    const plan = planSweep('smoke.yaml', SMOKE, SETS, [1], { epochs: 3 });
    const csv = sweepCsv(plan.paths, results(plan)).split('\n');
    expect(csv[0]!.split(',').filter((c) => c === 'failed_txs')).toHaveLength(1);
    // the run's own failed txs, not a summary column of the same name
    expect(csv[2]).toBe(`1-1,0.02,4,1,${'AB'.repeat(32)},9,3,3,1,240000000000000000000,1,60,,144000000000000000000,,,,,,2000000000000,,,,,,,,,,,`);
    const html = sweepHtml(plan, results(plan), 'Sweep of smoke');
    const head = /<tr>((?:<th>[^<]*<\/th>)+)<\/tr>/.exec(html)![1]!;
    expect([...head.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1]).join(',')).toBe(csv[0]);
    expect(JSON.parse(sweepJson(plan, results(plan))).runs[1]).toStrictEqual({
      id: '1-1',
      'genesis.pot.params.community_tax': '0.02',
      'population.resource_nodes.count': '4',
      seed: '1',
      app_hash: 'AB'.repeat(32),
      height: '9',
      epochs: '3',
      reports: '3',
      failed_txs: '1',
      total_mined: '240000000000000000000',
      tier: '1',
      files: '60',
      mining_resource: '144000000000000000000',
      community_tax: '2000000000000',
    });
  });

  it("sums a run's amounts and counts, takes the last carried traffic and the mean of the nodes reported", () => {
    const home = mkdtempSync(join(tmpdir(), 'sweep-summary-'));
    dirs.push(home);
    const row = (v: Partial<Record<(typeof METRIC_COLUMNS)[number], string>>) => METRIC_COLUMNS.map((c) => v[c] ?? '0').join(',');
    writeFileSync(
      join(home, 'metrics.csv'),
      [
        METRIC_COLUMNS.join(','),
        row({ epoch: '0', tier: '1', total_mined: '80', files: '20', uploads: '2', traffic_settled: '100', traffic_carried: '1638400', nodes_reported: '4', nodes_online: '4', failed_txs: '1' }),
        row({ epoch: '1', tier: '1', total_mined: '160', files: '40', uploads: '3', traffic_settled: '200', traffic_carried: '5570560', nodes_reported: '4', nodes_online: '4' }),
        // an epoch without a report: no carried traffic
        row({ epoch: '2', tier: '2', total_mined: '160', files: '60', uploads: '1', traffic_settled: '0', traffic_carried: '', nodes_reported: '3', nodes_online: '3' }),
      ].join('\n') + '\n',
    );
    const s = summarize(home);
    expect({ total_mined: s.total_mined, tier: s.tier, files: s.files, uploads: s.uploads, traffic_settled: s.traffic_settled, traffic_carried: s.traffic_carried, nodes_reported: s.nodes_reported }).toStrictEqual({
      total_mined: '160',
      tier: '2',
      files: '60',
      uploads: '6',
      traffic_settled: '300',
      traffic_carried: '5570560',
      nodes_reported: '3.67',
    });
    // failed_txs is the run's own column; states are not summed
    expect(['failed_txs', 'nodes_online', 'epoch', 'st'].filter((k) => k in s)).toEqual([]);
    expect([mean2(11n, 3n), mean2(6n, 3n), mean2(1n, 8n), mean2(0n, 5n)]).toEqual(['3.67', '2.00', '0.13', '0.00']);
  });
});

describe('the sweep id', () => {
  it('is the same wherever the homes go and whether they are kept (the queue still tells kept homes apart)', () => {
    const plain = planSweep('smoke.yaml', SMOKE, SETS, parseSeeds('1..2'), { epochs: 3 });
    const kept = planSweep('smoke.yaml', SMOKE, SETS, parseSeeds('1..2'), { epochs: 3, homesDir: '/tmp/sw1/homes' });
    const elsewhere = planSweep('smoke.yaml', SMOKE, SETS, parseSeeds('1..2'), { epochs: 3, homesDir: '/tmp/sw1d/homes' });
    // the id of this sweep without --keep-homes, as before
    expect([plain.id, kept.id, elsewhere.id]).toEqual(['5fac50a522788c7c', '5fac50a522788c7c', '5fac50a522788c7c']);
    expect(kept.jobs[0]!.home).toBe('/tmp/sw1/homes/0-1');
    const r = results(plain);
    expect(sweepJson(kept, r)).toBe(sweepJson(plain, r));
    expect(sweepHtml(elsewhere, r, 'Sweep of smoke')).toBe(sweepHtml(plain, r, 'Sweep of smoke'));
    // what runs still counts
    expect(planSweep('smoke.yaml', SMOKE, SETS, parseSeeds('1..2'), { epochs: 4 }).id).not.toBe(plain.id);
    expect(queueJobId(plain.id, plain.jobs[0]!)).toBe('5fac50a522788c7c-0-1');
    expect(queueJobId(kept.id, kept.jobs[0]!)).toMatch(/^5fac50a522788c7c-0-1-[0-9a-f]{8}$/);
    expect(queueJobId(elsewhere.id, elsewhere.jobs[0]!)).not.toBe(queueJobId(kept.id, kept.jobs[0]!));
  });
});

describe('the report', () => {
  /** each bar label of the first chart, its lines joined by \n */
  const barTexts = (html: string): string[] => {
    const svg = /<figure id="total_mined">[\s\S]*?<\/figure>/.exec(html)![0];
    const groups = [...svg.matchAll(/<g class="mark-text role-axis-label"[^>]*>([\s\S]*?)<\/g>/g)];
    // the y-axis: labels anchored at their end, left of the plot (the x-axis comes first)
    const y = groups.find((g) => g[1]!.startsWith('<text text-anchor="end"'))![1]!;
    // a label of several lines is a <tspan> per line
    return [...y.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map((t) => (t[1]!.startsWith('<tspan') ? [...t[1]!.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join('\n') : t[1]!));
  };

  it('labels each bar by the parameters that differ, one per line, in full (nothing cut to …), and names their paths above the plots', () => {
    const plan = planSweep('smoke.yaml', SMOKE, SETS, parseSeeds('1..2'), { epochs: 3 });
    const html = sweepHtml(plan, results(plan), 'Sweep of smoke');
    expect(barTexts(html)).toEqual(['community_tax=0.02\ncount=2', 'community_tax=0.02\ncount=4', 'community_tax=0.1\ncount=2', 'community_tax=0.1\ncount=4']);
    expect(html).not.toContain('…');
    expect(html).toContain(
      '<p>Bar labels: <code>community_tax</code> is <code>genesis.pot.params.community_tax</code> (0.02, 0.1); <code>count</code> is <code>population.resource_nodes.count</code> (2, 4).</p>',
    );
    expect(html).toContain('<p>Sweep 5fac50a522788c7c: 8 runs, 4 parameter combinations × 2 seeds.');
  });

  it('leaves out of the labels a parameter with one value (named once instead); tells same-named paths apart', () => {
    const sets = ['genesis.pot.params.community_tax=0.05', 'population.users.count=5,10', 'population.resource_nodes.count=3'];
    const plan = planSweep('smoke.yaml', SMOKE, sets, [1]);
    const labels = barLabels(plan);
    expect([labels.shown, labels.fixed]).toEqual([['population.users.count'], ['genesis.pot.params.community_tax', 'population.resource_nodes.count']]);
    const html = sweepHtml(plan, results(plan), 'Sweep of smoke');
    expect(barTexts(html)).toEqual(['users.count=5', 'users.count=10']);
    expect(html).toContain('<p>Bar labels: <code>users.count</code> is <code>population.users.count</code> (5, 10).</p>');
    expect(html).toContain('<p>The same in every run: <code>genesis.pot.params.community_tax</code> = <code>0.05</code>; <code>population.resource_nodes.count</code> = <code>3</code>.</p>');
    expect(Object.fromEntries(shortNames(['a.count', 'b.a.count', 'x.y']))).toEqual({ 'a.count': 'a.count', 'b.a.count': 'b.a.count', 'x.y': 'y' });
    // one combination: its bar shows every setting; a value given twice: the combinations are numbered
    const one = planSweep('smoke.yaml', SMOKE, ['genesis.pot.params.community_tax=0.05'], [1]);
    expect(barLabels(one).label(results(one)[0]!)).toBe('community_tax=0.05');
    const twice = planSweep('smoke.yaml', SMOKE, ['genesis.pot.params.community_tax=0.05,0.05,0.1'], [1]);
    expect(results(twice).map((r) => barLabels(twice).label(r))).toEqual(['community_tax=0.05\n(combination 0)', 'community_tax=0.05\n(combination 1)', 'community_tax=0.1']);
  });
});
