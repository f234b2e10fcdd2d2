/**
 * `diffAudits` and `renderDiff` on small audits written by hand: the exact CSV of each `--by`, the
 * JSON shape, wallets paid on one side only, winners and losers, and the HTML page (three inline
 * SVG charts, self-contained; rendered in headless Chromium when /usr/bin/chromium is there).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../../src/sim/audit/types.ts';
import { diffAudits, TOP_N } from '../../../src/sim/diff/diff.ts';
import { renderDiff } from '../../../src/sim/diff/render.ts';
import type { DiffBy } from '../../../src/sim/diff/types.ts';
import { chromiumTest, openReport } from '../../helpers/chromium.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Paid = readonly [wallet: string, role: 'resource' | 'meta' | 'resource+meta', mining: bigint, traffic: bigint];

/** An audit with only what the diff reads: per epoch the wallets paid, the validators' share and the tax. */
function audit(epochs: readonly { epoch: bigint; height: bigint; wallets: readonly Paid[]; stake: [bigint, bigint]; tax: bigint }[], ok = true): Audit {
  return {
    chainId: 'sdsim-small',
    verdict: { ok, text: ok ? 'every wei accounted for' : 'NOT every wei accounted for: 1 failure(s)' },
    epochs: epochs.map((e) => {
      const sum = (role: string, f: (p: Paid) => bigint) => e.wallets.filter((w) => w[1] === role).reduce((s, w) => s + f(w), 0n);
      return {
        epoch: e.epoch,
        height: e.height,
        wallets: e.wallets.map(([wallet, role, miningReward, trafficReward]) => ({ wallet, role, miningReward, trafficReward })),
        roleTotals: { resource: { mining: sum('resource', (w) => w[2]), traffic: sum('resource', (w) => w[3]) }, meta: { mining: sum('meta', (w) => w[2]), traffic: sum('meta', (w) => w[3]) } },
        splits: { stakeMining: e.stake[0], stakeTraffic: e.stake[1] },
        communityTax: { truncated: e.tax },
      };
    }),
  } as unknown as Audit;
}

// st1aaa is paid in both epochs, st1bbb only in A's epoch 2, st1ccc only in B's epoch 1 (a meta payee)
const A = audit([
  { epoch: 1n, height: 3n, wallets: [['st1aaa', 'resource', 100n, 50n]], stake: [20n, 10n], tax: 1n },
  { epoch: 2n, height: 6n, wallets: [['st1aaa', 'resource', 100n, 40n], ['st1bbb', 'resource', 10n, 5n]], stake: [20n, 9n], tax: 2n },
]);
const B = audit([
  { epoch: 1n, height: 3n, wallets: [['st1aaa', 'resource', 90n, 45n], ['st1ccc', 'meta', 10n, 5n]], stake: [20n, 10n], tax: 3n },
  { epoch: 2n, height: 6n, wallets: [['st1aaa', 'resource', 100n, 38n]], stake: [20n, 9n], tax: 4n },
  { epoch: 3n, height: 9n, wallets: [['st1aaa', 'resource', 1n, 1n]], stake: [0n, 0n], tax: 0n },
]);
const small = (by: DiffBy) => diffAudits(A, B, { by, homeA: '/h/a', homeB: '/h/b' });

