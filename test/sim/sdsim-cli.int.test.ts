/**
 * `sdsim`'s command line where the researcher's tour (s33) found it off its docs: a sweep refuses
 * at planning what it cannot run (a seed twice, `--set seed`, `--epochs` beyond a combination's
 * epochs) and a sweep that fails leaves no folder; `sdsim diff` checks `--out` before its replays
 * and gives its usage for a missing home; `sdsim check` refuses the `--node` options without
 * `--node`, and `sdsim worker --stdio` the queue's options; an amount past 2^53 is the one typed; an
 * unnamed scenario's chain id and default folder both come from its file's name.
 * In process (`main`), but for the run, which goes through the executable (build first).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/sdsim.ts';
import { freePort } from '../helpers/free-port.ts';
import { runBin } from '../cli/run-chaind.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const SMOKE = join(ROOT, 'scenarios/smoke.yaml');
const dir = mkdtempSync(join(tmpdir(), 'sdsim-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sdsim(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, tty: false, stopSignal: new Promise(() => undefined) });
  return { code, stdout, stderr };
}

const EV = 'name: ev\nclock: {epoch: 10m, duration: {epochs: 6}}\npopulation:\n  resource_nodes: {count: 2}\n  users: {count: 3}\n';

describe('sdsim sweep: refused at planning, and no folder left by a failure', () => {
  it('a repeated seed: refused in words, nothing written', async () => {
    const out = join(dir, 'sw-dup');
    expect(await sdsim(['sweep', SMOKE, '--seeds', '1,1', '--epochs', '1', '--workers', '1', '--out', out])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: invalid --seeds "1,1": seed 1 is given twice (each seed is one run of every combination)\n',
    });
    expect(existsSync(out)).toBe(false);
  });

  it('--set seed: refused, pointing to --seeds', async () => {
    const out = join(dir, 'sw-seed');
    expect(await sdsim(['sweep', SMOKE, '--set', 'seed=5,6', '--seeds', '1', '--out', out])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: "Error: --set seed=5,6: seed: a sweep's seeds are given with --seeds, each replacing the scenario's (--seeds 5,6)\n",
    });
    expect(existsSync(out)).toBe(false);
  });

  it('--epochs beyond one combination: refused before any run, naming the combination; no folder', async () => {
    const file = join(dir, 'ev.yaml');
    writeFileSync(file, EV);
    const out = join(dir, 'sw-e12');
    const r = await sdsim(['sweep', file, '--workers', '1', '--seeds', '1', '--epochs', '4', '--set', 'clock.duration={epochs: 6},{epochs: 3}', '--keep-homes', '--out', out]);
    expect(r).toStrictEqual({ code: 1, stdout: '', stderr: "Error: --epochs 4 is more than the scenario's 3 epochs with --set clock.duration={epochs: 3}\n" });
    const plain = await sdsim(['sweep', file, '--seeds', '1..2', '--epochs', '100', '--out', join(dir, 'sw-e8')]);
    expect(plain).toStrictEqual({ code: 1, stdout: '', stderr: "Error: --epochs 100 is more than the scenario's 6 epochs\n" });
    expect([existsSync(out), existsSync(join(dir, 'sw-e8'))]).toStrictEqual([false, false]);
  });

  it('an unreachable queue: the new folder is removed, an empty one given is left empty', async () => {
    const port = await freePort();
    const out = join(dir, 'sw-q');
    const r = await sdsim(['sweep', SMOKE, '--seeds', '1', '--epochs', '1', '--queue', `redis://127.0.0.1:${port}`, '--out', out]);
    expect(r).toStrictEqual({ code: 1, stdout: '', stderr: `Error: cannot reach Redis at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n` });
    expect(existsSync(out)).toBe(false);
    const empty = join(dir, 'sw-q-empty');
    mkdirSync(empty);
    expect((await sdsim(['sweep', SMOKE, '--seeds', '1', '--epochs', '1', '--keep-homes', '--queue', `redis://127.0.0.1:${port}`, '--out', empty])).code).toBe(1);
    expect(readdirSync(empty)).toStrictEqual([]);
    // a bad URL is refused before any folder is made
    const bad = await sdsim(['sweep', SMOKE, '--seeds', '1', '--queue', 'http://127.0.0.1:1', '--out', join(dir, 'sw-url')]);
    expect([bad.code, bad.stderr, existsSync(join(dir, 'sw-url'))]).toStrictEqual([1, 'Error: invalid queue URL "http://127.0.0.1:1": only redis:// is supported (no TLS)\n', false]);
  }, 30_000);
});

describe('sdsim diff: the usage, and --out checked before the replays', () => {
  const usage = 'usage: sdsim diff <homeA> <homeB> [--by wallet|epoch|role] [--format csv|json|html] [--out FILE]';

  it('one home or none: the documented message', async () => {
    expect(await sdsim(['diff', join(dir, 'a')])).toStrictEqual({ code: 1, stdout: '', stderr: `Error: sdsim diff: two chain homes are required; ${usage}\n` });
    expect(await sdsim(['diff'])).toStrictEqual({ code: 1, stdout: '', stderr: `Error: sdsim diff: two chain homes are required; ${usage}\n` });
  });

  it("--out in a missing folder, or a folder: the audit's messages, before either home is read", async () => {
    // the homes do not exist: the --out message comes first, so nothing was replayed
    const [a, b] = [join(dir, 'no-a'), join(dir, 'no-b')];
    expect(await sdsim(['diff', a, b, '--out', '/no/such/d.json'])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: cannot write the report to /no/such/d.json: the folder /no/such does not exist\n',
    });
    expect(await sdsim(['diff', a, b, '--out', dir])).toStrictEqual({ code: 1, stdout: '', stderr: `Error: cannot write the report to ${dir}: it is a folder; give --out a file name\n` });
    // the same as sdsim audit's
    expect((await sdsim(['audit', '--home', a, '--out', dir])).stderr).toBe(`Error: cannot write the report to ${dir}: it is a folder; give --out a file name\n`);
  });
});

describe('sdsim check: the --node options without --node', () => {
  it('are refused, not ignored', async () => {
    expect(await sdsim(['check', '--from', 'x', '--parallel', '3'])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: sdsim check: --from and --parallel are options of the differential mode: give --node <url>, or leave them out\n',
    });
    expect(await sdsim(['check', '--runs', '1', '--no-app-hash'])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: sdsim check: --no-app-hash is an option of the differential mode: give --node <url>, or leave it out\n',
    });
    expect((await sdsim(['check', '--home', dir, '--keyring-backend', 'test', '--bls', 'full'])).stderr).toBe(
      'Error: sdsim check: --home, --keyring-backend and --bls are options of the differential mode: give --node <url>, or leave them out\n',
    );
  });
});

describe('sdsim worker --stdio: the queue\'s options', () => {
  it('are refused, not ignored', async () => {
    expect(await sdsim(['worker', '--stdio', '--concurrency', '5', '--lock-ms', '1000', '--stalled-ms', '1000'])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: sdsim worker: --concurrency, --lock-ms and --stalled-ms are options of --queue, not of --stdio: leave them out\n',
    });
    expect(await sdsim(['worker', '--lock-ms', '1000', '--stdio'])).toStrictEqual({ code: 1, stdout: '', stderr: 'Error: sdsim worker: --lock-ms is an option of --queue, not of --stdio: leave it out\n' });
  });
});

describe('sdsim run: a wei amount past 2^53 written as a YAML integer', () => {
  it('is the amount typed, to the wei (in process)', async () => {
    const file = join(dir, 'prec.yaml');
    writeFileSync(file, 'clock: {duration: {epochs: 1}}\npopulation:\n  users: {count: 2, prepay: 1000000000000000001}\n');
    const out = join(dir, 'prec-out');
    const r = await sdsim(['run', file, '--out', out]);
    expect([r.code, r.stderr]).toStrictEqual([0, '']);
    // each user holds its first prepay and 1 stos for fees at genesis
    const balances = (JSON.parse(readFileSync(join(out, 'config', 'genesis.json'), 'utf8')).app_state.bank.balances as { coins: { amount: string }[] }[]).map((b) => b.coins[0]!.amount);
    expect(balances.filter((a) => a === '2000000000000000001')).toHaveLength(2);
  }, 60_000);
});

describe('sdsim run: a scenario without a name', () => {
  it("takes its file's name for both the chain id and the default folder", async () => {
    const cwd = join(dir, 'cwd');
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'Plain Run.yaml'), 'clock: {duration: {epochs: 1}}\npopulation: {resource_nodes: {count: 1}, users: {count: 1}}\n');
    const r = await runBin('sdsim', ['run', 'Plain Run.yaml', '--seed', '3'], '', {}, cwd);
    expect([r.code, r.stderr]).toStrictEqual([0, '']);
    const home = join(cwd, 'Plain-Run-3');
    expect(JSON.parse(r.stdout)).toMatchObject({ home, chain_id: 'sdsim-plain-run', seed: 3 });
    expect(JSON.parse(readFileSync(join(home, 'config', 'genesis.json'), 'utf8')).chain_id).toBe('sdsim-plain-run');
  }, 60_000);
});
