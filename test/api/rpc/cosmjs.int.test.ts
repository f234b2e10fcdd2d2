// Real clients against the consensus RPC: @cosmjs/tendermint-rpc's Tendermint37Client (its 0.37
// response decoder checks every shape) and @cosmjs/stargate's StargateClient (real-network query
// paths, NotFound handling, tx search). Txs are signed with our signTx: cosmjs cannot sign ethsecp256k1.
import { sha256 } from '@noble/hashes/sha2.js';
import { StargateClient } from '@cosmjs/stargate';
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { toHex } from '@cosmjs/encoding';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msgSend, signed, testKey } from '../../helpers/fixture.ts';
import { alice, bob, FEE, startHarness, type RpcHarness } from './rpc-fixture.ts';

let h: RpcHarness;
let tm: Tendermint37Client;
const tx1 = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 5n)], fee: FEE, memo: 'via cosmjs' });
const hash1 = toHex(sha256(tx1)).toUpperCase();

beforeAll(async () => {
  h = await startHarness();
  h.node.produceBlock();
  tm = await Tendermint37Client.connect(h.url);
  const res = await tm.broadcastTxSync({ tx: tx1 });
  expect(res.code).toBe(0);
  expect(toHex(res.hash).toUpperCase()).toBe(hash1);
  h.node.produceBlock();
  h.node.produceBlock();
});
afterAll(async () => {
  tm?.disconnect();
  await h.close();
});

describe('Tendermint37Client', () => {
  it('status', async () => {
    const s = await tm.status();
    expect(s.nodeInfo.network).toBe('stratos-test');
    expect(s.nodeInfo.version).toBe('0.37.5');
    expect(s.nodeInfo.protocolVersion).toEqual({ p2p: 8, block: 11, app: 0 });
    expect(s.syncInfo.latestBlockHeight).toBe(3);
    expect(s.syncInfo.earliestBlockHeight).toBe(1);
    expect(s.syncInfo.catchingUp).toBe(false);
    expect(s.validatorInfo.pubkey).toEqual({ algorithm: 'ed25519', data: h.key.pubKey });
    expect(s.validatorInfo.votingPower).toBe(10n);
  });

  it('block, blockchain, commit, validators, genesis', async () => {
    const b2 = await tm.block(2);
    expect(b2.block.header.height).toBe(2);
    expect(b2.block.header.chainId).toBe('stratos-test');
    expect(b2.block.txs).toEqual([tx1]);
    expect(b2.block.lastCommit!.height).toBe(1);
    expect(toHex(b2.blockId.hash).toUpperCase()).toBe(toHex(h.node.block(2n)!.hash).toUpperCase());
    const latest = await tm.block();
    expect(latest.block.header.height).toBe(3);
    expect(latest.block.header.lastBlockId!.hash).toEqual(b2.blockId.hash);
    const first = await tm.block(1);
    expect(first.block.header.lastBlockId).toBeNull();
    expect(first.block.lastCommit).toBeNull();

    const chain = await tm.blockchain(1, 3);
    expect(chain.lastHeight).toBe(3);
    expect(chain.blockMetas.map((m) => [m.header.height, m.numTxs])).toEqual([
      [3, 0],
      [2, 1],
      [1, 0],
    ]);
    const commit = await tm.commit(2);
    expect(commit.canonical).toBe(true);
    expect(commit.commit.blockId.hash).toEqual(b2.blockId.hash);
    const vals = await tm.validators({ height: 3 });
    expect(vals.total).toBe(1);
    expect(vals.validators[0]!.pubkey).toEqual({ algorithm: 'ed25519', data: h.key.pubKey });
    const genesis = await tm.genesis();
    expect(genesis.chainId).toBe('stratos-test');
    expect(genesis.consensusParams.block).toEqual({ maxBytes: 22020096, maxGas: 20000000 });
  });

  it('blockResults, tx, txSearch', async () => {
    const results = await tm.blockResults(2);
    expect(results.height).toBe(2);
    expect(results.results).toHaveLength(1);
    expect(results.results[0]!.code).toBe(0);
    expect(results.results[0]!.gasWanted).toBe(200000n);
    expect(results.consensusUpdates!.block).toEqual({ maxBytes: 22020096, maxGas: 20000000 });
    const tx = await tm.tx({ hash: sha256(tx1), prove: true });
    expect(tx.height).toBe(2);
    expect(tx.tx).toEqual(tx1);
    expect(toHex(tx.proof!.rootHash).toUpperCase()).toBe((h.node.block(2n)!.header as any).header.data_hash);
    expect(tx.proof!.proof.aunts).toEqual([]);
    expect(tx.result.events.some((e) => e.type === 'transfer' && e.attributes.some((a) => a.key === 'recipient' && a.value === bob.address))).toBe(true);
    const search = await tm.txSearch({ query: `tx.hash='${hash1}'` });
    expect(search.totalCount).toBe(1);
    expect(search.txs[0]!.height).toBe(2);
    await expect(tm.tx({ hash: new Uint8Array(32) })).rejects.toThrow(`tx (${'00'.repeat(32)}) not found`);
  });

  it('abciQuery, abciInfo, health, numUnconfirmedTxs', async () => {
    const q = await tm.abciQuery({ path: '/cosmos.bank.v1beta1.Query/Balance', data: QueryBalanceRequest.encode({ address: bob.address, denom: 'wei' }).finish() });
    expect(q.code).toBe(0);
    expect(q.height).toBe(3);
    expect(QueryBalanceResponse.decode(q.value).balance).toEqual({ denom: 'wei', amount: '5' });
    const info = await tm.abciInfo();
    expect(info.lastBlockHeight).toBe(3);
    expect(info.lastBlockAppHash).toEqual(h.node.block(3n)!.appHash);
    expect(await tm.health()).toBeNull();
    expect(await tm.numUnconfirmedTxs()).toEqual({ total: 0, totalBytes: 0 });
  });
});