describe('diffAudits on a small case', () => {
  it('wallets paid on one side count 0 on the other and are listed; epochs on one side are left out and listed', () => {
    const d = small('wallet');
    expect(d.epochs).toEqual([1n, 2n]);
    expect(d.only).toEqual({ a: { epochs: [], wallets: ['st1bbb'] }, b: { epochs: [3n], wallets: ['st1ccc'] } });
    expect(d.notes).toEqual([
      'the report epochs differ: 0 only in A; 1 only in B: 3; compared the 2 epoch(s) both have',
      'the paid wallets differ: 1 paid only in A: st1bbb; 1 paid only in B: st1ccc; each counts 0 on the side that did not pay it',
    ]);
    expect(d.winners.map((w) => [w.wallet, w.diff.total])).toEqual([['st1ccc', 15n]]);
    expect(d.losers.map((w) => [w.wallet, w.diff.total])).toEqual([
      ['st1aaa', -17n],
      ['st1bbb', -15n],
    ]);
    expect(d.total.diff).toEqual({ mining: -10n, traffic: -7n, total: -17n });
  });

  it('CSV --by wallet: per wallet its epochs, then its total', () => {
    expect(renderDiff(small('wallet'), 'csv')).toBe(
      [
        'wallet,role,epoch,a_mining,a_traffic,a_total,b_mining,b_traffic,b_total,diff_mining,diff_traffic,diff_total',
        'st1aaa,resource,1,100,50,150,90,45,135,-10,-5,-15',
        'st1aaa,resource,2,100,40,140,100,38,138,0,-2,-2',
        'st1aaa,resource,total,200,90,290,190,83,273,-10,-7,-17',
        'st1bbb,resource,2,10,5,15,0,0,0,-10,-5,-15',
        'st1bbb,resource,total,10,5,15,0,0,0,-10,-5,-15',
        'st1ccc,meta,1,0,0,0,10,5,15,10,5,15',
        'st1ccc,meta,total,0,0,0,10,5,15,10,5,15',
        '',
      ].join('\n'),
    );
  });

  it('CSV --by epoch: Σ over the wallets per epoch, then the total', () => {
    expect(renderDiff(small('epoch'), 'csv')).toBe(
      [
        'epoch,height_a,height_b,a_mining,a_traffic,a_total,b_mining,b_traffic,b_total,diff_mining,diff_traffic,diff_total',
        '1,3,3,100,50,150,100,50,150,0,0,0',
        '2,6,6,110,45,155,100,38,138,-10,-7,-17',
        'total,,,210,95,305,200,88,288,-10,-7,-17',
        '',
      ].join('\n'),
    );
  });

  it('CSV --by role: per role its epochs, then its total (the role name with a space is plain text)', () => {
    expect(renderDiff(small('role'), 'csv')).toBe(
      [
        'role,epoch,a_mining,a_traffic,a_total,b_mining,b_traffic,b_total,diff_mining,diff_traffic,diff_total',
        'resource,1,100,50,150,90,45,135,-10,-5,-15',
        'resource,2,110,45,155,100,38,138,-10,-7,-17',
        'resource,total,210,95,305,190,83,273,-20,-12,-32',
        'meta,1,0,0,0,10,5,15,10,5,15',
        'meta,2,0,0,0,0,0,0,0,0,0',
        'meta,total,0,0,0,10,5,15,10,5,15',
        'validators,1,20,10,30,20,10,30,0,0,0',
        'validators,2,20,9,29,20,9,29,0,0,0',
        'validators,total,40,19,59,40,19,59,0,0,0',
        'community tax,1,0,1,1,0,3,3,0,2,2',
        'community tax,2,0,2,2,0,4,4,0,2,2',
        'community tax,total,0,3,3,0,7,7,0,4,4',
        '',
      ].join('\n'),
    );
  });

  it('JSON: the whole diff, bigints as decimal strings', () => {
    const json = JSON.parse(renderDiff(small('epoch'), 'json'));
    expect(json.by).toBe('epoch');
    expect(json.epochs).toEqual(['1', '2']);
    expect(json.only).toEqual({ a: { epochs: [], wallets: ['st1bbb'] }, b: { epochs: ['3'], wallets: ['st1ccc'] } });
    expect(json.walletEpochs[0]).toEqual({
      epoch: '1',
      wallet: 'st1aaa',
      role: 'resource',
      a: { mining: '100', traffic: '50', total: '150' },
      b: { mining: '90', traffic: '45', total: '135' },
      diff: { mining: '-10', traffic: '-5', total: '-15' },
    });
    expect(json.epochTotals[1]).toEqual({ epoch: '2', heightA: '6', heightB: '6', a: { mining: '110', traffic: '45', total: '155' }, b: { mining: '100', traffic: '38', total: '138' }, diff: { mining: '-10', traffic: '-7', total: '-17' } });
    expect(json.wallets[2]).toEqual({ wallet: 'st1ccc', role: 'meta', epochs: 1, a: { mining: '0', traffic: '0', total: '0' }, b: { mining: '10', traffic: '5', total: '15' }, diff: { mining: '10', traffic: '5', total: '15' } });
  });

  it('an audit that did not account for every wei is noted; a wallet paid for both roles is resource+meta', () => {
    const a = audit([{ epoch: 1n, height: 3n, wallets: [['st1aaa', 'resource', 1n, 1n]], stake: [0n, 0n], tax: 0n }], false);
    const b = audit([{ epoch: 1n, height: 3n, wallets: [['st1aaa', 'meta', 1n, 1n]], stake: [0n, 0n], tax: 0n }]);
    const d = diffAudits(a, b, { by: 'wallet', homeA: 'a', homeB: 'b' });
    expect(d.notes).toEqual(['the audit of A: NOT every wei accounted for: 1 failure(s)']);
    expect(d.wallets.map((w) => w.role)).toEqual(['resource+meta']);
  });

  it(`winners and losers: the ${TOP_N} largest each, ties by wallet`, () => {
    const wallets = Array.from({ length: 25 }, (_, i) => `st1w${String(i).padStart(2, '0')}`);
    const a = audit([{ epoch: 1n, height: 3n, wallets: wallets.map((w) => [w, 'resource', 100n, 0n] as const), stake: [0n, 0n], tax: 0n }]);
    // w01…w07 gain 12…6, w00, w08 and w09 gain 5 (ties), w10 4, w11 1, w12 nothing, w13…w22 lose 1…10, w23 and w24 lose 12
    const gains = [5, 12, 11, 10, 9, 8, 7, 6, 5, 5, 4, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -12, -12];
    const b = audit([{ epoch: 1n, height: 3n, wallets: wallets.map((w, i) => [w, 'resource', 100n + BigInt(gains[i]!), 0n] as const), stake: [0n, 0n], tax: 0n }]);
    const d = diffAudits(a, b, { by: 'wallet', homeA: 'a', homeB: 'b' });
    expect(d.winners.map((w) => `${w.wallet} ${w.diff.total}`)).toEqual(['st1w01 12', 'st1w02 11', 'st1w03 10', 'st1w04 9', 'st1w05 8', 'st1w06 7', 'st1w07 6', 'st1w00 5', 'st1w08 5', 'st1w09 5']);
    expect(d.losers.map((w) => `${w.wallet} ${w.diff.total}`)).toEqual(['st1w23 -12', 'st1w24 -12', 'st1w22 -10', 'st1w21 -9', 'st1w20 -8', 'st1w19 -7', 'st1w18 -6', 'st1w17 -5', 'st1w16 -4', 'st1w15 -3']);
  });
});

