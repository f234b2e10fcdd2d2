/**
 * `sdsim`: the researchers' tool (docs/scenarios.md, docs/audit.md). `run` plays a scenario into a
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

function intOption(name: string, min: number, max: number) {
  return (text: string): number => {
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new Error(`invalid ${name} ${JSON.stringify(text)}: expected an integer in ${min}..${max}`);
    return Number(text);
  };
}

export function buildSdsim(ctx: SdsimCliContext): Command {
  const program = new Command('sdsim')
    .description('Scenario runs and reward audits of the storage network and its chain, in virtual time')
    .exitOverride()
    .configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stderr });

  program
    .command('run')
    .description('Run a scenario (YAML, docs/scenarios.md) into a chain home: `chaind start --home <out>` serves the result')
    .argument('<scenario>', 'the scenario file')
    .option('--seed <n>', "replace the scenario's seed (0..4294967295)", intOption('--seed', 0, 4294967295))
    .option('--out <dir>', 'the output folder, new or empty (default: ./<scenario name>-<seed>)')
    .option('--epochs <n>', 'run only the first N epochs (a reduced run of a long scenario)', intOption('--epochs', 1, 10_000_000))
    .option('--bls <mode>', 'trusted (skip the BLS pairing checks, default of the scenario) or full')
    .option('--snapshot-interval <n>', 'a state snapshot every N blocks (0: only genesis; `chaind start` then replays the run and can answer at every height)', intOption('--snapshot-interval', 0, 1_000_000_000), 0)
    .exitOverride()
    .action(async (file: string, o: { seed?: number; out?: string; epochs?: number; bls?: string; snapshotInterval: number }) => {
      const { readFileSync } = await import('node:fs');
      const { basename } = await import('node:path');
      const { parseScenario } = await import('../sim/scenario/parse.ts');
      const { runScenario } = await import('../sim/run/runner.ts');
      const { progressBar } = await import('../sim/run/progress.ts');
      if (o.bls !== undefined && o.bls !== 'trusted' && o.bls !== 'full') throw new Error(`invalid --bls ${JSON.stringify(o.bls)}: expected trusted or full`);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new Error(`cannot read the scenario ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
      }
      const scenario = parseScenario(text, basename(file));
      const seed = o.seed ?? scenario.seed;
      const out = resolve(o.out ?? `${(scenario.name ?? basename(file).replace(/\.ya?ml$/, '')).replace(/[^A-Za-z0-9._-]+/g, '-')}-${seed}`);
      const bar = ctx.tty ? progressBar((t) => ctx.out.stderr(t)) : undefined;
      const started = performance.now();
      const r = await runScenario(scenario, {
        out,
        seed,
        ...(o.epochs !== undefined ? { epochs: o.epochs } : {}),
        ...(o.bls ? { bls: o.bls as 'trusted' | 'full' } : {}),
        snapshotInterval: o.snapshotInterval,
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
  return runStandalone((c) => buildSdsim({ ...c, tty }), argv, ctx);
}
