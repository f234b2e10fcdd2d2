/**
 * How long a `chaind` call takes as a user's shell runs it: `bin/chaind` started as a new process
 * each time (compiled JavaScript from dist/, built first), median of RUNS runs after one warm-up.
 * Targets of issue 11: `version` ≤ 150 ms, `keys list` and `query bank balances` ≤ 300 ms (the
 * latter against a running node on a free port).
 *
 *   npm run bench -- cli          (RUNS=10 by default)
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHAIND = join(ROOT, 'bin/chaind');
const RUNS = Number(process.env.RUNS ?? 10);

function chaind(args: readonly string[]): string {
  const r = spawnSync(CHAIND, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`chaind ${args.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
  return r.stdout;
}

async function waitForRpc(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`${url}/status`);
      const status = (await res.json()) as { result?: { sync_info?: { latest_block_height?: string } } };
      if (Number(status.result?.sync_info?.latest_block_height ?? 0) >= 1) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`node at ${url} did not produce a block`);
}

function medianMs(args: readonly string[]): { median: number; min: number; max: number } {
  chaind(args); // warm-up: file cache, proto cache
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    chaind(args);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return { median, min: times[0], max: times[times.length - 1] };
}

execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
const home = mkdtempSync(join(tmpdir(), 'bench-cli-'));
const port = await freePort();
const rpc = `http://127.0.0.1:${port}`;
chaind(['init', 'bench', '--chain-id', 'bench-cli', '--home', home]);
const { address } = JSON.parse(chaind(['keys', 'add', 'k0', '--keyring-backend', 'test', '--home', home, '--output', 'json'])) as { address: string };
for (let i = 1; i < 5; i++) chaind(['keys', 'add', `k${i}`, '--keyring-backend', 'test', '--home', home]);
chaind(['genesis', 'add-genesis-account', 'k0', '1000000000wei', '--keyring-backend', 'test', '--home', home]);
const node = spawn(CHAIND, ['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${port}`, '--grpc.enable=false', '--json-rpc.enable=false', '--consensus.timeout_commit', '200ms'], { stdio: 'ignore' });
try {
  await waitForRpc(rpc);
  const cases: [string, readonly string[], number][] = [
    ['chaind version', ['version'], 150],
    ['chaind keys list (5 keys, test backend)', ['keys', 'list', '--keyring-backend', 'test', '--home', home], 300],
    ['chaind query bank balances', ['query', 'bank', 'balances', address, '--node', `tcp://127.0.0.1:${port}`], 300],
  ];
  console.log(`median of ${RUNS} runs, each a new process (node ${process.version})`);
  for (const [name, args, target] of cases) {
    const { median, min, max } = medianMs(args);
    const verdict = median <= target ? 'meets' : 'MISSES';
    console.log(`${name.padEnd(42)} ${median.toFixed(0).padStart(4)} ms  (min ${min.toFixed(0)}, max ${max.toFixed(0)}; target ≤ ${target} ms: ${verdict}, ${(target / median).toFixed(2)}× headroom)`);
  }
} finally {
  node.kill('SIGTERM');
  await new Promise((r) => node.once('exit', r));
  rmSync(home, { recursive: true, force: true });
}
