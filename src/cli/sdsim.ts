/**
 * `sdsim`: the researchers' tool (docs/scenarios.md, docs/audit.md, docs/sweeps.md, docs/diff.md, docs/check.md). `run` plays a scenario into a
 * chain home in virtual time; `audit` explains the rewards of any chain home to the wei. Modules load
 * only for the command that runs.
 */
import { Command } from 'commander';
import { resolve } from 'node:path';
import { runStandalone, type StandaloneContext } from './standalone.ts';

export type SdsimCliContext = StandaloneContext & {
  /** whether stderr is a terminal (the progress bar shows only there) */
  readonly tty?: boolean;
};

/** The scenario file's text, or an error naming the problem in words (no such file, a folder, permission denied). */
async function readScenario(file: string): Promise<string> {
  const { readFileSync } = await import('node:fs');
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder, not a file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOTDIR' ? 'a part of the path is a file, not a folder' : (e as Error).message;
    throw new Error(`cannot read the scenario ${file}: ${why}`);
  }
}

function intOption(name: string, min: number, max: number) {
  return (text: string): number => {
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new Error(`invalid ${name} ${JSON.stringify(text)}: expected an integer in ${min}..${max}`);
    return Number(text);
  };
}

/**
 * The options of one mode of `cmd` (their descriptions start with `prefix`, e.g. `--node:`) given
 * on the command line, as a phrase (`--a, --b and --c`), or undefined when none is: a command
 * refuses the options of a mode it does not run, rather than ignore them (docs/check.md).
 */
function givenModeOptions(cmd: Command, prefix: string): { list: string; count: number } | undefined {
  const given = cmd.options.filter((opt) => opt.description.startsWith(prefix) && cmd.getOptionValueSource(opt.attributeName()) === 'cli').map((opt) => opt.long!);
  if (given.length === 0) return undefined;
  return { list: given.length === 1 ? given[0]! : `${given.slice(0, -1).join(', ')} and ${given.at(-1)}`, count: given.length };
}

