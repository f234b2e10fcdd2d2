/**
 * `sdsim sweep` on this machine (issue 18): the smoke scenario over 2 parameters × 3 values × 4
 * seeds (24 runs of 6 epochs), on 1 and then 2 worker processes (`sdsim worker --stdio`, the
 * compiled executable: run `npm run build` first). Runs per minute and the speed-up; the two tables
 * must be identical. Throughput and ratios only, no pass/fail on timings.
 *
 *   npm run bench -- sweep
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runLocalSweep } from '../src/sim/sweep/local-pool.ts';
import { parseSeeds, planSweep, sweepCsv } from '../src/sim/sweep/sweep.ts';

const sweeps = [
  { file: 'smoke.yaml', sets: ['genesis.pot.params.community_tax=0.01,0.05,0.20', 'settlement.settle_basis_points=5000,8000,10000'], seeds: '1..4', epochs: undefined },
  { file: 'tier-crossing-year.yaml', sets: ['genesis.pot.params.community_tax=0.01,0.05,0.20', 'settlement.replicas=1,3'], seeds: '1..2', epochs: 30 },
];
for (const sw of sweeps) {
  const text = readFileSync(join(import.meta.dirname, '..', 'scenarios', sw.file), 'utf8');
  const plan = planSweep(sw.file, text, sw.sets, parseSeeds(sw.seeds), sw.epochs !== undefined ? { epochs: sw.epochs } : {});
  console.log(`sweep of ${sw.file}: ${plan.jobs.length} runs${sw.epochs !== undefined ? ` of ${sw.epochs} epochs` : ''}`);
  const rates: number[] = [];
  let first = '';
  for (const workers of [1, 2]) {
    const started = performance.now();
    const results = await runLocalSweep(plan.jobs, { workers });
    const seconds = (performance.now() - started) / 1000;
    const csv = sweepCsv(plan.paths, results);
    if (first === '') first = csv;
    else if (csv !== first) throw new Error('the tables of 1 and 2 workers differ');
    rates.push((results.length / seconds) * 60);
    console.log(`  ${workers} worker(s): ${seconds.toFixed(1)} s, ${rates.at(-1)!.toFixed(1)} runs/min`);
  }
  console.log(`  speed-up with 2 workers: ${(rates[1]! / rates[0]!).toFixed(2)}× (the same table)`);
}
