/**
 * A fatal error ends `chaind start` with exit code 1 and its message, closing the servers and
 * releasing the home's lock: a genesis whose bank supply exceeds pot's `initial_total_supply` is
 * refused up front (as `validate-genesis` refuses it, with the same message), a stored chain
 * that does not replay ends the start, and a block that cannot be stored stops a running node. Also: what the node reports it serves
 * (`observeNodeStarts`, `RunningNode.serving`) is what it bound and logged.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { runChaind, tempHome } from '../run-chaind.ts';
import { freePort, rpc } from './node-process.ts';
import { chaind } from './in-process.ts';
import { testKey } from '../../helpers/fixture.ts';
import { observeNodeStarts, type RunningNode } from '../../../src/node/start.ts';

const alice = testKey(0);

describe('chaind start: fatal errors', () => {
  it('refuses a genesis whose bank supply exceeds initial_total_supply: validate-genesis and start exit 1 with the same message', async () => {
    const home = await tempHome();
    expect((await chaind(['init', 'val', '--chain-id', 'supply-test', '--home', home])).code).toBe(0);
    // 500M stos against the default cap of 400M
    expect((await chaind(['genesis', 'add-genesis-account', alice.address, '500000000000000000000000000wei', '--home', home])).code).toBe(0);
    const genesisFile = join(home, 'config', 'genesis.json');
    const message = `error validating genesis file ${genesisFile}: pot genesis: bank supply 500000000000000000000000000wei is greater than params.initial_total_supply 400000000000000000000000000wei`;

    expect(await runChaind(['genesis', 'validate-genesis', '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    expect(await runChaind(['validate-genesis', '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });

    // a real process: it ends (the test would time out otherwise) with exit 1 and the message
    const port = await freePort();
    const start = await runChaind(['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${port}`, '--grpc.address', '127.0.0.1:0']);
    expect(start).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    // nothing was created: no chain store, no lock left
    expect(readdirSync(join(home, 'data'))).toEqual(['priv_validator_state.json']);
  });

  it('ends a start whose stored chain does not replay (a real process exits 1, lock released)', async () => {
    const home = await tempHome();
    expect((await chaind(['init', 'val', '--chain-id', 'replay-test', '--home', home])).code).toBe(0);
    const args = ['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', '50ms'];
    expect((await chaind(['start', ...args, '--halt-height', '4'])).code).toBe(0);
    // block 2's stored app hash no longer matches the state the replay computes
    const db = new Database(join(home, 'data', 'chain.sqlite'));
    const stored = Buffer.from((db.prepare('SELECT app_hash FROM blocks WHERE height = 2').get() as { app_hash: Buffer }).app_hash).toString('hex');
    db.prepare('UPDATE blocks SET app_hash = ? WHERE height = 2').run(Buffer.alloc(32, 0xab));
    db.close();
    const start = await runChaind(['start', ...args]);
    expect(start.code).toBe(1);
    expect(start.stdout).toBe('');
    expect(start.stderr.endsWith(`Error: replay: app hash mismatch at height 2: stored ${'ab'.repeat(32)}, recomputed ${stored}\n`)).toBe(true);
    expect(existsSync(join(home, 'data', 'LOCK'))).toBe(false);
  });

  it('stops a node whose block cannot be stored: exit 1 with the message, servers closed, lock released', async () => {
    const home = await tempHome();
    expect((await chaind(['init', 'val', '--chain-id', 'fatal-test', '--home', home])).code).toBe(0);
    const [rpcPort, restPort] = [await freePort(), await freePort()];
    let running: RunningNode | undefined;
    const stopObserving = observeNodeStarts((r) => {
      running = r;
      // the store refuses the next block
      const store = r.node.chain.store;
      store.saveBlock = () => {
        throw new Error('database or disk is full');
      };
    });
    let result;
    try {
      result = await chaind(['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--api.enable', '--api.address', `tcp://127.0.0.1:${restPort}`, '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', '100ms']);
    } finally {
      stopObserving();
    }
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ERR block production stopped err="database or disk is full" module=state\n');
    expect(result.stderr.endsWith('Error: database or disk is full\n')).toBe(true);
    expect(result.stderr).not.toContain('committed state');

    // the node reported what it bound, as it logged it
    const grpcPort = Number(/INF starting gRPC server\.\.\. address=127\.0\.0\.1:(\d+) module=grpc-server\n/.exec(result.stderr)![1]);
    expect(result.stderr).toContain(`INF serving the consensus RPC laddr=tcp://127.0.0.1:${rpcPort} module=rpc-server\n`);
    expect(result.stderr).toContain(`INF serving the REST API address=tcp://127.0.0.1:${restPort} module=api-server\n`);
    expect(running!.serving).toEqual([
      { name: 'consensus RPC', url: `http://127.0.0.1:${rpcPort}` },
      { name: 'REST', url: `http://127.0.0.1:${restPort}` },
      { name: 'gRPC', url: `127.0.0.1:${grpcPort}` },
    ]);

    // servers closed, lock released
    await expect(rpc(rpcPort, 'status')).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${restPort}/status`)).rejects.toThrow();
    expect(existsSync(join(home, 'data', 'LOCK'))).toBe(false);
    // the home is free again: a new start runs (and halts at once at height 1)
    const again = await chaind(['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--grpc.address', '127.0.0.1:0', '--halt-height', '1']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('INF halting node per configuration height=1 module=server time=0\n');
  });
});
