/**
 * `sdsim diff` of two `sdsim run` homes that differ only in pot's community_tax (issue 18 "Done
 * when"): the diff is exactly the tax's effect, checked against `auditHome` of each home.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../../src/math/dec.ts';
import { auditHome } from '../../../src/sim/audit/audit.ts';
import type { Audit } from '../../../src/sim/audit/types.ts';
import { runDiffCommand } from '../../../src/sim/diff/cli.ts';
import { diffHomes } from '../../../src/sim/diff/diff.ts';
import { renderDiff } from '../../../src/sim/diff/render.ts';
import type { Diff } from '../../../src/sim/diff/types.ts';
import { accountOf } from '../../../src/sim/run/population.ts';
import { runHome, tempDir } from './homes.ts';

const dir = tempDir();
let homeA: string;
let homeB: string;
let auditA: Audit;
let auditB: Audit;
let diff: Diff;
beforeAll(async () => {
  homeA = await runHome(dir, 'tax-2', { communityTax: '0.02' });
  homeB = await runHome(dir, 'tax-10', { communityTax: '0.10' });
  auditA = await auditHome(homeA);
  auditB = await auditHome(homeB);
  diff = await diffHomes(homeA, homeB, { by: 'wallet' });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dec = (s: string): bigint => Dec.fromString(s).raw;
const ONE = 10n ** 18n;

describe('sdsim diff: community tax 0.02 (A) against 0.10 (B)', () => {
  it('both audits account for every wei; same epochs, same wallets: nothing to note', () => {
    expect(auditA.verdict.ok && auditB.verdict.ok).toBe(true);
    expect(diff.chainId).toBe('sdsim-taxdiff');
    expect(diff.epochs).toEqual([1n, 2n, 3n, 4n]);
    expect(diff.only).toEqual({ a: { epochs: [], wallets: [] }, b: { epochs: [], wallets: [] } });
    expect(diff.notes).toEqual([]);
    expect(diff.verdicts).toEqual({ a: auditA.verdict.text, b: auditB.verdict.text });
  });

  it('per wallet and epoch, the difference is B − A of the two audits’ figures, and nothing else is listed', () => {
    const expected: { epoch: bigint; wallet: string; a: [bigint, bigint]; b: [bigint, bigint] }[] = [];
    for (const ea of auditA.epochs) {
      const eb = auditB.epochs.find((e) => e.epoch === ea.epoch)!;
      expect(eb.wallets.map((w) => w.wallet)).toEqual(ea.wallets.map((w) => w.wallet));
      for (const wa of ea.wallets) {
        const wb = eb.wallets.find((w) => w.wallet === wa.wallet)!;
        expected.push({ epoch: ea.epoch, wallet: wa.wallet, a: [wa.miningReward, wa.trafficReward], b: [wb.miningReward, wb.trafficReward] });
      }
    }
    expected.sort((x, y) => (x.wallet < y.wallet ? -1 : x.wallet > y.wallet ? 1 : Number(x.epoch - y.epoch)));
    expect(diff.walletEpochs.map((r) => ({ epoch: r.epoch, wallet: r.wallet, a: [r.a.mining, r.a.traffic], b: [r.b.mining, r.b.traffic] }))).toEqual(expected);
    for (const r of diff.walletEpochs) {
      expect(r.diff).toEqual({ mining: r.b.mining - r.a.mining, traffic: r.b.traffic - r.a.traffic, total: r.b.total - r.a.total });
      expect(r.a.total).toBe(r.a.mining + r.a.traffic);
    }
    expect(diff.walletEpochs.length).toBe(24);
  });

  it('mining differences are all zero, traffic differences all negative (the tax is on traffic only)', () => {
    for (const r of diff.walletEpochs) {
      expect(r.diff.mining, `${r.wallet} epoch ${r.epoch}`).toBe(0n);
      expect(r.diff.traffic < 0n, `${r.wallet} epoch ${r.epoch}: ${r.diff.traffic}`).toBe(true);
    }
    expect(diff.winners).toEqual([]);
    expect(diff.losers.map((w) => w.wallet)).toEqual([...diff.wallets].sort((x, y) => (x.diff.total < y.diff.total ? -1 : x.diff.total > y.diff.total ? 1 : x.wallet < y.wallet ? -1 : 1)).map((w) => w.wallet));
    expect(diff.losers.length).toBe(7);
  });

  it('per epoch, what the wallets lose and what the community tax gains differ exactly by the change of R − stakeTraffic − traffic dust (audit: dust = R − stakeTraffic − Σtraffic − trunc(tax))', () => {
    let dustAndR = 0n;
    for (const e of diff.epochTotals) {
      const ea = auditA.epochs.find((x) => x.epoch === e.epoch)!;
      const eb = auditB.epochs.find((x) => x.epoch === e.epoch)!;
      const tax = diff.roles.find((r) => r.epoch === e.epoch && r.role === 'community tax')!;
      expect(tax.diff).toEqual({ mining: 0n, traffic: eb.communityTax.truncated - ea.communityTax.truncated, total: eb.communityTax.truncated - ea.communityTax.truncated });
      const side = (x: typeof ea) => dec(x.r) - x.splits.stakeTraffic * ONE - dec(x.dust.traffic);
      const change = side(eb) - side(ea);
      expect((e.diff.traffic + tax.diff.traffic) * ONE).toBe(change);
      dustAndR += change;
    }
    const taxTotal = diff.roleTotals.find((r) => r.role === 'community tax')!;
    // the tax gains 30215775015634 wei, the wallets lose 30215775015631: 3 wei of truncation dust
    expect(taxTotal.diff.traffic).toBe(30215775015634n);
    expect(diff.total.diff).toEqual({ mining: 0n, traffic: -30215775015631n, total: -30215775015631n });
    expect((diff.total.diff.traffic + taxTotal.diff.traffic) * ONE).toBe(dustAndR);
  });

  it('per role: resource and meta lose, validators are unchanged, the community tax gains; totals are the sums', () => {
    const totals = Object.fromEntries(diff.roleTotals.map((r) => [r.role, r.diff.total]));
    expect(totals).toEqual({ resource: -22661831261725n, meta: -7553943753906n, validators: 0n, 'community tax': 30215775015634n });
    expect(totals.resource! + totals.meta!).toBe(diff.total.diff.total);
    for (const e of auditA.epochs) {
      const rows = diff.roles.filter((r) => r.epoch === e.epoch);
      expect(rows.map((r) => r.role)).toEqual(['resource', 'meta', 'validators', 'community tax']);
      expect(rows[2]!.a).toEqual({ mining: e.splits.stakeMining, traffic: e.splits.stakeTraffic, total: e.splits.stakeMining + e.splits.stakeTraffic });
      expect(rows[0]!.a.traffic).toBe(e.roleTotals.resource.traffic);
    }
    for (const w of diff.wallets) {
      const rows = diff.walletEpochs.filter((r) => r.wallet === w.wallet);
      expect(w.diff.total).toBe(rows.reduce((s, r) => s + r.diff.total, 0n));
      expect(w.epochs).toBe(rows.length);
    }
  });

  it('runDiffCommand writes JSON to stdout by default, and CSV / HTML to --out', async () => {
    let out = '';
    const d = await runDiffCommand({ homeA, homeB }, { write: (t) => (out += t) });
    expect(d.by).toBe('wallet');
    expect(out).toBe(renderDiff(diff, 'json'));
    const json = JSON.parse(out) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['chainId', 'homeA', 'homeB', 'by', 'epochs', 'only', 'notes', 'verdicts', 'walletEpochs', 'wallets', 'epochTotals', 'roles', 'roleTotals', 'total', 'winners', 'losers']);
    expect(json.total).toEqual({
      a: { mining: '255999999999999999996', traffic: '370143243941502', total: '256000370143243941498' },
      b: { mining: '255999999999999999996', traffic: '339927468925871', total: '256000339927468925867' },
      diff: { mining: '0', traffic: '-30215775015631', total: '-30215775015631' },
    });
    const file = join(dir, 'diff.csv');
    await runDiffCommand({ homeA, homeB, by: 'epoch', format: 'csv', out: file });
    expect(readFileSync(file, 'utf8').split('\n').at(-2)).toBe(
      `total,,,${diff.total.a.mining},${diff.total.a.traffic},${diff.total.a.total},${diff.total.b.mining},${diff.total.b.traffic},${diff.total.b.total},0,-30215775015631,-30215775015631`,
    );
    const html = join(dir, 'diff.html');
    await runDiffCommand({ homeA, homeB, by: 'role', format: 'html', out: html });
    expect(readFileSync(html, 'utf8').match(/<svg /g)?.length).toBe(3);
  });
});

describe('sdsim diff: homes that differ in more than a parameter', () => {
  it('a shorter run: the epochs only in A are listed and left out', async () => {
    const short = await runHome(dir, 'tax-10-short', { communityTax: '0.10', epochs: 3 });
    const d = await diffHomes(homeA, short, { by: 'epoch' });
    expect(d.epochs).toEqual([1n, 2n, 3n]);
    expect(d.only).toEqual({ a: { epochs: [4n], wallets: [] }, b: { epochs: [], wallets: [] } });
    expect(d.notes).toEqual(['the report epochs differ: 1 only in A: 4; 0 only in B; compared the 3 epoch(s) both have']);
    expect(d.epochTotals).toEqual(diff.epochTotals.slice(0, 3));
  });

  it('another scenario (chain id) or another population (genesis accounts): refused', async () => {
    const other = await runHome(dir, 'other', { name: 'other' });
    await expect(diffHomes(homeA, other, { by: 'wallet' })).rejects.toThrow(
      new Error('homes A and B are of different chains: chain id "sdsim-taxdiff" in A, "sdsim-other" in B (diff two runs of the same scenario)'),
    );
    const more = await runHome(dir, 'more-users', { users: 11 });
    await expect(diffHomes(homeA, more, { by: 'wallet' })).rejects.toThrow(
      new Error(`homes A and B are of different chains: their genesis accounts differ (0 only in A, 1 only in B: ${accountOf(42, 'user-10').address}); diff two runs of the same scenario and seed (the same population)`),
    );
  });

  it('errors name the problem', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const missing = join(dir, 'missing');
    await expect(diffHomes(missing, homeB, { by: 'wallet' })).rejects.toThrow(new Error(`home A: no chain home at ${missing}: the directory does not exist`));
    await expect(diffHomes(homeA, empty, { by: 'wallet' })).rejects.toThrow(
      new Error(`home B: no chain in ${empty}: ${join(empty, 'data', 'chain.sqlite')} does not exist (a home gets its chain from "chaind start" or "sdsim run")`),
    );
    // the audit's own errors name the side
    const badToml = join(dir, 'bad-toml');
    cpSync(homeB, badToml, { recursive: true });
    const appToml = join(badToml, 'config', 'app.toml');
    writeFileSync(appToml, readFileSync(appToml, 'utf8').replace('bls-verifier = "accept-any"', 'bls-verifier = "bogus"'));
    await expect(diffHomes(homeA, badToml, { by: 'wallet' })).rejects.toThrow(
      new Error(`home B: invalid value for pot.bls-verifier in ${appToml}: "bogus", expected one of "bls12-381", "accept-any"`),
    );
    await expect(runDiffCommand({ homeA, homeB, by: 'owner' })).rejects.toThrow(new Error('invalid --by "owner": expected one of wallet, epoch, role'));
    await expect(runDiffCommand({ homeA, homeB, format: 'pdf' })).rejects.toThrow(new Error('invalid --format "pdf": expected one of json, csv, html'));
    await expect(runDiffCommand({ homeA, homeB: '' })).rejects.toThrow(
      new Error('sdsim diff: two chain homes are required; usage: sdsim diff <homeA> <homeB> [--by wallet|epoch|role] [--format csv|json|html] [--out FILE]'),
    );
  });
});
