/**
 * `sdsim run scenarios/smoke.yaml`: a run in a child process and the same run in this process give
 * the same block and app hash at every height and the same metrics; `chaind start --home <out>`
 * then serves the result, and its queries at each report height equal the run's metrics.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StargateClient } from '@cosmjs/stargate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/sim/scenario/parse.ts';
import { runScenario, type RunResult } from '../../../src/sim/run/runner.ts';
import { accountOf } from '../../../src/sim/run/population.ts';
import { freePort, rpc, startChaind, type NodeProcess } from '../../cli/node/node-process.ts';
import { runBin, runChaind } from '../../cli/run-chaind.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const SMOKE = join(ROOT, 'scenarios/smoke.yaml');

const sdsim = (args: string[]) => runBin('sdsim', args);

/** height → [block hash, app hash] of a home's block store */
function hashes(home: string): [number, string, string][] {
  const db = new Database(join(home, 'data', 'chain.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT height, hash, app_hash FROM blocks ORDER BY height').all() as { height: number; hash: Buffer; app_hash: Buffer }[]).map((r) => [
      Number(r.height),
      Buffer.from(r.hash).toString('hex'),
      Buffer.from(r.app_hash).toString('hex'),
    ]);
  } finally {
    db.close();
  }
}

const csvRows = (home: string) => {
  const [head, ...lines] = readFileSync(join(home, 'metrics.csv'), 'utf8').trim().split('\n');
  const keys = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i]!, v])));
};

