/**
 * What a sweep's workers answer when a job cannot run (docs/sweeps.md, docs/sweep-queue.md): a line
 * that is not a job is refused naming what is wrong with it; a run that fails because of a `--set`
 * value names that `--set` (never a line of the text with the values set in), and a field of the
 * user's file where it is in that file — through the local pool's worker (`sdsim worker --stdio`,
 * in process) and through the queue (`sdsim sweep --queue` in process, with a queue worker).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/sdsim.ts';
import { runQueueWorker } from '../../../src/sim/sweep/queue.ts';
import { runStdioWorker } from '../../../src/sim/sweep/stdio-worker.ts';
import { planSweep } from '../../../src/sim/sweep/sweep.ts';
import { redisAvailable, startRedis } from '../../helpers/redis-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'sdsim-worker-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The stdio worker's answers to these lines. */
async function answers(lines: readonly string[]): Promise<unknown[]> {
  const out: string[] = [];
  await runStdioWorker(Readable.from(lines.map((l) => `${l}\n`)), (l) => void out.push(l));
  return out.join('').trim().split('\n').map((l) => JSON.parse(l) as unknown);
}

const OK = 'clock: {duration: {epochs: 2}}';
const SUPPLY = 'clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params:\n      initial_total_supply: {denom: wei, amount: "30000000000000000000000000"}\n';
const REFUSED_1000 =
  "--set genesis.pot.params.initial_total_supply.amount=\"1000\": genesis.pot.params.initial_total_supply.amount: the chain refuses it with the run's population (accounts, deposits, gentxs): pot genesis: bank supply 20311461000000000000000000wei is greater than params.initial_total_supply 1000wei";

describe('sdsim worker --stdio: lines that are not a job', () => {
  it('are answered with what is wrong with them, by the id when there is one', async () => {
    expect(await answers(['{"foo":1}', '[1]', '{"id":"0-1","scenarioFile":"a.yaml"}', '{"id":"0-1","scenarioFile":"a.yaml","scenarioText":"","settings":[],"seed":"1"}', '{"id":"0-1","scenarioFile":"a.yaml","scenarioText":"","settings":[],"seed":1,"foo":1}'])).toStrictEqual([
      { id: '', error: 'not a job: "id" is missing (a non-empty string)' },
      { id: '', error: 'not a job: expected a JSON object, got a list' },
      { id: '0-1', error: 'not a job: "scenarioText" is missing (a string)' },
      { id: '0-1', error: 'not a job: "seed" is the string "1", expected an integer in 0..4294967295' },
      { id: '0-1', error: 'not a job: unknown field "foo" (a job has id, scenarioFile, scenarioText, settings, seed, epochs, home)' },
    ]);
  });
});

describe('a run that fails because of a --set value', () => {
  it('the local pool\'s worker names the --set (the field is on its path), or the field where it is in the user\'s file', async () => {
    const [onSet] = planSweep('ok.yaml', OK, ['genesis.pot.params.initial_total_supply.amount="1000"'], [1]).jobs;
    const [inFile] = planSweep('supply.yaml', SUPPLY, ['population.users.prepay=10000000stos'], [1]).jobs;
    expect(await answers([JSON.stringify(onSet), JSON.stringify(inFile)])).toStrictEqual([
      { id: '0-1', error: REFUSED_1000 },
      {
        id: '0-1',
        error:
          "--set population.users.prepay=10000000stos: supply.yaml:5:50: genesis.pot.params.initial_total_supply.amount: the chain refuses it with the run's population (accounts, deposits, gentxs): pot genesis: bank supply 120311451000000000000000000wei is greater than params.initial_total_supply 30000000000000000000000000wei",
      },
    ]);
  });

  it.skipIf(!redisAvailable())('sdsim sweep --queue says it the same way, with the job id', { timeout: 120_000 }, async () => {
    const redis = await startRedis();
    let stop!: () => void;
    const worker = runQueueWorker({ url: redis.url, stopSignal: new Promise<void>((r) => (stop = r)) });
    try {
      const file = join(dir, 'ok.yaml');
      writeFileSync(file, `${OK}\n`);
      let stdout = '';
      let stderr = '';
      const code = await main(['sweep', file, '--set', 'genesis.pot.params.initial_total_supply.amount="1000"', '--queue', redis.url, '--out', join(dir, 'swe')], {
        out: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
        tty: false,
        stopSignal: new Promise(() => undefined),
      });
      expect({ code, stdout, stderr }).toStrictEqual({ code: 1, stdout: '', stderr: `Error: sweep job 0-1 failed: ${REFUSED_1000}\n` });
    } finally {
      stop();
      await worker;
      await redis.stop();
    }
  });
});
