/**
 * One node owns a home, with real processes: while a `chaind start` runs, a second `chaind start`
 * on the same home, `consensus reset-state`, `consensus unsafe-reset-all` and `init --overwrite`
 * exit 1 at once naming the running node and leave every file as it was, while read-only
 * commands keep working; after the node is killed with SIGKILL its lock is stale, and the next
 * start takes it over and continues the chain.
 */
import { describe, expect, it, afterAll } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runChaind, tempHome } from '../cli/run-chaind.ts';
import { freePort, rpc, startChaind, type NodeProcess } from '../cli/node/node-process.ts';
import { testKey } from '../helpers/fixture.ts';

const alice = testKey(0);

/** Every file of the home with its bytes and modification time. */
function filesOf(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(out, filesOf(dir, rel));
    // the chain's SQLite files change with every block the running node commits, and the signed
    // height it records every second (priv_validator_state.json)
    else if (!entry.name.startsWith('chain.sqlite') && entry.name !== 'priv_validator_state.json') out[rel] = `${statSync(join(dir, rel)).mtimeMs} ${readFileSync(join(dir, rel), 'base64')}`;
  }
  return out;
}

async function heightOf(port: number): Promise<number> {
  return Number((await rpc(port, 'status')).sync_info.latest_block_height);
}

describe('one node per home', () => {
  let node: NodeProcess | undefined;
  afterAll(async () => {
    await node?.stop();
  });

  it('refuses a second node and the commands that rewrite the data while a node runs; read-only commands work; a killed node’s lock is taken over', async () => {
    const home = await tempHome();
    expect((await runChaind(['init', 'lock-node', '--chain-id', 'lock-test', '--home', home])).code).toBe(0);
    expect((await runChaind(['genesis', 'add-genesis-account', alice.address, '1000000wei', '--home', home])).code).toBe(0);
    const rpcPort = await freePort();
    const args = ['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--consensus.timeout_commit', '150ms', '--grpc.address', '127.0.0.1:0'];
    const spawnedAt = Date.now();
    node = startChaind(args);
    await node.waitFor(/committed state .*height=2\b/);

    const lockFile = join(home, 'data', 'LOCK');
    const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; command: string; started: string };
    expect(owner.pid).toBe(node.child.pid);
    expect(owner.command).toBe('chaind start');
    // the process's own start time, to the millisecond
    expect(Date.parse(owner.started)).toBeGreaterThanOrEqual(spawnedAt - 1000);
    expect(Date.parse(owner.started)).toBeLessThanOrEqual(Date.now());
    const refusal = `Error: ${lockFile} is held by a running "chaind start" (pid ${owner.pid}, started ${owner.started}): one node owns a home; stop that process first (docs/node.md "One node per home")\n`;

    const before = filesOf(home);
    // a second node on another port: refused at once, before it writes anything
    const second = await runChaind(['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0']);
    expect(second).toEqual({ code: 1, stdout: '', stderr: refusal });
    for (const cmd of [['consensus', 'reset-state'], ['consensus', 'unsafe-reset-all'], ['init', 'other', '--overwrite']]) {
      expect(await runChaind([...cmd, '--home', home]), cmd.join(' ')).toEqual({ code: 1, stdout: '', stderr: refusal });
    }
    expect(filesOf(home)).toEqual(before);
    expect(existsSync(join(home, 'data', 'chain.sqlite'))).toBe(true);

    // read-only commands keep working, and the running node carries on
    const validated = await runChaind(['genesis', 'validate-genesis', '--home', home]);
    expect(validated).toEqual({ code: 0, stdout: `File at ${join(home, 'config/genesis.json')} is a valid genesis file\n`, stderr: '' });
    const status = await runChaind(['status', '--node', `tcp://127.0.0.1:${rpcPort}`]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).NodeInfo.network).toBe('lock-test');
    const exported = await runChaind(['export', '--home', home]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).chain_id).toBe('lock-test');
    const height = await heightOf(rpcPort);
    await node.waitFor(new RegExp(`committed state .*height=${height + 2}\\b`));
    expect(node.stderr()).not.toMatch(/ERR|UNIQUE/);

    // SIGKILL: nothing releases the lock; the next start finds it stale and takes it over
    node.child.kill('SIGKILL');
    expect((await node.exited).signal).toBe('SIGKILL');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual(owner);
    node = startChaind(args);
    await node.waitFor(/node started/);
    expect(node.stderr()).toContain(`INF removed a stale lock file=${lockFile} module=server pid=${owner.pid} started=${owner.started}\n`);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(node.child.pid);
    const resumed = Number(/INF committed state app_hash=[0-9A-F]{64} height=(\d+) /.exec((await node.waitFor(/INF committed state app_hash=[0-9A-F]{64} height=\d+ .*\n/))[0])![1]);
    expect(resumed).toBeGreaterThan(height + 2);

    // a clean stop releases the lock; then the reset commands run
    expect(await node.stop()).toEqual({ code: 0, signal: null });
    node = undefined;
    expect(existsSync(lockFile)).toBe(false);
    expect((await runChaind(['consensus', 'reset-state', '--home', home])).code).toBe(0);
    expect(existsSync(join(home, 'data', 'chain.sqlite'))).toBe(false);
    expect(existsSync(lockFile)).toBe(false);
    expect((await runChaind(['consensus', 'unsafe-reset-all', '--home', home])).code).toBe(0);
    expect(readdirSync(join(home, 'data'))).toEqual(['priv_validator_state.json']);
  }, 120_000);
});