describe('renderDiff html', () => {
  const html = renderDiff(small('role'), 'html');

  it('is one self-contained file: no script, no external URL, three inline SVG charts, the notes and the tables', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/<link /i);
    expect(html.match(/<svg /g)?.length).toBe(3);
    expect([...html.matchAll(/<figure id="([^"]+)">/g)].map((m) => m[1])).toEqual(['diff-by-role', 'wallet-distribution', 'winners-losers']);
    expect(html).toContain('<li>the paid wallets differ: 1 paid only in A: st1bbb; 1 paid only in B: st1ccc; each counts 0 on the side that did not pay it</li>');
    expect(html).toContain('<h2>By role and epoch</h2>');
    expect(html).toContain('<tr><td class="l">community tax</td><td class="l">total</td><td>0</td><td>3</td><td>3</td><td>0</td><td>7</td><td>7</td><td class="">0</td><td class="up">+4</td><td class="up">+4</td></tr>');
  });

  it('the table follows --by, the plots stay the same', () => {
    expect(renderDiff(small('wallet'), 'html')).toContain('<h2>By wallet, over the compared epochs</h2>');
    expect(renderDiff(small('epoch'), 'html')).toContain('<h2>By epoch (Σ over the wallets)</h2>');
    expect(renderDiff(small('epoch'), 'html').match(/<svg /g)?.length).toBe(3);
  });

  chromiumTest('opens in headless Chromium with no console or page error, and every chart has marks', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'diff-html-'));
    dirs.push(dir);
    const file = join(dir, 'diff.html');
    writeFileSync(file, html);
    const page = await openReport(file);
    expect(page.errors).toEqual([]);
    expect(page.requests).toEqual([pathToFileURL(file).href]);
    expect(page.charts.map((c) => c.id)).toEqual(['diff-by-role', 'wallet-distribution', 'winners-losers']);
    for (const c of page.charts) expect(c.marks, c.id).toBeGreaterThan(0);
  });
});
