/**
 * `chaind start` as a process on free loopback ports: blocks at the configured interval, `status`
 * through the RPC, a transfer, SIGTERM, `export` at the latest and a past height while the node
 * is stopped, restart continuing the heights with the earlier blocks unchanged, halt-height (exit
 * 0 without committing, and at once on restart), the genesis check, and the reset commands.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChaind, tempHome } from '../run-chaind.ts';
import { freePort, rpc, startChaind, type NodeProcess } from './node-process.ts';
import { msgSend, signed, testKey } from '../../helpers/fixture.ts';
import { chaind } from './in-process.ts';

const CHAIN_ID = 'start-test-1';
const alice = testKey(0);
const bob = testKey(1);

describe('chaind start', () => {
  let home: string;
  let rpcPort: number;
  let restPort: number;
  let args: string[];
  let node: NodeProcess | undefined;
  // facts gathered along the way (the tests run in order)
  let txHeight = 0;
  let stoppedAt = 0;
  let block2Hash = '';

  beforeAll(async () => {
    home = await tempHome();
    expect((await chaind(['init', 'val', '--home', home, '--chain-id', CHAIN_ID])).code).toBe(0);
    expect((await chaind(['genesis', 'add-genesis-account', alice.address, '1stos', '--home', home])).code).toBe(0);
    [rpcPort, restPort] = [await freePort(), await freePort()];
    args = ['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--consensus.timeout_commit', '150ms', '--api.enable', '--api.address', `tcp://127.0.0.1:${restPort}`, '--grpc.address', '127.0.0.1:0'];
  });

  afterAll(async () => {
    await node?.stop();
  });

  it('produces blocks, answers status through the RPC and the CLI, and includes a transfer', async () => {
    node = startChaind(args);
    await node.waitFor(/INF committed state app_hash=[0-9A-F]{64} height=3 module=state num_txs=0\n/);

    const status = await runChaind(['status', '--node', `tcp://127.0.0.1:${rpcPort}`, '--home', home]);
    expect(status.code).toBe(0);
    const cli = JSON.parse(status.stdout);
    const raw = await rpc(rpcPort, 'status');
    expect(Object.keys(cli)).toEqual(['NodeInfo', 'SyncInfo', 'ValidatorInfo']);
    expect(cli.NodeInfo).toEqual(raw.node_info);
    expect(cli.NodeInfo.network).toBe(CHAIN_ID);
    expect(cli.NodeInfo.moniker).toBe('val');
    expect(cli.NodeInfo.other.rpc_address).toBe(`tcp://127.0.0.1:${rpcPort}`);
    expect(Number(cli.SyncInfo.latest_block_height)).toBeGreaterThanOrEqual(3);
    const genesis = JSON.parse(readFileSync(join(home, 'config/genesis.json'), 'utf8'));
    expect(cli.ValidatorInfo).toEqual({
      Address: genesis.validators[0].address,
      PubKey: { type: 'consensus/PubKeyEd25519', value: genesis.validators[0].pub_key.value },
      VotingPower: '10',
    });
    // the REST server is up as well
    const rest = (await (await fetch(`http://127.0.0.1:${restPort}/status`)).json()) as { result: { node_info: unknown } };
    expect(rest.result.node_info).toEqual(raw.node_info);

    // fee = 200000 gas × the default minimum gas price of 1 gwei
    const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 1000n)], gasLimit: 200000n, fee: [{ denom: 'wei', amount: '200000000000000' }] }, { chainId: CHAIN_ID });
    const sent = await rpc(rpcPort, 'broadcast_tx_sync', { tx: Buffer.from(tx).toString('base64') });
    expect(sent.code).toBe(0);
    const included = await node.waitFor(/committed state app_hash=[0-9A-F]{64} height=(\d+) module=state num_txs=1\n/);
    txHeight = Number(included[1]);
    block2Hash = (await rpc(rpcPort, 'block', { height: '2' })).block_id.hash;
    await node.waitFor(new RegExp(`height=${txHeight + 1} module=state`));
  });

  it('stops on SIGTERM with exit code 0 and records the last signed height', async () => {
    const exit = await node!.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    const err = node!.stderr();
    expect(err).toContain('INF caught signal module=server signal=SIGTERM\n');
    stoppedAt = Number(/INF node stopped height=(\d+) module=server\n/.exec(err)![1]);
    const lastCommitted = [...err.matchAll(/committed state app_hash=[0-9A-F]{64} height=(\d+) /g)].map((m) => Number(m[1]));
    expect(stoppedAt).toBe(lastCommitted[lastCommitted.length - 1]);
    expect(lastCommitted).toEqual(Array.from({ length: stoppedAt }, (_, i) => i + 1));
    expect(JSON.parse(readFileSync(join(home, 'data/priv_validator_state.json'), 'utf8'))).toEqual({ height: String(stoppedAt), round: 0, step: 3 });
    node = undefined;
  });

  it('exports the state at the latest and at a past height while the node is stopped', async () => {
    const latest = await runChaind(['export', '--home', home]);
    expect(latest.code).toBe(0);
    const doc = JSON.parse(latest.stdout);
    expect(Object.keys(doc)).toEqual(['app_hash', 'app_state', 'chain_id', 'consensus_params', 'genesis_time', 'initial_height', 'validators']);
    expect(doc.chain_id).toBe(CHAIN_ID);
    expect(doc.initial_height).toBe(String(stoppedAt + 1));
    const genesis = JSON.parse(readFileSync(join(home, 'config/genesis.json'), 'utf8'));
    expect(doc.validators).toEqual(genesis.validators);
    expect(doc.genesis_time).toBe(genesis.genesis_time);
    const balanceOf = (d: any, address: string) => d.app_state.bank.balances.find((b: { address: string }) => b.address === address)?.coins;
    expect(balanceOf(doc, bob.address)).toEqual([{ denom: 'wei', amount: '1000' }]);
    expect(balanceOf(doc, alice.address)).toEqual([{ denom: 'wei', amount: String(10n ** 18n - 1000n - 200000000000000n) }]);
    expect(doc.app_state.auth.accounts.find((a: { address?: string }) => a.address === alice.address).sequence).toBe('1');

    const past = JSON.parse((await chaind(['export', '--height', String(txHeight - 1), '--home', home])).stdout);
    expect(past.initial_height).toBe(String(txHeight));
    expect(balanceOf(past, bob.address)).toBeUndefined();
    expect(balanceOf(past, alice.address)).toEqual([{ denom: 'wei', amount: String(10n ** 18n) }]);

    expect(await chaind(['export', '--height', String(stoppedAt + 5), '--home', home])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: cannot export at height ${stoppedAt + 5}: the latest committed height is ${stoppedAt}\n`,
    });
  });

  it('continues from the last committed block after a restart, keeping the earlier blocks', async () => {
    node = startChaind([...args, '--log_format', 'json']);
    const first = await node.waitFor(/\{"level":"info","module":"state","height":(\d+),"num_txs":0,"app_hash":"[0-9A-F]{64}","time":"[^"]+","message":"committed state"\}\n/);
    expect(Number(first[1])).toBe(stoppedAt + 1);
    expect((await rpc(rpcPort, 'block', { height: '2' })).block_id.hash).toBe(block2Hash);
    const tx = await rpc(rpcPort, 'tx_search', { query: `tx.height=${txHeight}` });
    expect(tx.total_count).toBe('1');
    expect((await node.stop()).code).toBe(0);
    stoppedAt = Number(/"height":(\d+),"time":"[^"]+","message":"node stopped"/.exec(node.stderr())![1]);
    node = undefined;
  });

  it('a signal repeated while it stops (a second Ctrl-C) is caught too: the stop runs to its end', async () => {
    node = startChaind(args);
    await node.waitFor(/committed state .*height=\d+ /);
    // the same signal twice, as a process manager that signals the group as well as the child
    node.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 5));
    node.child.kill('SIGTERM');
    expect(await node.exited).toEqual({ code: 0, signal: null });
    const err = node.stderr();
    expect(err).toContain('INF caught signal module=server signal=SIGTERM\n');
    stoppedAt = Number(/INF node stopped height=(\d+) module=server\n/.exec(err)![1]);
    expect(JSON.parse(readFileSync(join(home, 'data/priv_validator_state.json'), 'utf8')).height).toBe(String(stoppedAt));
    expect(existsSync(join(home, 'data/LOCK'))).toBe(false);
    node = undefined;
  });

  it('halts before committing the halt height, exits 0, and halts again at once on restart', async () => {
    const halt = stoppedAt + 3;
    node = startChaind([...args, '--halt-height', String(halt)]);
    expect(await node.exited).toEqual({ code: 0, signal: null });
    const err = node.stderr();
    expect(err).toContain(`INF halting node per configuration height=${halt} module=server time=0\n`);
    expect(err).toContain(`height=${halt - 1} module=state num_txs=0\n`);
    expect(err).not.toContain(`height=${halt} module=state`);

    const again = startChaind([...args, '--halt-height', String(halt)]);
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(again.stderr()).toContain(`INF halting node per configuration height=${halt} module=server time=0\n`);
    expect(again.stderr()).not.toContain('committed state');
    expect(JSON.parse((await chaind(['export', '--home', home])).stdout).initial_height).toBe(String(halt));
    node = undefined;
  });

  it('refuses a genesis file changed after the chain started', async () => {
    expect((await chaind(['genesis', 'add-genesis-account', bob.address, '1wei', '--home', home])).code).toBe(0);
    const r = await runChaind(['start', ...args]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `Error: genesis doc hash in db does not match loaded genesis doc: ${join(home, 'config/genesis.json')} changed after the chain started; restore it, or start a new chain with "chaind consensus unsafe-reset-all"\n`,
    );
  });

  it('reset-state removes the chain data; unsafe-reset-all also resets the signing state', async () => {
    const reset = await runChaind(['consensus', 'reset-state', '--home', home]);
    expect(reset.code).toBe(0);
    expect(reset.stderr).toMatch(new RegExp(`INF Removed all chain data file=${join(home, 'data/chain.sqlite')} module=main\n$`));
    expect(existsSync(join(home, 'data/chain.sqlite'))).toBe(false);
    expect(JSON.parse(readFileSync(join(home, 'data/priv_validator_state.json'), 'utf8')).height).not.toBe('0');
    const key = readFileSync(join(home, 'config/priv_validator_key.json'), 'utf8');
    expect((await chaind(['consensus', 'unsafe-reset-all', '--home', home])).code).toBe(0);
    expect(readFileSync(join(home, 'data/priv_validator_state.json'), 'utf8')).toBe('{\n  "height": "0",\n  "round": 0,\n  "step": 0\n}');
    expect(readFileSync(join(home, 'config/priv_validator_key.json'), 'utf8')).toBe(key);
  });
});
