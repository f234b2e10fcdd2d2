/**
 * What `planSweep` refuses before anything runs (docs/sweeps.md): a seed given twice, `--set seed`,
 * `--epochs` beyond any combination's epochs; the one form of a combination's error
 * (`--set <path>=<value>: <field>: <problem>`); and results with a hole (a job id given twice) are
 * refused in words, never reaching the table or the report's charts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLocalSweep } from '../../../src/sim/sweep/local-pool.ts';
import { sweepHtml } from '../../../src/sim/sweep/report.ts';
import { parseSeeds, planSweep, sweepCsv, sweepJson } from '../../../src/sim/sweep/sweep.ts';
import { scenarioWith, type SweepRunResult } from '../../../src/sim/sweep/job.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const SMOKE = readFileSync(join(ROOT, 'scenarios/smoke.yaml'), 'utf8');

describe('planning a sweep', () => {
  it('a seed given twice is refused, naming it', () => {
    expect(() => parseSeeds('1,1')).toThrow(new Error('invalid --seeds "1,1": seed 1 is given twice (each seed is one run of every combination)'));
    expect(() => parseSeeds('3,2,5,2')).toThrow(new Error('invalid --seeds "3,2,5,2": seed 2 is given twice (each seed is one run of every combination)'));
    expect(parseSeeds('3,2,5')).toStrictEqual([3, 2, 5]);
    // a caller of planSweep with its own list
    expect(() => planSweep('smoke.yaml', SMOKE, [], [1, 2, 1])).toThrow(new Error('invalid --seeds: seed 1 is given twice (each seed is one run of every combination)'));
  });

  it('--set seed is refused, pointing to --seeds', () => {
    expect(() => planSweep('smoke.yaml', SMOKE, ['seed=5,6'], [1])).toThrow(new Error("--set seed=5,6: seed: a sweep's seeds are given with --seeds, each replacing the scenario's (--seeds 5,6)"));
    expect(() => planSweep('smoke.yaml', SMOKE, ['seed=x'], [1])).toThrow(new Error("--set seed=x: seed: a sweep's seeds are given with --seeds, each replacing the scenario's (e.g. --seeds 1..4)"));
  });

  it("--epochs beyond a combination's epochs is refused at planning, naming the --set that gave them", () => {
    expect(() => planSweep('smoke.yaml', SMOKE, [], [1, 2], { epochs: 100 })).toThrow(new Error("--epochs 100 is more than the scenario's 6 epochs"));
    expect(() => planSweep('smoke.yaml', SMOKE, ['genesis.pot.params.community_tax=0.02', 'clock.duration={epochs: 6},{epochs: 5}'], [1], { epochs: 6 })).toThrow(
      new Error("--epochs 6 is more than the scenario's 5 epochs with --set clock.duration={epochs: 5}"),
    );
    expect(planSweep('smoke.yaml', SMOKE, ['clock.duration={epochs: 6},{epochs: 5}'], [1], { epochs: 5 }).jobs).toHaveLength(2);
  });

  it("every error of a combination is --set <path>=<value>: <field>: <problem>", () => {
    const refused = (sets: string[]) => {
      try {
        planSweep('smoke.yaml', SMOKE, sets, [1]);
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    // the field itself, a mapping on the way to it (a typo), a scalar on the way
    expect(refused(['population.users.count=-1'])).toBe('--set population.users.count=-1: population.users.count: expected an integer from 0 to 1000000, got number -1');
    expect(refused(['population.usrs.count=3'])).toBe('--set population.usrs.count=3: population.usrs: unknown field (did you mean "users"?)');
    // with another --set in the combination: only the one the field is on
    expect(refused(['genesis.pot.params.community_tax=0.02', 'population.usrs.count=3'])).toBe('--set population.usrs.count=3: population.usrs: unknown field (did you mean "users"?)');
    expect(refused(['population.users.count.x=3'])).toBe('--set population.users.count.x=3: population.users.count: not a mapping in smoke.yaml, so x cannot be set below it');
    // a field on no --set's path: every --set of the combination, then where the field is in the file (not in the text with the values set in)
    expect(refused(['genesis.pot.params.community_tax=0.02', 'clock.duration={epochs: 1}'])).toBe(
      '--set genesis.pot.params.community_tax=0.02 --set clock.duration={epochs: 1}: smoke.yaml:47:9: events[0].at: beyond the run (clock.duration is 600s, this is 1200s)',
    );
    // a value past 2^53: the digits typed, never a rounded number
    expect(refused(['population.users.count=9007199254740993'])).toBe('--set population.users.count=9007199254740993: population.users.count: expected an integer from 0 to 1000000, got number 9007199254740993');
    expect(refused(['genesis.pot.params.mature_epoch=18446744073709551616'])).toBe('--set genesis.pot.params.mature_epoch=18446744073709551616: genesis.pot.params.mature_epoch: expected a signed 64-bit integer (bigint, safe integer or decimal string), got "18446744073709551616"');
  });

  it('reads --set integers past 2^53 exactly, as typed: amounts up to 2^256 − 1, 64-bit integers', () => {
    const OK = 'clock: {duration: {epochs: 2}}\npopulation: {users: {prepay: 2000000000000000003}}\n';
    const plan = planSweep('ok.yaml', OK, ['genesis.pot.params.initial_total_supply.amount=400000000000000000000000001', 'genesis.pot.params.mature_epoch=9007199254740993', 'population.users.prepay=1000000000000000001,5stos'], [1]);
    const [exact, other] = plan.jobs.map((j) => scenarioWith(j.scenarioFile, j.scenarioText, j.settings));
    expect(exact!.genesis).toStrictEqual({ pot: { params: { initial_total_supply: { amount: '400000000000000000000000001' }, mature_epoch: '9007199254740993' } } });
    expect(exact!.population.users.prepay).toStrictEqual({ kind: 'const', value: 1000000000000000001n });
    expect(other!.population.users.prepay).toStrictEqual({ kind: 'const', value: 5000000000000000000n });
    // a --set elsewhere leaves the file's own big integers exact
    expect(scenarioWith('ok.yaml', OK, [{ path: 'population.users.count', value: '2' }]).population.users.prepay).toStrictEqual({ kind: 'const', value: 2000000000000000003n });
  });
});

describe('results with a hole', () => {
  const plan = planSweep('smoke.yaml', SMOKE, [], [1, 2]);
  const result = (id: string, seed: number): SweepRunResult => ({ id, params: {}, seed, appHash: 'AB'.repeat(32), height: '9', epochs: 3, reports: 3, failedTxs: 0, summary: { total_mined: '1' } });

  it('the local pool refuses jobs of one id before it starts a worker', async () => {
    const job = plan.jobs[0]!;
    await expect(runLocalSweep([job, job], { workers: 1 })).rejects.toThrow(new Error("sweep job 0-1 appears twice: a sweep's job ids are unique"));
  });

  it('the table and the report refuse a missing or misplaced result in words', () => {
    const holed = [undefined, result('0-2', 2)] as unknown as SweepRunResult[];
    expect(() => sweepCsv(plan.paths, holed)).toThrow(new Error('run 1 of the sweep has no result: no table is written'));
    expect(() => sweepJson(plan, holed)).toThrow(new Error('run 0-1 of the sweep has no result: no table is written'));
    expect(() => sweepHtml(plan, holed, 'Sweep of smoke')).toThrow(new Error('run 0-1 of the sweep has no result: no table is written'));
    expect(() => sweepHtml(plan, [result('0-2', 2), result('0-1', 1)], 'Sweep of smoke')).toThrow(new Error('run 0-1 of the sweep has the result of run 0-2: no table is written'));
    expect(() => sweepJson(plan, [result('0-1', 1)])).toThrow(new Error('run 0-2 of the sweep has no result: no table is written'));
    expect(sweepCsv(plan.paths, [result('0-1', 1), result('0-2', 2)]).split('\n')).toHaveLength(4);
  });
});