describe('sdsim run: the smoke scenario', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-run-'));
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  let cli: { code: number; stdout: string; stderr: string };
  let inProcess: RunResult;

  beforeAll(async () => {
    cli = await sdsim(['run', SMOKE, '--out', a]);
    inProcess = await runScenario(parseScenario(readFileSync(SMOKE, 'utf8'), 'smoke.yaml'), { out: b });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints its summary as JSON, and nothing else on a pipe', () => {
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const out = JSON.parse(cli.stdout);
    expect(out).toMatchObject({ home: a, chain_id: 'sdsim-smoke', seed: 42, bls: 'trusted', epochs: 6, height: '18', reports: 6, failed_txs: 0, serve: `chaind start --home ${a}` });
    expect(out.app_hash).toBe(inProcess.appHash);
  });

  it('two processes, same scenario and seed: the same block and app hash at every height, the same metrics', () => {
    expect(inProcess).toMatchObject({ epochs: 6, height: 18n, reports: 6, failedTxs: 0, txs: 39 });
    const ha = hashes(a);
    expect(ha.map((r) => r[0])).toStrictEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(hashes(b)).toStrictEqual(ha);
    expect(readFileSync(join(b, 'metrics.csv'), 'utf8')).toBe(readFileSync(join(a, 'metrics.csv'), 'utf8'));
    expect(readFileSync(join(b, 'metrics.json'), 'utf8')).toBe(readFileSync(join(a, 'metrics.json'), 'utf8'));
    expect(readFileSync(join(b, 'config', 'genesis.json'), 'utf8')).toBe(readFileSync(join(a, 'config', 'genesis.json'), 'utf8'));
  });

  it('the app hash does not depend on where the events are in the file (a sweep adds lines above them)', async () => {
    const text = readFileSync(SMOKE, 'utf8');
    const moved = text.replace('events:\n', '# a comment line, as a --set may add lines\n\nevents:\n');
    expect(moved).not.toBe(text);
    const d = join(dir, 'd');
    const run = await runScenario(parseScenario(moved, 'smoke.yaml'), { out: d });
    expect(run.appHash).toBe(inProcess.appHash);
  }, 60_000);

  it('another seed gives another run', async () => {
    const c = join(dir, 'c');
    const other = await runScenario(parseScenario(readFileSync(SMOKE, 'utf8'), 'smoke.yaml'), { out: c, seed: 43 });
    expect(other.appHash).not.toBe(inProcess.appHash);
    expect(hashes(c)[0]![2]).not.toBe(hashes(a)[0]![2]);
  }, 60_000);

  it('metrics: one row per epoch, a report each epoch, the proposal and the slash in their epochs', () => {
    const rows = csvRows(a);
    expect(rows.map((r) => [r.epoch, r.report_epoch, r.height, r.time])).toStrictEqual([
      ['0', '1', '3', '2025-01-01T00:09:55Z'],
      ['1', '2', '6', '2025-01-01T00:19:55Z'],
      ['2', '3', '9', '2025-01-01T00:29:55Z'],
      ['3', '4', '12', '2025-01-01T00:39:55Z'],
      ['4', '5', '15', '2025-01-01T00:49:55Z'],
      ['5', '6', '18', '2025-01-01T00:59:55Z'],
    ]);
    for (const r of rows) {
      // tier 1 mines 80 stos an epoch, 20 % of it for the validators
      expect(r.tier).toBe('1');
      expect(r.mining_validators).toBe('16000000000000000000');
      expect(BigInt(r.traffic_settled!)).toBe(BigInt(r.y!));
      expect(r.failed_txs).toBe('0');
      expect(r.nodes_online).toBe('4');
    }
    // the prepay wave at epoch 2 buys ozone for 5 users; the surge of epoch 5 doubles uploads (2 per user → 4)
    expect(rows.map((r) => BigInt(r.ozone_prepaid!) > 0n)).toStrictEqual([true, false, true, false, false, false]);
    expect(rows.map((r) => r.uploads)).toStrictEqual(['20', '20', '20', '20', '20', '40']);
    expect(rows.map((r) => r.downloads)).toStrictEqual(['30', '30', '30', '30', '30', '60']);
    const json = JSON.parse(readFileSync(join(a, 'metrics.json'), 'utf8')) as Record<string, unknown>[];
    expect(json.map((r) => r.height)).toStrictEqual(rows.map((r) => r.height));
    expect(Object.keys(json[0]!.traffic_by_node as object).every((k) => /^resource-[0-3]$/.test(k))).toBe(true);
  });

  describe('chaind start --home <out>', () => {
    let node: NodeProcess;
    let rpcPort: number;
    let apiPort: number;
    beforeAll(async () => {
      rpcPort = await freePort();
      apiPort = await freePort();
      node = startChaind(['--home', a, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--api.enable', '--api.address', `tcp://127.0.0.1:${apiPort}`, '--grpc.address', '127.0.0.1:0']);
      await node.waitFor(/node started .*height=18/, 60_000);
    }, 90_000);
    afterAll(async () => {
      await node?.stop();
    });

    it('serves the run: status, the totals mined at each report height equal the metrics', async () => {
      const status = await rpc(rpcPort, 'status');
      expect(status.node_info.network).toBe('sdsim-smoke');
      expect(status.sync_info.latest_block_height).toBe('18');
      expect(status.sync_info.latest_block_time).toBe('2025-01-01T00:59:55Z');
      expect(status.sync_info.latest_block_hash).toBe(hashes(a)[17]![1].toUpperCase());
      for (const r of csvRows(a)) {
        const q = await runChaind(['query', 'pot', 'total-mined-token', '--height', r.height!, '--node', `tcp://127.0.0.1:${rpcPort}`, '-o', 'json']);
        expect(q.stderr).toBe('');
        expect(JSON.parse(q.stdout).total_mined_token.amount).toBe(r.total_mined);
      }
    }, 60_000);

    it('answers at past heights over REST and CosmJS: the user\'s balance before and after the first prepay', async () => {
      const user0 = accountOf(42, 'user-0').address;
      const genesis = JSON.parse(readFileSync(join(a, 'config', 'genesis.json'), 'utf8'));
      const funded = genesis.app_state.bank.balances.find((x: { address: string }) => x.address === user0).coins[0].amount;
      const at = async (height: number) => {
        const res = await fetch(`http://127.0.0.1:${apiPort}/sdk/bank/v1beta1/balances/${user0}`, { headers: { 'x-cosmos-block-height': String(height) } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { balances: { amount: string }[] }).balances[0]!.amount;
      };
      // block 1 has the first prepays: user-0 paid its prepay and the fee
      const after1 = BigInt(await at(1));
      expect(after1 < BigInt(funded)).toBe(true);
      const client = await StargateClient.connect(`http://127.0.0.1:${rpcPort}`);
      expect(await client.getHeight()).toBe(18);
      expect((await client.getBalance(user0, 'wei')).amount).toBe(await at(18));
      client.disconnect();
    }, 60_000);
  });
});
