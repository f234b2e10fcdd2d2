/**
 * A client whose home records one naming profile talking to a chain of the other (docs/node.md
 * "Naming profile", "Clients"): the client cannot decode the node's answers, and says so from its
 * side — the words the node answered in, the profile its client.toml records and the command that
 * switches it — with no "tx parse error" (nothing was a tx, and nothing was broadcast).
 * Over abci_query, a real chain does not route the tx service's Simulate or the node's services
 * (tx, consensus engine) in neutral words; a neutral chain routes both words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServiceQueries } from '../../src/api/grpc/node-services.ts';
import { RpcClient } from '../../src/client/rpc-client.ts';
import { createCodec } from '../../src/codec/registry.ts';
import { alice, bob, startProfileChain, type ProfileChain } from './profile-chain.ts';

const chains: Partial<Record<'neutral' | 'real', ProfileChain>> = {};
const nodeOf = (c: ProfileChain) => `tcp://127.0.0.1:${c.rpc.address.port}`;

beforeAll(async () => {
  for (const profile of ['neutral', 'real'] as const) chains[profile] = await startProfileChain(profile);
}, 120_000);
afterAll(async () => {
  for (const c of Object.values(chains)) await c?.close();
});

const SEND = ['tx', 'bank', 'send', 'alice', bob.address, '5wei', '--fees', '4000000000000000wei', '--gas', '400000', '-y'];

describe("a client of the other profile than the node's", () => {
  it('a real home asking a neutral node: the node answered in neutral words, run "chaind config naming neutral"', async () => {
    const client = chains.real!;
    const node = nodeOf(chains.neutral!);
    const hint = (url: string) =>
      `Error: unable to resolve type URL ${url}: the node answered in the neutral profile's words (/sdk., /chain., /consensus.), but this home's client.toml records naming = "real"; for a neutral chain, run "chaind config naming neutral --home ${client.home}"\n`;
    for (const [args, url] of [
      [['query', 'account', alice.address], '/sdk.auth.v1beta1.BaseAccount'],
      [['query', 'staking', 'validators'], '/sdk.crypto.ed25519.PubKey'],
      [SEND, '/sdk.auth.v1beta1.BaseAccount'],
    ] as const) {
      const r = await client.chaind([...args, '--node', node]);
      expect({ code: r.code, stderr: r.stderr }, args.join(' ')).toEqual({ code: 1, stderr: hint(url) });
    }
    // nothing was broadcast
    expect(chains.neutral!.node.mempool.size).toBe(0);
  });

  it('a neutral home asking a real node: the node routes only real words, run "chaind config naming real"', async () => {
    const client = chains.neutral!;
    const node = nodeOf(chains.real!);
    const hint = (path: string) =>
      `Error: rpc error: code = Unknown desc = unknown query path: ${path}: unknown request (this home's client.toml records no naming (the neutral profile) and asks in its words; a chain of the real profile routes only /cosmos., /stratos., /tendermint.: for one, run "chaind config naming real --home ${client.home}")\n`;
    for (const [args, path] of [
      [['query', 'account', alice.address], '/sdk.auth.v1beta1.Query/Account'],
      [['query', 'staking', 'validators'], '/sdk.staking.v1beta1.Query/Validators'],
      [['query', 'bank', 'balances', alice.address], '/sdk.bank.v1beta1.Query/AllBalances'],
      [SEND, '/sdk.auth.v1beta1.Query/Account'],
    ] as const) {
      const r = await client.chaind([...args, '--node', node]);
      expect({ code: r.code, stderr: r.stderr }, args.join(' ')).toEqual({ code: 1, stderr: hint(path) });
    }
    expect(chains.real!.node.mempool.size).toBe(0);
  });

  it('the same commands against a node of the home’s own profile succeed', async () => {
    for (const c of Object.values(chains)) {
      expect((await c!.chaind(['query', 'account', alice.address])).code).toBe(0);
      expect((await c!.chaind(['query', 'staking', 'validators'])).code).toBe(0);
    }
  });
});

describe('abci_query in the other words: the tx and consensus-engine services, the modules', () => {
  const unknownPath = (path: string) => ({ code: 6, log: `unknown query path: ${path}: unknown request` });
  const simulateRequest = createCodec().encode('sdk.tx.v1beta1.SimulateRequest', {});
  const emptyTx = { code: 18, log: 'rpc error: code = InvalidArgument desc = empty txBytes is not allowed: invalid request' };

  it('a real chain: /sdk.tx.v1beta1.Service/Simulate is an unknown path; /cosmos.tx.v1beta1.Service/Simulate is the service', async () => {
    const rpc = new RpcClient(chains.real!.rpcUrl);
    const pick = (r: { code: number; log: string }) => ({ code: r.code, log: r.log });
    expect(pick(await rpc.abciQuery('/sdk.tx.v1beta1.Service/Simulate', simulateRequest))).toEqual(unknownPath('/sdk.tx.v1beta1.Service/Simulate'));
    expect(pick(await rpc.abciQuery('/cosmos.tx.v1beta1.Service/Simulate', simulateRequest))).toEqual(emptyTx);
  });

  it("a real chain's node services answer only their real paths", () => {
    const node = chains.real!.node;
    const door = nodeServiceQueries(node);
    const empty = new Uint8Array(0);
    expect(door('/cosmos.base.tendermint.v1beta1.Service/GetNodeInfo', empty, 0n)?.code).toBe(0);
    for (const path of ['/sdk.base.consensus.v1beta1.Service/GetNodeInfo', '/sdk.tx.v1beta1.Service/GetTx']) {
      expect(door(path, empty, 0n), path).toBeUndefined();
      // what the node answers then: the App's refusal of a path it does not route
      const r = node.query(path, empty);
      expect({ code: r.code, log: r.log }, path).toEqual(unknownPath(path));
    }
  });

  it("a real chain: a module's query path in neutral words is unknown; in real words it answers", async () => {
    const rpc = new RpcClient(chains.real!.rpcUrl);
    const c = createCodec();
    const request = c.encode('sdk.bank.v1beta1.QueryAllBalancesRequest', { address: alice.address });
    for (const path of ['/sdk.bank.v1beta1.Query/AllBalances', '/chain.sds.v1.Query/Params']) {
      const r = await rpc.abciQuery(path, request);
      expect({ code: r.code, log: r.log }, path).toEqual(unknownPath(path));
    }
    expect((await rpc.abciQuery('/cosmos.bank.v1beta1.Query/AllBalances', request)).code).toBe(0);
    expect((await rpc.abciQuery('/stratos.sds.v1.Query/Params', new Uint8Array(0))).code).toBe(0);
  });

  it('a neutral chain routes both words', async () => {
    const rpc = new RpcClient(chains.neutral!.rpcUrl);
    for (const path of ['/sdk.tx.v1beta1.Service/Simulate', '/cosmos.tx.v1beta1.Service/Simulate']) {
      const r = await rpc.abciQuery(path, simulateRequest);
      expect({ code: r.code, log: r.log }, path).toEqual(emptyTx);
    }
    const door = nodeServiceQueries(chains.neutral!.node);
    for (const path of ['/sdk.base.consensus.v1beta1.Service/GetNodeInfo', '/cosmos.base.tendermint.v1beta1.Service/GetNodeInfo']) {
      expect(door(path, new Uint8Array(0), 0n)?.code, path).toBe(0);
    }
  });
});
