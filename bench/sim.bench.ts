/**
 * `sdsim run` (issue 17): the year of bench/scenarios/year.yaml (10-minute epochs, 1,000 resource
 * nodes, 21 meta nodes, 10,000 users, a volume report, its distribution and a maturity every epoch)
 * run in this process as the CLI runs it, into a temporary chain home:
 *
 * - the headline run: SIM_EPOCHS epochs (default 2,000) of the year; setup time (population,
 *   genesis, the first block's 10,000 prepays and 1,000 registrations), then epochs/s per 500
 *   epochs and the RSS and live heap at each checkpoint (flat memory as epochs grow), the time per
 *   phase, and the year's time projected from the steady rate;
 * - scaling with nodes: 100, 1,000 and 10,000 resource nodes (SIM_NODES), SIM_SCALE_EPOCHS epochs
 *   each (default 200), steady epochs/s.
 *
 * Throughput and ratios only, no pass/fail on timings.
 *
 *   npm run bench -- sim
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScenario } from '../src/sim/scenario/parse.ts';
import type { Scenario } from '../src/sim/scenario/types.ts';
import { runScenario } from '../src/sim/run/runner.ts';

const YEAR = 52_560;
const EPOCHS = Number(process.env.SIM_EPOCHS ?? 2000);
const SCALE_EPOCHS = Number(process.env.SIM_SCALE_EPOCHS ?? 200);
const NODES = (process.env.SIM_NODES ?? '100,1000,10000').split(',').map(Number);
const CHECKPOINT = 500;

const file = join(import.meta.dirname, 'scenarios', 'year.yaml');
const year = parseScenario(readFileSync(file, 'utf8'), 'year.yaml');
const gc = (globalThis as { gc?: () => void }).gc;
const mib = (b: number) => (b / 1048576).toFixed(0);

interface Measured {
  readonly setupS: number;
  readonly totalS: number;
  readonly firstEpochAt: number;
  readonly checkpoints: { epoch: number; at: number; rss: number; heap: number }[];
  readonly timing: Record<string, number>;
}

async function measure(s: Scenario, epochs: number, checkpoint: number): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-bench-'));
  const started = performance.now();
  const checkpoints: Measured['checkpoints'] = [];
  let firstEpochAt = 0;
  try {
    const r = await runScenario(s, {
      out: join(dir, 'home'),
      epochs,
      onEpoch: (done) => {
        if (done === 1) firstEpochAt = performance.now();
        if (done % checkpoint === 0 || done === epochs) {
          gc?.();
          const m = process.memoryUsage();
          checkpoints.push({ epoch: done, at: performance.now(), rss: m.rss, heap: m.heapUsed });
        }
      },
    });
    if (r.failedTxs > 0) throw new Error(`${r.failedTxs} txs failed: ${JSON.stringify(r.failures.slice(0, 3))}`);
    return { setupS: (firstEpochAt - started) / 1000, totalS: (performance.now() - started) / 1000, firstEpochAt, checkpoints, timing: r.timing };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const steadyRate = (m: Measured, epochs: number) => (epochs - 1) / ((m.checkpoints.at(-1)!.at - m.firstEpochAt) / 1000);

console.log(`the year scenario: ${year.population.resourceNodes.count} resource nodes, ${year.population.metaNodes.count} meta nodes, ${year.population.users.count} users, 10-minute epochs; ${EPOCHS} of its ${YEAR} epochs`);
const head = await measure(year, EPOCHS, CHECKPOINT);
console.log(`setup to the end of epoch 1 (population, genesis, 10,000 prepays, 1,000 registrations): ${head.setupS.toFixed(1)} s`);
console.log('epochs        epochs/s   RSS MiB   live heap MiB');
let prev = { epoch: 1, at: head.firstEpochAt };
for (const c of head.checkpoints) {
  console.log(`${String(prev.epoch).padStart(5)}..${String(c.epoch).padEnd(6)} ${((c.epoch - prev.epoch) / ((c.at - prev.at) / 1000)).toFixed(1).padStart(8)} ${mib(c.rss).padStart(9)} ${mib(c.heap).padStart(15)}`);
  prev = { epoch: c.epoch, at: c.at };
}
const rate = steadyRate(head, EPOCHS);
const phases = Object.entries(head.timing).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ');
console.log(`time by phase: ${phases}`);
console.log(`steady: ${rate.toFixed(1)} epochs/s (${(1000 / rate).toFixed(1)} ms an epoch); the whole year projected: ${((head.setupS + YEAR / rate) / 60).toFixed(1)} min (the target is 1 min)`);

console.log(`\nscaling with resource nodes (${SCALE_EPOCHS} epochs each, users as above)`);
console.log('nodes    setup s   epochs/s   ms/epoch');
for (const n of NODES) {
  const s: Scenario = { ...year, population: { ...year.population, resourceNodes: { ...year.population.resourceNodes, count: n } } };
  const m = await measure(s, SCALE_EPOCHS, SCALE_EPOCHS);
  const r = steadyRate(m, SCALE_EPOCHS);
  console.log(`${String(n).padStart(6)} ${m.setupS.toFixed(1).padStart(9)} ${r.toFixed(1).padStart(10)} ${(1000 / r).toFixed(1).padStart(10)}`);
}
