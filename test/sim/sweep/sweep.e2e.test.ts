/**
 * `sdsim sweep` on this machine (issue 18 "Done when"): 2 parameters × 3 values × 4 seeds of the
 * smoke scenario on two worker processes, through the real executable; the table has every run,
 * each row is what the run gives on its own (`runSweepJob` in this process), one worker or two give
 * the same table, and the report is one self-contained HTML file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSweepJob } from '../../../src/sim/sweep/job.ts';
import { parseSeeds, planSweep, tableColumns } from '../../../src/sim/sweep/sweep.ts';
import { runBin } from '../../cli/run-chaind.ts';
import { chromiumTest, openReport } from '../../helpers/chromium.ts';
import { pathToFileURL } from 'node:url';

const ROOT = new URL('../../..', import.meta.url).pathname;
const SMOKE = join(ROOT, 'scenarios/smoke.yaml');
const SETS = ['--set', 'genesis.pot.params.community_tax=0.01,0.05,0.20', '--set', 'settlement.settle_basis_points=5000,8000,10000'];

describe('sdsim sweep (local workers)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-sweep-'));
  let two: { code: number; stdout: string; stderr: string };
  beforeAll(async () => {
    two = await runBin('sdsim', ['sweep', SMOKE, ...SETS, '--seeds', '1..4', '--epochs', '2', '--workers', '2', '--out', join(dir, 'two')]);
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the 36 runs and prints a summary, nothing else on a pipe', () => {
    expect(two.stderr).toBe('');
    expect(two.code).toBe(0);
    const s = JSON.parse(two.stdout);
    expect(s).toMatchObject({ runs: 36, workers: 2, failed_txs: 0, table: { csv: join(dir, 'two', 'results.csv') } });
  });

  it('one row per run: every combination × seed, each equal to the run made on its own', async () => {
    const csv = readFileSync(join(dir, 'two', 'results.csv'), 'utf8').trim().split('\n');
    const paths = ['genesis.pot.params.community_tax', 'settlement.settle_basis_points'];
    // each column once (failed_txs with the run's identity only)
    expect(csv[0]).toBe(
      'id,genesis.pot.params.community_tax,settlement.settle_basis_points,seed,app_hash,height,epochs,reports,failed_txs,total_mined,tier,files,y,mining_resource,mining_meta,mining_validators,traffic_resource,traffic_meta,traffic_validators,community_tax,uploads,upload_bytes,uploads_refused,downloads,download_bytes,downloads_refused,ozone_charged,ozone_prepaid,traffic_settled,traffic_carried,nodes_reported',
    );
    expect(csv[0]).toBe(tableColumns(paths).join(','));
    const rows = csv.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => [r[1], r[2], r[3]])).toStrictEqual(
      ['0.01', '0.05', '0.20'].flatMap((t) => ['5000', '8000', '10000'].flatMap((b) => ['1', '2', '3', '4'].map((seed) => [t, b, seed]))),
    );
    const plan = planSweep('smoke.yaml', readFileSync(SMOKE, 'utf8'), SETS.filter((_, i) => i % 2 === 1), parseSeeds('1..4'), { epochs: 2 });
    const json = JSON.parse(readFileSync(join(dir, 'two', 'results.json'), 'utf8')) as { sweep: string; runs: Record<string, string>[] };
    expect(json.sweep).toBe(plan.id);
    for (const k of [0, 17, 35]) {
      const alone = await runSweepJob(plan.jobs[k]!);
      expect(json.runs[k]).toMatchObject({ id: alone.id, seed: String(alone.seed), app_hash: alone.appHash, ...alone.summary });
    }
    // a higher community tax takes more: same seed and settlement, more tax
    const tax = (t: string) => BigInt(json.runs.find((r) => r['genesis.pot.params.community_tax'] === t && r.seed === '1' && r['settlement.settle_basis_points'] === '8000')!.community_tax!);
    expect(tax('0.01') < tax('0.05') && tax('0.05') < tax('0.20')).toBe(true);
  }, 60_000);

  it('one worker gives the same table', async () => {
    const one = await runBin('sdsim', ['sweep', SMOKE, ...SETS, '--seeds', '1..4', '--epochs', '2', '--workers', '1', '--out', join(dir, 'one')]);
    expect(one.code).toBe(0);
    expect(readFileSync(join(dir, 'one', 'results.csv'), 'utf8')).toBe(readFileSync(join(dir, 'two', 'results.csv'), 'utf8'));
  }, 300_000);

  it('writes one self-contained HTML report with a plot per headline metric', () => {
    const html = readFileSync(join(dir, 'two', 'report.html'), 'utf8');
    expect(html.match(/<svg/g)?.length).toBe(7);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  chromiumTest('the report opens in headless Chromium with no error, every chart with marks', { timeout: 60_000 }, async () => {
    const file = join(dir, 'two', 'report.html');
    const page = await openReport(file);
    expect(page.errors).toEqual([]);
    expect(page.requests).toEqual([pathToFileURL(file).href]);
    expect(page.charts.map((c) => c.id)).toEqual(['total_mined', 'mining_resource', 'traffic_resource', 'mining_meta', 'traffic_meta', 'community_tax', 'uploads_refused']);
    for (const c of page.charts) expect([c.id, c.marks > 0, c.sized]).toStrictEqual([c.id, true, true]);
    expect(page.tables).toBe(1);
  });

  it('a bad value fails before anything runs, naming the field', async () => {
    const r = await runBin('sdsim', ['sweep', SMOKE, '--set', 'settlement.settle_basis_points=5000,0', '--out', join(dir, 'bad')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('Error: --set settlement.settle_basis_points=0: settlement.settle_basis_points: expected an integer in 1..10000, got number 0\n');
    const seeds = await runBin('sdsim', ['sweep', SMOKE, '--seeds', '5..2', '--out', join(dir, 'bad')]);
    expect([seeds.code, seeds.stderr]).toStrictEqual([1, 'Error: invalid --seeds "5..2": the range ends before it starts\n']);
    const set = await runBin('sdsim', ['sweep', SMOKE, '--set', 'population.users=3', '--out', join(dir, 'bad')]);
    expect([set.code, set.stderr]).toStrictEqual([1, 'Error: --set population.users=3: population.users: expected a mapping, got number 3\n']);
  });
});

describe('sdsim sweep --keep-homes where every run halts, two at a time', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-sweep-halts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a run and the halt each time: a failed run removes only its own home, never a sibling\'s under it', async () => {
    const scenario = join(dir, 'halt.yaml');
    writeFileSync(scenario, 'clock: {duration: {epochs: 3}}\npopulation: {validators: {count: 1}, meta_nodes: {count: 3}, resource_nodes: {count: 2}, users: {count: 2}}\nevents: [{at: 1, unbond: {node: validator-0}}]\n');
    for (let i = 0; i < 3; i++) {
      const out = join(dir, `out-${i}`, 'a');
      const r = await runBin('sdsim', ['sweep', scenario, '--seeds', '1..2', '--workers', '2', '--keep-homes', '--out', out]);
      expect([r.code, r.stdout]).toStrictEqual([1, '']);
      expect(r.stderr).toMatch(/^Error: run 0-[12]: the chain halts at height 5 \(epoch 1\): no validator is left to sign/);
      expect(existsSync(join(dir, `out-${i}`))).toBe(false);
    }
  }, 300_000);
});

describe('sdsim sweep --keep-homes, then sdsim diff of two of its runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-sweep-diff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps each home, and diff shows the higher tax taking traffic reward from every role but the validators', async () => {
    const r = await runBin('sdsim', ['sweep', SMOKE, '--set', 'genesis.pot.params.community_tax=0.02,0.10', '--seeds', '7', '--epochs', '3', '--workers', '2', '--keep-homes', '--out', dir]);
    expect([r.code, r.stderr]).toStrictEqual([0, '']);
    const d = await runBin('sdsim', ['diff', join(dir, 'homes', '0-7'), join(dir, 'homes', '1-7'), '--by', 'role', '--format', 'json']);
    expect([d.code, d.stderr]).toStrictEqual([0, '']);
    const csv = await runBin('sdsim', ['diff', join(dir, 'homes', '0-7'), join(dir, 'homes', '1-7'), '--by', 'role', '--format', 'csv']);
    const rows = csv.stdout.trim().split('\n');
    expect(rows[0]).toBe('role,epoch,a_mining,a_traffic,a_total,b_mining,b_traffic,b_total,diff_mining,diff_traffic,diff_total');
    const totals = Object.fromEntries(rows.filter((l) => l.split(',')[1] === 'total').map((l) => [l.split(',')[0], l.split(',')]));
    // tax applies to the traffic part of resource and meta rewards only: they lose, the community tax gains, validators are unchanged
    expect(BigInt(totals.resource![9]!) < 0n && BigInt(totals.meta![9]!) < 0n).toBe(true);
    expect(totals.resource![8]).toBe('0');
    expect(totals.validators![10]).toBe('0');
    // what the wallets lose the community pool gains, up to the truncation dust (the exact relation: test/sim/diff)
    const gap = BigInt(totals['community tax']![10]!) + BigInt(totals.resource![10]!) + BigInt(totals.meta![10]!);
    expect(gap >= 0n && gap <= 10n).toBe(true);
  }, 300_000);

  it('the same sweep without --keep-homes, or with it under another --out, has the same id and the same result files', async () => {
    const kept = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).sweep as string;
    const sweep = (extra: string[], out: string) =>
      runBin('sdsim', ['sweep', SMOKE, '--set', 'genesis.pot.params.community_tax=0.02,0.10', '--seeds', '7', '--epochs', '3', '--workers', '2', ...extra, '--out', join(dir, out)]);
    const plain = await sweep([], 'plain');
    const elsewhere = await sweep(['--keep-homes'], 'elsewhere');
    expect([plain.code, plain.stderr, elsewhere.code, elsewhere.stderr]).toStrictEqual([0, '', 0, '']);
    expect([JSON.parse(plain.stdout).sweep, JSON.parse(elsewhere.stdout).sweep]).toStrictEqual([kept, kept]);
    for (const f of ['results.csv', 'results.json', 'report.html']) {
      const bytes = readFileSync(join(dir, f));
      expect(readFileSync(join(dir, 'plain', f)).equals(bytes), f).toBe(true);
      expect(readFileSync(join(dir, 'elsewhere', f)).equals(bytes), f).toBe(true);
    }
    expect(readdirSync(join(dir, 'elsewhere', 'homes')).sort()).toEqual(['0-7', '1-7']);
    expect(readdirSync(join(dir, 'plain')).sort()).toEqual(['report.html', 'results.csv', 'results.json']);
  }, 300_000);
});
