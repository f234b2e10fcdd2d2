/**
 * `sdsim check` finds a bug planted in this test's build: pot's per-wallet immature totals are
 * rounded up to a multiple of 1,000 wei (a reward rounding changed), so the records no longer equal
 * what total_reward_pool holds. The check shrinks the failure to a scenario of a few parts and
 * writes it; `sdsim run --check` of that file (in this same build) fails the same way.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCheck } from '../../../src/sim/check/check.ts';
import { parseScenario } from '../../../src/sim/scenario/parse.ts';
import { InvariantError, runScenario } from '../../../src/sim/run/runner.ts';

vi.mock('../../../src/modules/pot/state.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/modules/pot/state.ts')>();
  const up = (a: Readonly<Record<string, bigint>>) => Object.fromEntries(Object.entries(a).map(([d, v]) => [d, ((v + 999n) / 1000n) * 1000n]));
  return { ...real, setImmatureTotal: (draft: never, key: string, amounts: Record<string, bigint>) => real.setImmatureTotal(draft, key, up(amounts)) };
});

describe('sdsim check against a planted rounding bug', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-planted-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails, shrinks to a small scenario, and the written file replays to the same failure', async () => {
    const r = await runCheck({ runs: 40, seed: 7, out: dir });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/^invariant broken at height \d+ \(epoch 0, its report block\): total_reward_pool holds \d+wei but the wallets' immature and mature totals are \d+wei$/);
    expect(r.file).toBe(join(dir, 'check-failure-7.yaml'));
    const text = readFileSync(r.file, 'utf8');
    const s = parse(text) as { clock: { duration: { epochs: number } }; population: Record<string, { count: number }>; events: unknown[] };
    // shrunk: one epoch, one of each node and user that a report needs, no scripted event
    expect(s.clock.duration.epochs).toBe(1);
    expect([s.population.validators!.count, s.population.meta_nodes!.count, s.population.resource_nodes!.count, s.population.users!.count]).toStrictEqual([1, 1, 1, 1]);
    expect(s.events).toStrictEqual([]);
    const replay = runScenario(parseScenario(text, 'check-failure-7.yaml'), { out: join(dir, 'replay'), check: true });
    await expect(replay).rejects.toBeInstanceOf(InvariantError);
    await expect(replay).rejects.toThrow(r.error);
  }, 300_000);
});
