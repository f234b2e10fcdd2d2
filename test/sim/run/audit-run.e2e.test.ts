/**
 * `sdsim audit` of a `sdsim run` home (issue 17 "Done when"): the audit's per-wallet mining and
 * traffic rewards of every epoch equal the chain's own reward queries at that report's height, every
 * wei is accounted for, and the HTML report is written. Driven through the real `sdsim` executable.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBin } from '../../cli/run-chaind.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appModules } from '../../../src/abci/modules.ts';
import { Chain } from '../../../src/abci/chain.ts';
import { DEFAULT_POT_NODE_SETTINGS } from '../../../src/modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../../src/modules/pot/apply-node-settings.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

const sdsim = (args: string[]) => runBin('sdsim', args);

interface AuditJson {
  verdict: { ok: boolean; epochsChecked: number; failures: string[] };
  epochs: { epoch: string; height: string; matureEpoch: string; wallets: { wallet: string; miningReward: string; trafficReward: string }[] }[];
}

describe('sdsim audit of a sdsim run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-audit-'));
  const home = join(dir, 'churn');
  let audit: AuditJson;
  beforeAll(async () => {
    const run = await sdsim(['run', join(ROOT, 'scenarios/slashing-churn.yaml'), '--out', home]);
    expect(run.stderr).toBe('');
    const a = await sdsim(['audit', '--home', home, '--format', 'json']);
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    audit = JSON.parse(a.stdout) as AuditJson;
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says every wei is accounted for, for each report of the run', () => {
    const metrics = readFileSync(join(home, 'metrics.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const reported = metrics.filter((r) => r[1] !== '').map((r) => [r[1], r[2]]);
    expect(audit.epochs.map((e) => [e.epoch, e.height])).toStrictEqual(reported);
    expect(audit.verdict).toMatchObject({ ok: true, epochsChecked: reported.length, failures: [] });
  });

  it("each wallet's figures of each epoch equal the chain's RewardsByEpoch at the report's height", () => {
    // the proposal shortens mature_epoch from 6 to 3: reports 3 epochs apart then save into the same
    // bucket (the chain's RewardsByEpoch lists the bucket, so it shows the earlier report's wallets too)
    const buckets = new Map<string, number>();
    for (const e of audit.epochs) buckets.set(e.matureEpoch, (buckets.get(e.matureEpoch) ?? 0) + 1);
    const shared = audit.epochs.filter((e) => buckets.get(e.matureEpoch)! > 1).map((e) => e.epoch);
    expect(shared.length).toBeGreaterThan(0);
    const restore = applyPotNodeSettings({ ...DEFAULT_POT_NODE_SETTINGS, blsVerifier: 'accept-any' });
    const chain = Chain.open({ ...appModules, dbPath: join(home, 'data', 'chain.sqlite'), keepRecent: 1000 });
    try {
      let compared = 0;
      for (const e of audit.epochs) {
        const res = chain.app.queryObject('chain.pot.v1.Query/RewardsByEpoch', { epoch: BigInt(e.epoch), pagination: { limit: 1000n } }, BigInt(e.height)) as {
          rewards: { wallet_address: string; reward_from_mining_pool: { amount: string }[]; reward_from_traffic_pool: { amount: string }[] }[];
        };
        const chainFigures = Object.fromEntries(res.rewards.map((r) => [r.wallet_address, [r.reward_from_mining_pool[0]?.amount ?? '0', r.reward_from_traffic_pool[0]?.amount ?? '0']]));
        const auditFigures = Object.fromEntries(e.wallets.map((w) => [w.wallet, [w.miningReward, w.trafficReward]]));
        if (shared.includes(e.epoch)) expect(chainFigures).toMatchObject(auditFigures);
        else expect(auditFigures).toStrictEqual(chainFigures);
        compared += e.wallets.length;
      }
      expect(compared).toBeGreaterThan(400);
    } finally {
      chain.close();
      restore();
    }
  });

  it('writes the HTML report with --out', async () => {
    const out = join(dir, 'audit.html');
    const r = await sdsim(['audit', '--home', home, '--format', 'html', '--epochs', '5..9', '--out', out]);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([0, '', '']);
    const html = readFileSync(out, 'utf8');
    expect(statSync(out).size).toBeGreaterThan(10_000);
    expect(html.match(/<svg/g)?.length).toBe(5);
  }, 60_000);

  it('refuses a folder without a chain, naming it', async () => {
    const r = await sdsim(['audit', '--home', join(dir, 'nothing')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error: .*nothing/);
  });
});
