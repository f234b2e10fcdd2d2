/**
 * A real node process killed with SIGKILL while it produces blocks, then restarted: no committed
 * tx is lost, heights continue, and the app hashes of earlier blocks are unchanged. Driven over
 * raw HTTP, the CLI and @cosmjs/tendermint-rpc.
 */
import { describe, expect, it } from 'vitest';
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { runChaind, tempHome } from '../cli/run-chaind.ts';
import { freePort, rpc, startChaind } from '../cli/node/node-process.ts';
import { msgSend, testKey } from '../helpers/fixture.ts';
import { signTx } from '../../src/client/sign-tx.ts';

const alice = testKey(0);
const bob = testKey(1);

async function setUp() {
  const home = await tempHome();
  expect((await runChaind(['init', 'crash-node', '--chain-id', 'crash-test', '--home', home])).code).toBe(0);
  expect((await runChaind(['genesis', 'add-genesis-account', alice.address, '1000000000000000000000wei', '--home', home])).code).toBe(0);
  const rpcPort = await freePort();
  const args = ['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--consensus.timeout_commit', '150ms', '--minimum-gas-prices', '0wei', '--grpc.address', '127.0.0.1:0'];
  return { home, rpcPort, args };
}

async function waitHeight(port: number, height: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const s = await rpc(port, 'status').catch(() => undefined);
    if (s && Number(s.sync_info.latest_block_height) >= height) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`height ${height} not reached`);
}

describe('node process: SIGKILL during block production', () => {
  it('keeps every committed tx and app hash, and continues the heights after a restart', async () => {
    const { home, rpcPort, args } = await setUp();
    let node = startChaind(args);
    await node.waitFor(/committed state .*height=1\b/);

    // sends with consecutive sequences, broadcast over raw HTTP
    const sent: string[] = [];
    for (let seq = 0n; seq < 6n; seq++) {
      const tx = signTx({ messages: [msgSend(alice.address, bob.address, 100n + seq)], fee: [{ denom: 'wei', amount: '200000000000000' }] }, { chainId: 'crash-test', signers: [{ privKey: alice.priv, accountNumber: 0n, sequence: seq }] });
      const res = await rpc(rpcPort, 'broadcast_tx_sync', { tx: Buffer.from(tx).toString('base64') });
      expect(res.code).toBe(0);
      sent.push(res.hash);
      if (seq === 2n) await waitHeight(rpcPort, 3); // spread the txs over blocks
    }
    const tm = await Tendermint37Client.connect(`http://127.0.0.1:${rpcPort}`);
    // wait until every tx is committed, then note heights and app hashes
    const committedAt = new Map<string, number>();
    for (let i = 0; i < 200 && committedAt.size < sent.length; i++) {
      for (const h of sent) {
        if (committedAt.has(h)) continue;
        const r = await tm.tx({ hash: Buffer.from(h, 'hex') }).catch(() => undefined);
        if (r) committedAt.set(h, r.height);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(committedAt.size).toBe(sent.length);
    const status = await tm.status();
    const before = status.syncInfo.latestBlockHeight;
    const appHashes = new Map<number, string>();
    for (let h = 1; h <= before; h++) appHashes.set(h, Buffer.from((await tm.block(h)).block.header.appHash).toString('hex'));
    tm.disconnect();

    // kill during production: blocks come every 150 ms
    await new Promise((r) => setTimeout(r, 100 + Math.floor(Math.random() * 150)));
    node.child.kill('SIGKILL');
    expect((await node.exited).signal).toBe('SIGKILL');

    node = startChaind(args);
    try {
      await node.waitFor(/node started/);
      await waitHeight(rpcPort, before + 3);
      const tm2 = await Tendermint37Client.connect(`http://127.0.0.1:${rpcPort}`);
      for (const [hash, height] of committedAt) expect((await tm2.tx({ hash: Buffer.from(hash, 'hex') })).height).toBe(height);
      for (const [h, appHash] of appHashes) expect(Buffer.from((await tm2.block(h)).block.header.appHash).toString('hex')).toBe(appHash);
      const after = (await tm2.status()).syncInfo.latestBlockHeight;
      expect(after).toBeGreaterThan(before);
      // consecutive heights with no gap
      for (let h = 1; h <= after; h++) expect((await tm2.block(h)).block.header.height).toBe(h);
      tm2.disconnect();
      // the CLI sees the same history
      const q = await runChaind(['query', 'txs', '--events', `message.sender=${alice.address}`, '--node', `tcp://127.0.0.1:${rpcPort}`, '-o', 'json']);
      expect(q.code).toBe(0);
      expect(JSON.parse(q.stdout).total_count).toBe(String(sent.length));
      const bal = await runChaind(['query', 'bank', 'balances', bob.address, '--node', `tcp://127.0.0.1:${rpcPort}`, '-o', 'json']);
      expect(JSON.parse(bal.stdout).balances).toEqual([{ denom: 'wei', amount: String(100 + 101 + 102 + 103 + 104 + 105) }]);
    } finally {
      await node.stop();
    }
  }, 120_000);
});