describe('StargateClient', () => {
  let client: StargateClient;
  beforeAll(async () => {
    // the chain's accounts carry neutral type URLs, which cosmjs' default parser does not know
    client = await StargateClient.connect(h.url, {
      accountParser: (any) => {
        expect(any.typeUrl).toBe('/sdk.auth.v1beta1.BaseAccount');
        const a = BaseAccount.decode(any.value);
        return { address: a.address, pubkey: null, accountNumber: a.accountNumber, sequence: Number(a.sequence) };
      },
    });
  });
  afterAll(() => client?.disconnect());

  it('chain id and height', async () => {
    expect(await client.getChainId()).toBe('stratos-test');
    expect(await client.getHeight()).toBe(3);
  });

  it('balances: all, one denom, and "0" for a denom the account does not hold', async () => {
    expect(await client.getAllBalances(bob.address)).toEqual([{ denom: 'wei', amount: '5' }]);
    expect(await client.getBalance(bob.address, 'wei')).toEqual({ denom: 'wei', amount: '5' });
    expect(await client.getBalance(bob.address, 'uatom')).toEqual({ denom: 'uatom', amount: '0' });
  });

  it('accounts: null for an unknown address (code 22, NotFound log), the account otherwise', async () => {
    expect(await client.getAccount(testKey(7).address)).toBeNull();
    expect(await client.getAccount(alice.address)).toEqual({ address: alice.address, pubkey: null, accountNumber: 0n, sequence: 1 });
    expect(await client.getSequence(alice.address)).toEqual({ accountNumber: 0n, sequence: 1 });
  });

  it('getTx and searchTx', async () => {
    const found = await client.getTx(hash1);
    expect(found).toMatchObject({ height: 2, txIndex: 0, hash: hash1, code: 0, gasWanted: 200000n });
    expect(found!.tx).toEqual(tx1);
    expect(await client.getTx('00'.repeat(32))).toBeNull();
    const bySender = await client.searchTx([{ key: 'message.sender', value: alice.address }]);
    expect(bySender.map((t) => t.hash)).toEqual([hash1]);
    expect((await client.searchTx('tx.height=2')).map((t) => t.height)).toEqual([2]);
  });

  it('getBlock(1) and the latest block', async () => {
    const b1 = await client.getBlock(1);
    expect(b1.header.height).toBe(1);
    expect(b1.id).toBe(toHex(h.node.block(1n)!.hash).toUpperCase());
    expect(b1.txs).toEqual([]);
    const latest = await client.getBlock();
    expect(latest.header.height).toBe(3);
    expect(latest.header.chainId).toBe('stratos-test');
  });

  it('broadcastTx polls tx_search until the tx is in a block', async () => {
    const tx = signed(alice, 0n, 1n, { messages: [msgSend(alice.address, bob.address, 7n)], fee: FEE });
    const timer = setInterval(() => h.node.produceBlock(), 50);
    try {
      const result = await client.broadcastTx(tx, 10_000, 100);
      expect(result.code).toBe(0);
      expect(result.transactionHash).toBe(toHex(sha256(tx)).toUpperCase());
    } finally {
      clearInterval(timer);
    }
    expect(await client.getBalance(bob.address, 'wei')).toEqual({ denom: 'wei', amount: '12' });
  });
});