/** `tty`: whether stderr is a terminal (the progress bar shows only there). */
export function buildSdsim(ctx: StandaloneContext, tty = false): Command {
  const program = new Command('sdsim')
    .description('Scenario runs, sweeps, diffs, conformance checks and reward audits of the storage network and its chain, in virtual time')
    .exitOverride()
    .configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stderr });

  program
    .command('run')
    .description('Run a scenario (YAML, docs/scenarios.md) into a chain home: `chaind start --home <out>` serves the result')
    .argument('<scenario>', 'the scenario file')
    .option('--seed <n>', "replace the scenario's seed (0..4294967295)", intOption('--seed', 0, 4294967295))
    .option('--out <dir>', 'the output folder, new or empty (default: ./<scenario name>-<seed>)')
    .option('--epochs <n>', "run only the first N epochs (a reduced run of a long scenario; at most the scenario's epochs)", intOption('--epochs', 1, 10_000_000))
    .option('--bls <mode>', 'trusted (skip the BLS pairing checks, default of the scenario) or full')
    .option('--check', 'check the invariants (docs/check.md) after every block; stop at the first broken one', false)
    .option('--snapshot-interval <n>', 'a state snapshot every N blocks (0: only genesis; `chaind start` then replays the run and can answer at every height)', intOption('--snapshot-interval', 0, 1_000_000_000), 0)
    .exitOverride()
    .action(async (file: string, o: { seed?: number; out?: string; epochs?: number; bls?: string; check: boolean; snapshotInterval: number }) => {
      const { basename } = await import('node:path');
      const { parseScenario } = await import('../sim/scenario/parse.ts');
      const { runScenario } = await import('../sim/run/runner.ts');
      const { progressBar } = await import('../sim/run/progress.ts');
      if (o.bls !== undefined && o.bls !== 'trusted' && o.bls !== 'full') throw new Error(`invalid --bls ${JSON.stringify(o.bls)}: expected trusted or full`);
      const text = await readScenario(file);
      // every check before anything is written: the scenario, --epochs and --out (runScenario);
      // a run that fails leaves --out as it was (src/sim/run/runner.ts)
      const scenario = parseScenario(text, basename(file));
      const seed = o.seed ?? scenario.seed;
      const { scenarioName } = await import('../sim/run/home.ts');
      const out = resolve(o.out ?? `${scenarioName(scenario).replace(/[^A-Za-z0-9._-]+/g, '-')}-${seed}`);
      const bar = tty ? progressBar((t) => ctx.out.stderr(t)) : undefined;
      const started = performance.now();
      const r = await runScenario(scenario, {
        out,
        seed,
        ...(o.epochs !== undefined ? { epochs: o.epochs } : {}),
        ...(o.bls ? { bls: o.bls as 'trusted' | 'full' } : {}),
        snapshotInterval: o.snapshotInterval,
        check: o.check,
        onEpoch: bar ? (done, total) => bar.update(done, total) : undefined,
        log: (line) => ctx.out.stderr(`${line}\n`),
      });
      bar?.done();
      const seconds = (performance.now() - started) / 1000;
      ctx.out.stdout(
        JSON.stringify(
          {
            home: r.home,
            chain_id: r.chainId,
            seed,
            bls: r.bls,
            epochs: r.epochs,
            height: r.height.toString(),
            app_hash: r.appHash,
            reports: r.reports,
            txs: r.txs,
            failed_txs: r.failedTxs,
            seconds: Number(seconds.toFixed(3)),
            epochs_per_second: Number((r.epochs / seconds).toFixed(1)),
            timing_ms: Object.fromEntries(Object.entries(r.timing).map(([k, v]) => [k, Math.round(v)])),
            metrics: { csv: resolve(r.home, 'metrics.csv'), json: resolve(r.home, 'metrics.json') },
            serve: `chaind start --home ${r.home}`,
          },
          null,
          2,
        ) + '\n',
      );
    });

  program
    .command('sweep')
    .description('Run a scenario over a grid of parameter values × seeds, in parallel worker processes; one table and an HTML comparison')
    .argument('<scenario>', 'the scenario file')
    .option('--set <path=v1,v2,…>', 'a field of the scenario and its values (repeat for a grid)', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--seeds <range>', "seeds: A..B or a list 1,2,5, each once; each replaces the scenario's seed", '1')
    .option('--workers <n>', 'worker processes (default: the cores)', intOption('--workers', 1, 256))
    .option('--epochs <n>', 'run only the first N epochs of each run', intOption('--epochs', 1, 10_000_000))
    .option('--out <dir>', 'where the table, the report (and the homes) go (default: ./<scenario file name without .yaml>-sweep)')
    .option('--keep-homes', "keep each run's chain home under <out>/homes/<id> (with --queue: on the worker's machine)", false)
    .option('--queue <redis url>', 'enqueue the runs on a Redis queue for `sdsim worker --queue` on any machine, and collect the results (docs/sweep-queue.md)')
    .exitOverride()
    .action(async (file: string, o: { set: string[]; seeds: string; workers?: number; epochs?: number; out?: string; keepHomes: boolean; queue?: string }) => {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      const { availableParallelism } = await import('node:os');
      const { basename, join } = await import('node:path');
      const { parseSeeds, planSweep, sweepCsv, sweepJson } = await import('../sim/sweep/sweep.ts');
      const { runLocalSweep } = await import('../sim/sweep/local-pool.ts');
      const { sweepHtml } = await import('../sim/sweep/report.ts');
      const { progressBar } = await import('../sim/run/progress.ts');
      const { checkOutFolder, claimOutFolder } = await import('../sim/run/home.ts');
      const text = await readScenario(file);
      const name = basename(file).replace(/\.ya?ml$/, '');
      const out = resolve(o.out ?? `${name}-sweep`);
      // every check before anything is written: --out, the seeds, every combination (its fields,
      // --epochs against its epochs), the queue's URL; a sweep that fails leaves --out as it was
      checkOutFolder(out);
      const plan = planSweep(basename(file), text, o.set, parseSeeds(o.seeds), { ...(o.epochs !== undefined ? { epochs: o.epochs } : {}), ...(o.keepHomes ? { homesDir: join(out, 'homes') } : {}) });
      const queue = o.queue !== undefined ? await import('../sim/sweep/queue.ts') : undefined;
      if (o.queue !== undefined) queue!.parseRedisUrl(o.queue);
      const folder = claimOutFolder(out);
      // the homes' folder is the sweep's, made before any run: a run that fails removes only its own home
      if (o.keepHomes && o.queue === undefined) mkdirSync(join(out, 'homes'));
      const workers = o.workers ?? availableParallelism();
      const bar = tty ? progressBar((t) => ctx.out.stderr(t), undefined, 'run') : undefined;
      const started = performance.now();
      const onProgress = bar ? (d: number, t: number) => bar.update(d, t) : undefined;
      let results;
      try {
        if (o.queue !== undefined) results = await queue!.runQueueSweep(plan.jobs, { url: o.queue, sweep: plan.id, onProgress });
        else results = await runLocalSweep(plan.jobs, { workers, onProgress });
        bar?.done();
        const files = { 'results.csv': sweepCsv(plan.paths, results), 'results.json': sweepJson(plan, results), 'report.html': sweepHtml(plan, results, `Sweep of ${name}`) };
        for (const [f, content] of Object.entries(files)) writeFileSync(join(out, f), content);
      } catch (e) {
        // no folder that looks like a sweep's: what it wrote goes (kept homes included), as a failed `sdsim run`'s
        folder.discard();
        throw e;
      }
      const seconds = (performance.now() - started) / 1000;
      ctx.out.stdout(
        JSON.stringify(
          { sweep: plan.id, runs: results.length, ...(o.queue !== undefined ? { queue: o.queue } : { workers }), seconds: Number(seconds.toFixed(3)), runs_per_minute: Number(((results.length / seconds) * 60).toFixed(1)), failed_txs: results.reduce((a, r) => a + r.failedTxs, 0), table: { csv: join(out, 'results.csv'), json: join(out, 'results.json') }, report: join(out, 'report.html') },
          null,
          2,
        ) + '\n',
      );
    });

  program
    .command('diff')
    .description('The reward differences between two runs (B − A) per wallet and epoch, with totals, winners and losers, and plots')
    // both required, but checked by runDiffCommand: its message gives the usage (docs/diff.md, Errors)
    .argument('[homeA]', 'the first chain home')
    .argument('[homeB]', 'the second chain home (same chain and population, other parameters)')
    .usage('<homeA> <homeB> [options]')
    .option('--by <key>', 'wallet, epoch or role', 'wallet')
    .option('--format <format>', 'json, csv or html', 'json')
    .option('--out <file>', 'write the report there (default: stdout)')
    .exitOverride()
    .action(async (homeA: string | undefined, homeB: string | undefined, o: { by: string; format: string; out?: string }) => {
      const { runDiffCommand } = await import('../sim/diff/cli.ts');
      await runDiffCommand({ homeA: homeA ?? '', homeB: homeB ?? '', by: o.by, format: o.format, out: o.out }, { write: (t) => ctx.out.stdout(t) });
    });

  program
    .command('check')
    .description('Property-based conformance: generated scenarios run with the invariants checked after every block and every app hash replayed; a failure is shrunk to a scenario file')
    .option('--runs <n>', 'generated runs', intOption('--runs', 1, 1_000_000), 100)
    .option('--seed <n>', 'the seed of the generator (default: random, printed)', intOption('--seed', 0, 2147483647))
    .option('--out <dir>', 'where a failing scenario is written', '.')
    .option('--node <url>', "differential mode: send the generated runs through this node's consensus RPC (tcp://host:port) and compare every result with the in-process model")
    .option('--from <key>', '--node: the funded account (key name or st1 address) that funds the runs')
    .option('--home <dir>', '--node: the home whose keyring holds --from', undefined)
    .option('--keyring-dir <dir>', '--node: the keyring directory (default: --home)')
    .option('--keyring-backend <name>', '--node: the keyring backend', 'test')
    .option('--fund <amount>', '--node: what each generated user gets', '100stos')
    .option('--parallel <n>', '--node: runs whose steps share blocks', intOption('--parallel', 1, 1000), 10)
    .option('--gas-prices <price>', '--node: the fee price of the generated txs', '1gwei')
    .option('--min-gas-prices <price>', "--node: the node's minimum-gas-prices, for the model's CheckTx", '1gwei')
    .option('--no-app-hash', '--node: do not compare app hashes (a node of another implementation)')
    .option('--bls <mode>', "--node: the node's pot BLS verifier: full (bls12-381) or trusted (accept-any)", 'full')
    .option('--commit-timeout <seconds>', '--node: how long an accepted tx may take to be committed', intOption('--commit-timeout', 1, 3600), 60)
    .exitOverride()
    .action(async (o: { runs: number; seed?: number; out: string; node?: string; from?: string; home?: string; keyringDir?: string; keyringBackend: string; fund: string; parallel: number; gasPrices: string; minGasPrices: string; appHash: boolean; bls: string; commitTimeout: number }, cmd: Command) => {
      if (o.node === undefined) {
        // the differential mode's options mean nothing to the local check: refused, not ignored
        const given = givenModeOptions(cmd, '--node:');
        if (given) throw new Error(`sdsim check: ${given.list} ${given.count === 1 ? 'is an option' : 'are options'} of the differential mode: give --node <url>, or leave ${given.count === 1 ? 'it' : 'them'} out`);
      }
      const { progressBar } = await import('../sim/run/progress.ts');
      const seed = o.seed ?? Math.floor(Math.random() * 2147483647);
      const bar = tty ? progressBar((t) => ctx.out.stderr(t), undefined, 'run') : undefined;
      const onRun = bar ? (d: number) => bar.update(Math.min(d, o.runs), o.runs) : undefined;
      if (o.node !== undefined) {
        const { nodeCheckOptions } = await import('../sim/check/node/cli.ts');
        const { runNodeCheck } = await import('../sim/check/node/differential.ts');
        const r = await runNodeCheck({ ...(await nodeCheckOptions({ ...o, node: o.node, seed })), onRun });
        bar?.done();
        ctx.out.stdout(JSON.stringify(r, null, 2) + '\n');
        if (!r.ok) throw new Error(`the node diverges from the model (seed ${r.seed}${r.run !== undefined ? `, run ${r.run} step ${r.step}: ${r.op}` : ''}) at height ${String(r.divergence.height)}: ${String(r.divergence.where)}`);
        return;
      }
      const { runCheck } = await import('../sim/check/check.ts');
      const r = await runCheck({ runs: o.runs, seed, out: resolve(o.out), onRun });
      bar?.done();
      if (r.ok) {
        ctx.out.stdout(JSON.stringify({ ok: true, runs: r.runs, seed: r.seed }, null, 2) + '\n');
        return;
      }
      ctx.out.stdout(JSON.stringify({ ok: false, runs: r.runs, seed: r.seed, path: r.path, error: r.error, scenario: r.file, replay: `sdsim run ${r.file} --check --out <dir>` }, null, 2) + '\n');
      throw new Error(`a generated run failed (seed ${r.seed}, path ${r.path}): ${r.error}; the shrunk scenario is ${r.file}`);
    });

  program
    .command('worker')
    .description("Run sweep jobs: from a Redis queue (--queue <url>, on any machine) or for a local sweep's pool (--stdio)")
    .option('--queue <redis url>', 'take jobs from this Redis queue until stopped (SIGINT/SIGTERM: the current job finishes first)')
    .option('--concurrency <n>', '--queue: jobs at once (one thread each)', intOption('--concurrency', 1, 64), 1)
    .option('--lock-ms <n>', "--queue: how long a job's lock lasts without renewal (a dead worker's job runs again after it)", intOption('--lock-ms', 100, 3_600_000))
    .option('--stalled-ms <n>', '--queue: how often stalled jobs are looked for', intOption('--stalled-ms', 100, 3_600_000))
    .option('--stdio', 'take jobs as JSON lines on stdin, answer on stdout (the local pool)', false)
    .exitOverride()
    .action(async (o: { queue?: string; concurrency: number; lockMs?: number; stalledMs?: number; stdio: boolean }, cmd: Command) => {
      if (o.stdio === (o.queue !== undefined)) throw new Error('sdsim worker: give either --queue <redis url> or --stdio');
      if (o.stdio) {
        // the queue's options mean nothing to the local pool's worker (one job at a time, no locks): refused, not ignored
        const given = givenModeOptions(cmd, '--queue:');
        if (given) throw new Error(`sdsim worker: ${given.list} ${given.count === 1 ? 'is an option' : 'are options'} of --queue, not of --stdio: leave ${given.count === 1 ? 'it' : 'them'} out`);
        const { runStdioWorker } = await import('../sim/sweep/stdio-worker.ts');
        await runStdioWorker();
        return;
      }
      const { runQueueWorker } = await import('../sim/sweep/queue.ts');
      await runQueueWorker({
        url: o.queue!,
        concurrency: o.concurrency,
        ...(o.lockMs !== undefined ? { lockDurationMs: o.lockMs } : {}),
        ...(o.stalledMs !== undefined ? { stalledIntervalMs: o.stalledMs } : {}),
        log: (line) => ctx.out.stderr(`${new Date().toISOString()} ${line}\n`),
        stopSignal: ctx.stopSignal,
      });
    });

  program
    .command('audit')
    .description('Explain every reward of a chain home (a run or a node) to the wei, per epoch and wallet')
    .requiredOption('--home <dir>', 'the chain home (stop its node first, or audit a copy)')
    .option('--epochs <A..B>', 'only the reports of these epochs')
    .option('--wallet <st1…>', "only this wallet's figures")
    .option('--format <format>', 'json, csv or html', 'json')
    .option('--out <file>', 'write the report there (default: stdout)')
    .exitOverride()
    .action(async (o: { home: string; epochs?: string; wallet?: string; format: string; out?: string }) => {
      const { runAuditCommand } = await import('../sim/audit/cli.ts');
      const audit = await runAuditCommand({ home: o.home, epochs: o.epochs, wallet: o.wallet, format: o.format, out: o.out }, { write: (t) => ctx.out.stdout(t) });
      if (!audit.verdict.ok) throw new Error('some wei is not accounted for: see the verdict in the report');
    });

  return program;
}

export function main(argv: string[], ctx: Partial<SdsimCliContext> = {}): Promise<number> {
  const tty = ctx.tty ?? Boolean(process.stderr.isTTY);
  // c itself, not a spread of it: a spread would read the lazy stopSignal, taking Ctrl-C away from `run`
  return runStandalone((c) => buildSdsim(c, tty), argv, ctx);
}
