/**
 * A JSON-RPC batch of broadcasts is admitted as one group (signatures checked together, CheckTx in
 * arrival order), and each entry is answered exactly as the same request sent alone after the ones
 * before it: a failing tx in the middle, repeated txs (the cache; a tx refused by CheckTx may come
 * again and pass once its sequence is due) and a full mempool, with and without the verify pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appModules } from '../../../src/abci/modules.ts';
import { startRpcServer } from '../../../src/api/rpc/server.ts';
import { VerifyPool } from '../../../src/crypto/verify-pool.ts';
import { Node } from '../../../src/node/node.ts';
import { DEFAULT_MEMPOOL_LIMITS } from '../../../src/node/mempool.ts';
import { genesisWith, msgSend, signed, testKey } from '../../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const genesis = genesisWith([[alice.address, 10n ** 21n]]);
const send = (seq: bigint) => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, 1n + seq)], fee: FEE });
const forged = (seq: bigint) => {
  const tx = send(seq);
  tx[tx.length - 1]! ^= 1; // inside the signature
  return tx;
};
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

const pool = new VerifyPool(1);
const dirs: string[] = [];
afterAll(async () => {
  await pool.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function withNode<T>(size: number, verifyPool: VerifyPool | undefined, run: (url: string, node: Node) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'batch-admission-'));
  dirs.push(dir);
  const node = new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: 'batch', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators: [],
    mempool: { ...DEFAULT_MEMPOOL_LIMITS, size },
    ...(verifyPool ? { verifyPool } : {}),
  });
  const server = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0' });
  try {
    return await run(`http://127.0.0.1:${server.address.port}`, node);
  } finally {
    await server.close();
    node.close();
  }
}

const entry = (id: number, tx: Uint8Array, method = 'broadcast_tx_sync') => ({ jsonrpc: '2.0', id, method, params: { tx: b64(tx) } });
const post = async (url: string, body: unknown): Promise<any> => (await fetch(url, { method: 'POST', body: JSON.stringify(body) })).json();
const mempoolOf = (node: Node) => node.mempool.all().map((t) => t.hash);

/** The batch's answers and mempool, and the answers and mempool of the same entries sent one by one. */
async function compare(size: number, verifyPool: VerifyPool | undefined, entries: ReturnType<typeof entry>[]) {
  const batch = await withNode(size, verifyPool, async (url, node) => ({ answers: await post(url, entries), mempool: mempoolOf(node) }));
  const alone = await withNode(size, verifyPool, async (url, node) => {
    const answers: any[] = [];
    for (const e of entries) answers.push(await post(url, e));
    return { answers, mempool: mempoolOf(node) };
  });
  return { batch, alone };
}

describe('a JSON-RPC batch of broadcasts', () => {
  for (const withPool of [false, true]) {
    const verifyPool = withPool ? pool : undefined;
    const label = withPool ? 'with the verify pool' : 'without the verify pool';

    it(`answers a failing tx in the middle as alone, the others pass (${label})`, async () => {
      const entries = [entry(1, send(0n)), entry(2, forged(1n)), entry(3, send(1n)), entry(4, send(5n)), entry(5, send(2n)), entry(6, send(3n), 'broadcast_tx_async')];
      const { batch, alone } = await compare(5000, verifyPool, entries);
      expect(batch).toEqual(alone);
      expect(batch.answers.map((a: any) => a.result.code)).toEqual([0, 4, 0, 32, 0, 0]);
      expect(batch.answers[1].result.log).toBe('signature verification failed; please verify account number (0), sequence (1) and chain-id (stratos-test): unauthorized');
      expect(batch.mempool).toHaveLength(4);
    });

    it(`answers repeated txs as alone: the cache, and a refused tx passing when it comes again in turn (${label})`, async () => {
      const entries = [entry(1, send(1n)), entry(2, send(0n)), entry(3, send(1n)), entry(4, send(0n)), entry(5, forged(2n)), entry(6, forged(2n)), entry(7, send(2n)), entry(8, send(2n))];
      const { batch, alone } = await compare(5000, verifyPool, entries);
      expect(batch).toEqual(alone);
      const cached = { code: -32603, message: 'Internal error', data: 'tx already exists in cache' };
      expect(batch.answers.map((a: any) => a.result?.code ?? a.error)).toEqual([32, 0, 0, cached, 4, 4, 0, cached]);
      expect(batch.mempool).toHaveLength(3);
    });

    it(`answers "mempool is full" as alone, counting only the txs CheckTx admitted before (${label})`, async () => {
      const entries = [entry(1, send(0n)), entry(2, forged(1n)), entry(3, send(1n)), entry(4, send(2n)), entry(5, send(3n)), entry(6, send(3n))];
      const { batch, alone } = await compare(3, verifyPool, entries);
      expect(batch).toEqual(alone);
      const full = { code: -32603, message: 'Internal error', data: expect.stringMatching(/^mempool is full: number of txs 3 \(max: 3\), total txs bytes \d+ \(max: 1073741824\)$/) };
      expect(batch.answers.map((a: any) => a.result?.code ?? a.error)).toEqual([0, 4, 0, 0, full, full]);
      expect(batch.mempool).toHaveLength(3);
    });

    it(`a check_tx between broadcasts sees the ones before it admitted (${label})`, async () => {
      const entries = [entry(1, send(0n)), entry(2, send(1n), 'check_tx'), entry(3, send(1n)), entry(4, send(2n))];
      const { batch, alone } = await compare(5000, verifyPool, entries);
      expect(batch).toEqual(alone);
      expect(batch.answers.map((a: any) => a.result.code)).toEqual([0, 0, 32, 0]);
    });
  }
});
