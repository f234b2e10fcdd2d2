/**
 * `bin/chaind start` as shipped: the bundle (dist/bundle/chaind.js, scripts/bundle.mjs) with its
 * worker threads' bundles, every server on. Each server runs code that finds files from its own
 * location (the proto files, gRPC's and its reflection's .proto files, package.json) or that the
 * bundle folds in (grpc-js, ws): the REST gateway, the consensus RPC over HTTP and its websocket,
 * gRPC with server reflection, and the Ethereum JSON-RPC answer as the in-process tests show, and a
 * tx signed by the CLI goes through the verify thread into a block the writer thread stores.
 */
import * as grpc from '@grpc/grpc-js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runChaind, tempHome } from '../cli/run-chaind.ts';
import { testKey } from '../helpers/fixture.ts';
import { reflectedServices } from '../helpers/grpc-reflection.ts';
import { freePort, rpc, startChaind, waitForTx, type NodeProcess } from '../cli/node/node-process.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

let home: string;
let node: NodeProcess;
let ports: { rpc: number; rest: number; grpc: number; eth: number; ethWs: number };
let validator: string;

beforeAll(async () => {
  home = await tempHome();
  ports = { rpc: await freePort(), rest: await freePort(), grpc: await freePort(), eth: await freePort(), ethWs: await freePort() };
  const steps: string[][] = [
    ['init', 'bundled', '--chain-id', 'bundled-1'],
    ['keys', 'add', 'val', '--keyring-backend', 'test'],
    ['genesis', 'add-genesis-account', 'val', '1000000000000000000000000wei', '--keyring-backend', 'test'],
    ['genesis', 'gentx', 'val', '1000000000000000000wei', '--chain-id', 'bundled-1', '--keyring-backend', 'test'],
    ['genesis', 'collect-gentxs'],
  ];
  for (const step of steps) {
    const r = await runChaind([...step, '--home', home]);
    expect(r.code, `${step.join(' ')}: ${r.stderr}`).toBe(0);
  }
  validator = (await runChaind(['keys', 'show', 'val', '-a', '--keyring-backend', 'test', '--home', home])).stdout.trim();
  node = startChaind([
    '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${ports.rpc}`, '--api.enable', '--api.address', `tcp://127.0.0.1:${ports.rest}`,
    '--grpc.address', `127.0.0.1:${ports.grpc}`, '--json-rpc.address', `127.0.0.1:${ports.eth}`, '--json-rpc.ws-address', `127.0.0.1:${ports.ethWs}`,
    '--consensus.timeout_commit', '200ms',
  ]);
  await node.waitFor(/committed state .* height=1 /);
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

describe('the bundled chaind start', { timeout: 60_000 }, () => {
  it('runs from dist/bundle with its workers bundled', () => {
    for (const file of ['chaind.js', 'verify.worker.js', 'block-writer.worker.js']) expect(existsSync(join(ROOT, 'dist/bundle', file)), file).toBe(true);
  });

  it('a CLI send goes through the verify and writer threads; REST and the consensus RPC show it', async () => {
    const to = testKey(5).address;
    const sent = await runChaind(['tx', 'bank', 'send', 'val', to, '7wei', '--chain-id', 'bundled-1', '--keyring-backend', 'test', '--node', `tcp://127.0.0.1:${ports.rpc}`, '--fees', '200000000000000wei', '--yes', '-o', 'json', '--home', home]);
    expect([sent.code, sent.stderr]).toEqual([0, '']);
    const { txhash, code } = JSON.parse(sent.stdout) as { txhash: string; code: number };
    expect(code).toBe(0);
    expect((await waitForTx(ports.rpc, txhash)).tx_result.code).toBe(0);
    const balances = (await (await fetch(`http://127.0.0.1:${ports.rest}/sdk/bank/v1beta1/balances/${to}`)).json()) as { balances: unknown };
    expect(balances.balances).toEqual([{ denom: 'wei', amount: '7' }]);
    const search = await rpc<{ total_count: string }>(ports.rpc, 'tx_search', { query: `transfer.recipient='${to}'` });
    expect(search.total_count).toBe('1');
  });

  it('the consensus RPC websocket delivers NewBlock events', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${ports.rpc}/websocket`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const event = new Promise<{ result: { data: { type: string } } }>((resolve) => {
      ws.on('message', (m) => {
        const msg = JSON.parse(String(m)) as { id: number; result: { data?: { type: string } } };
        if (msg.result.data) resolve(msg as { result: { data: { type: string } } });
      });
    });
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subscribe', params: { query: "tm.event='NewBlock'" } }));
    expect((await event).result.data.type).toBe('tendermint/event/NewBlock');
    ws.close();
  });

  it('gRPC answers a bank query and lists its services by reflection', async () => {
    const { root } = protobuf.parse(
      `syntax = "proto3";
      message BalanceReq { string address = 1; string denom = 2; }
      message Coin { string denom = 1; string amount = 2; }
      message BalanceRes { Coin balance = 1; }`,
      { keepCase: true },
    );
    const [Req, Res] = [root.lookupType('BalanceReq'), root.lookupType('BalanceRes')];
    const client = new grpc.Client(`127.0.0.1:${ports.grpc}`, grpc.credentials.createInsecure());
    try {
      const balance = await new Promise<Record<string, any>>((resolve, reject) =>
        client.makeUnaryRequest(
          '/sdk.bank.v1beta1.Query/Balance',
          (v: object) => Buffer.from(Req.encode(v).finish()),
          (b: Buffer) => Res.toObject(Res.decode(b)),
          { address: validator, denom: 'wei' },
          (err, value) => (err ? reject(err) : resolve(value!)),
        ),
      );
      expect(balance.balance.denom).toBe('wei');
    } finally {
      client.close();
    }
    const names = await reflectedServices(ports.grpc);
    expect(names).toContain('sdk.bank.v1beta1.Query');
    expect(names).toContain('grpc.reflection.v1.ServerReflection');
  });

  it('the Ethereum JSON-RPC answers over HTTP and websocket', async () => {
    const r = await fetch(`http://127.0.0.1:${ports.eth}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }) });
    expect(Number(((await r.json()) as { result: string }).result)).toBeGreaterThan(0);
    const ws = new WebSocket(`ws://127.0.0.1:${ports.ethWs}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answer = new Promise<{ result: string }>((resolve) => ws.once('message', (m) => resolve(JSON.parse(String(m)) as { result: string })));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
    expect((await answer).result).toMatch(/^0x[0-9a-f]+$/);
    ws.close();
  });
});
