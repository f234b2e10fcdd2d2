// The Ethereum JSON-RPC of a node as `chaind init` + `chaind start` make it, read by real Ethereum
// clients: ethers (JsonRpcProvider, WebSocketProvider) and viem (http and webSocket transports).
// Chain id, block number, balances (equal to the bank balance over REST, to the wei), nonces,
// blocks by number and hash (the Cosmos txs' hashes), fee history, new heads over the websocket,
// what a chain without contracts answers for code, storage, calls, gas estimates and logs (and
// `null` for state reads above the head), and the errors (EVM execution, an unknown method, bad
// params, a namespace not enabled, batches).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonRpcProvider, WebSocketProvider } from 'ethers';
import { createPublicClient, http, webSocket, type Block } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEthServer } from '../../../src/api/eth/server.ts';
import { addressFromBech32, toEthAddress } from '../../../src/crypto/address.ts';
import { addGenesisAccount } from '../../../src/node/genesis-accounts.ts';
import { readGenesisJson, writeGenesisJson } from '../../../src/node/genesis-file.ts';
import { homeLayout } from '../../../src/node/home.ts';
import { initHome } from '../../../src/node/init.ts';
import { createLogger, parseLogLevel } from '../../../src/node/logger.ts';
import { resolveStartSettings } from '../../../src/node/settings.ts';
import { startNode, type RunningNode } from '../../../src/node/start.ts';
import { msgSend, signed } from '../../helpers/fixture.ts';
import { alice, bob, FEE } from '../rpc/rpc-fixture.ts';

const GENESIS_WEI = 10n ** 21n;
const SENT = 1000n;

let dir: string;
let running: RunningNode;
let httpUrl: string;
let wsUrl: string;
let restUrl: string;
let rpcUrl: string;
const logLines: string[] = [];
/** the block of alice's MsgSend to bob */
let txHeight: bigint;
let txBytes: Uint8Array;

const aliceEth = toEthAddress(addressFromBech32(alice.address));
const bobEth = toEthAddress(addressFromBech32(bob.address));
const hex = (n: bigint) => `0x${n.toString(16)}`;
const cometTxHash = (tx: Uint8Array) => `0x${createHash('sha256').update(tx).digest('hex')}`;

async function post(body: unknown, url = httpUrl): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}
const call = (method: string, params: unknown[] = [], id: unknown = 1) => post({ jsonrpc: '2.0', id, method, params });

/** The bank balance over the node's REST API (`/sdk/bank/v1beta1/balances/{address}/by_denom`). */
async function restBalance(address: string, height?: bigint): Promise<bigint> {
  const res = await fetch(`${restUrl}/sdk/bank/v1beta1/balances/${address}/by_denom?denom=wei`, { headers: height === undefined ? {} : { 'x-cosmos-block-height': height.toString() } });
  const body = (await res.json()) as { balance: { amount: string } };
  return BigInt(body.balance.amount);
}

/** The CometBFT block hash of a height over the consensus RPC. */
async function cometBlockHash(height: bigint): Promise<string> {
  const body = (await (await fetch(`${rpcUrl}/block?height=${height}`)).json()) as { result: { block_id: { hash: string } } };
  return `0x${body.result.block_id.hash.toLowerCase()}`;
}

async function waitForHeight(h: bigint): Promise<void> {
  while (running.node.height < h) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eth-rpc-'));
  const home = join(dir, 'home');
  initHome(home, { moniker: 'eth-node', chainId: 'stratos-test' });
  const genesisFile = homeLayout(home).genesisFile;
  writeGenesisJson(genesisFile, addGenesisAccount(readGenesisJson(genesisFile), alice.address, [{ denom: 'wei', amount: GENESIS_WEI }]));
  const settings = resolveStartSettings(
    home,
    new Map([
      ['rpc.laddr', 'tcp://127.0.0.1:0'],
      ['consensus.timeout_commit', '100ms'],
      ['api.enable', 'true'],
      ['api.address', 'tcp://127.0.0.1:0'],
      ['grpc.enable', 'false'],
      ['json-rpc.address', '127.0.0.1:0'],
      ['json-rpc.ws-address', '127.0.0.1:0'],
      ['pruning', 'nothing'],
    ]),
  );
  running = await startNode(home, { settings, logger: createLogger({ format: 'json', filter: parseLogLevel('info'), write: (line) => void logLines.push(line) }) });
  const eth = running.ethJsonRpc!;
  httpUrl = `http://127.0.0.1:${eth.http.address.port}`;
  wsUrl = `ws://127.0.0.1:${eth.ws.address.port}`;
  restUrl = `http://127.0.0.1:${running.rest!.address.port}`;
  rpcUrl = `http://127.0.0.1:${running.rpc!.address.port}`;
  // a few blocks first, so that the tx's block has predecessors
  await waitForHeight(3n);
  txBytes = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, SENT)], fee: FEE, memo: 'seen by ethers' });
  const committed = await running.node.broadcastTxCommit(txBytes);
  expect(committed.txResult?.code).toBe(0);
  txHeight = committed.height;
  await waitForHeight(txHeight + 1n);
});

afterAll(async () => {
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('chaind start serves the Ethereum JSON-RPC', { timeout: 30_000 }, () => {
  it('logs where it listens and lists both servers', () => {
    const eth = running.ethJsonRpc!;
    const lines = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    // stratos-chain rpc/server.go logs each of its two servers so, with module geth
    expect(lines).toContainEqual(expect.objectContaining({ message: `starting Web3 RPC server on 127.0.0.1:${eth.http.address.port}`, module: 'geth' }));
    expect(lines).toContainEqual(expect.objectContaining({ message: `starting Web3 RPC server on 127.0.0.1:${eth.ws.address.port}`, module: 'geth' }));
    expect(running.serving.filter((s) => s.name.startsWith('Ethereum'))).toEqual([
      { name: 'Ethereum RPC', url: httpUrl },
      { name: 'Ethereum WS', url: wsUrl },
    ]);
  });
});

describe('ethers JsonRpcProvider', { timeout: 30_000 }, () => {
  let provider: JsonRpcProvider;
  beforeAll(() => {
    provider = new JsonRpcProvider(httpUrl, undefined, { staticNetwork: false });
  });
  afterAll(() => provider.destroy());

  it('reads the chain id, the block number, balances equal to the bank balance and nonces', async () => {
    expect((await provider.getNetwork()).chainId).toBe(2048n);
    const n = BigInt(await provider.getBlockNumber());
    expect(n).toBeGreaterThanOrEqual(txHeight + 1n);
    expect(n).toBeLessThanOrEqual(running.node.height);
    const aliceNow = await provider.getBalance(aliceEth);
    expect(aliceNow).toBe(await restBalance(alice.address));
    expect(aliceNow).toBe(GENESIS_WEI - SENT - BigInt(FEE[0]!.amount));
    expect(await provider.getBalance(bobEth)).toBe(SENT);
    expect(await provider.getBalance(bobEth)).toBe(await restBalance(bob.address));
    // before the tx's block: the genesis balance, nonce 0
    expect(await provider.getBalance(aliceEth, Number(txHeight - 1n))).toBe(GENESIS_WEI);
    expect(await provider.getBalance(aliceEth, Number(txHeight - 1n))).toBe(await restBalance(alice.address, txHeight - 1n));
    expect(await provider.getTransactionCount(aliceEth, Number(txHeight - 1n))).toBe(0);
    expect(await provider.getTransactionCount(aliceEth)).toBe(1);
    expect(await provider.getTransactionCount(bobEth)).toBe(0);
  });

  it('reads blocks by number and by hash: the CometBFT hash, the Cosmos txs hashes', async () => {
    const block = (await provider.getBlock(Number(txHeight)))!;
    expect(block.number).toBe(Number(txHeight));
    expect(block.hash).toBe(await cometBlockHash(txHeight));
    expect(block.parentHash).toBe(await cometBlockHash(txHeight - 1n));
    expect(block.transactions).toEqual([cometTxHash(txBytes)]);
    expect(block.baseFeePerGas).toBe(1_000_000_000n);
    const byHash = (await provider.getBlock(block.hash!))!;
    expect(byHash.number).toBe(block.number);
    expect(byHash.transactions).toEqual(block.transactions);
    expect(await provider.getBlock(Number(running.node.height) + 1000)).toBeNull();
  });

  it('reads fee data', async () => {
    const fees = await provider.getFeeData();
    expect(fees.gasPrice).toBe(1_000_000_000n);
    expect(fees.maxPriorityFeePerGas).toBe(0n);
  });
});

describe('viem public client over http', { timeout: 30_000 }, () => {
  const client = () => createPublicClient({ transport: http(httpUrl) });

  it('reads the chain id, block number, balances and nonces', async () => {
    const c = client();
    expect(await c.getChainId()).toBe(2048);
    expect(await c.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(txHeight);
    expect(await c.getBalance({ address: aliceEth as `0x${string}` })).toBe(await restBalance(alice.address));
    expect(await c.getBalance({ address: bobEth as `0x${string}`, blockNumber: txHeight })).toBe(SENT);
    expect(await c.getBalance({ address: bobEth as `0x${string}`, blockNumber: txHeight - 1n })).toBe(0n);
    expect(await c.getTransactionCount({ address: aliceEth as `0x${string}` })).toBe(1);
    expect(await c.getTransactionCount({ address: aliceEth as `0x${string}`, blockNumber: txHeight - 1n })).toBe(0);
  });

  it('reads blocks by number and hash; with includeTransactions the Cosmos tx as a pseudo-transaction', async () => {
    const c = client();
    const block = await c.getBlock({ blockNumber: txHeight });
    expect(block.hash).toBe(await cometBlockHash(txHeight));
    expect(block.transactions).toEqual([cometTxHash(txBytes)]);
    expect(block.gasUsed).toBe(running.node.blockResults(txHeight)[0]!.result.gas_used);
    const byHash = await c.getBlock({ blockHash: block.hash! });
    expect(byHash.number).toBe(txHeight);
    const full = await c.getBlock({ blockNumber: txHeight, includeTransactions: true });
    const [tx] = full.transactions;
    expect(tx).toMatchObject({ hash: cometTxHash(txBytes), from: aliceEth.toLowerCase(), to: bobEth.toLowerCase(), value: SENT, nonce: 0, blockNumber: txHeight, transactionIndex: 0 });
    expect(tx!.gasPrice).toBe(BigInt(FEE[0]!.amount) / tx!.gas);
    // the type: the first two bytes of SHA-1 of the message's type URL
    const typeUrl = running.node.chain.app.codec.typeUrl('sdk.bank.v1beta1.MsgSend');
    const raw = await call('eth_getTransactionByHash', [cometTxHash(txBytes)]);
    expect(raw.result.type).toBe(hex(BigInt(`0x${createHash('sha1').update(typeUrl).digest('hex').slice(0, 4)}`)));
    // stratos-chain's rpc/types Transaction: its fields in its order; chainId (omitempty) is not set for a Cosmos tx
    expect(Object.keys(raw.result)).toEqual(['blockHash', 'blockNumber', 'from', 'gas', 'gasPrice', 'hash', 'input', 'nonce', 'to', 'transactionIndex', 'value', 'type', 'v', 'r', 's']);
    const receipt = await call('eth_getTransactionReceipt', [cometTxHash(txBytes)]);
    expect(receipt.result).toMatchObject({ status: '0x1', blockNumber: hex(txHeight), gasUsed: hex(running.node.blockResults(txHeight)[0]!.result.gas_used), logs: [] });
    // stratos-chain's TransactionReceipt: no type, no effectiveGasPrice
    expect(Object.keys(receipt.result)).toEqual(['status', 'cumulativeGasUsed', 'logsBloom', 'logs', 'transactionHash', 'contractAddress', 'gasUsed', 'blockHash', 'blockNumber', 'transactionIndex', 'from', 'to']);
    const viemReceipt = await c.getTransactionReceipt({ hash: cometTxHash(txBytes) as `0x${string}` });
    expect(viemReceipt).toMatchObject({ status: 'success', blockNumber: txHeight, from: aliceEth.toLowerCase(), to: bobEth.toLowerCase(), effectiveGasPrice: null });
    const provider = new JsonRpcProvider(httpUrl, undefined, { staticNetwork: false });
    try {
      const ethersReceipt = (await provider.getTransactionReceipt(cometTxHash(txBytes)))!;
      expect([ethersReceipt.status, ethersReceipt.blockNumber, ethersReceipt.gasUsed]).toEqual([1, Number(txHeight), running.node.blockResults(txHeight)[0]!.result.gas_used]);
    } finally {
      provider.destroy();
    }
  });

  it('reads the fee history as stratos-chain answers it: the count blocks before lastBlock, their base fees, gas used ratios, zero rewards', async () => {
    const c = client();
    // stratos-chain FeeHistory: blocks [last − count, last − 1], one base fee per block (no next one)
    const history = await c.getFeeHistory({ blockCount: 3, blockNumber: txHeight + 1n, rewardPercentiles: [25, 75] });
    expect(history.oldestBlock).toBe(txHeight - 2n);
    expect(history.baseFeePerGas).toEqual([1_000_000_000n, 1_000_000_000n, 1_000_000_000n]);
    const maxGas = Number(running.node.consensusParams.block.max_gas);
    const gasUsed = Number(running.node.blockResults(txHeight)[0]!.result.gas_used);
    expect(history.gasUsedRatio).toEqual([0, 0, maxGas > 0 ? gasUsed / maxGas : 0]);
    expect(history.reward).toEqual([
      [0n, 0n],
      [0n, 0n],
      [0n, 0n],
    ]);
    expect(await c.getGasPrice()).toBe(1_000_000_000n);
    const gwei = '0x3b9aca00';
    expect((await call('eth_feeHistory', ['0x2', hex(txHeight), []])).result).toEqual({ oldestBlock: hex(txHeight - 2n), baseFeePerGas: [gwei, gwei], gasUsedRatio: [0, 0] });
    // count 0: no blocks, the base fees left out; from block 0, whose answers are block 1's
    expect((await call('eth_feeHistory', ['0x0', '0x5', [50]])).result).toEqual({ oldestBlock: '0x5', gasUsedRatio: [] });
    expect((await call('eth_feeHistory', [3, '0x2', [50]])).result).toEqual({ oldestBlock: '0x0', reward: [['0x0'], ['0x0']], baseFeePerGas: [gwei, gwei], gasUsedRatio: [0, 0] });
    // the percentiles are not checked
    expect((await call('eth_feeHistory', ['0x1', '0x3', [90, 10, 200]])).result).toEqual({ oldestBlock: '0x2', reward: [['0x0', '0x0', '0x0']], baseFeePerGas: [gwei], gasUsedRatio: [0] });
    // a tag or 0 is the head; lastBlock is geth's rpc.BlockNumber (safe, finalized; hex only)
    for (const tag of ['latest', 'safe', 'earliest', '0x0']) {
      const { result } = await call('eth_feeHistory', ['0x1', tag, []]);
      expect(BigInt(result.oldestBlock)).toBeGreaterThanOrEqual(txHeight);
    }
    expect((await call('eth_feeHistory', ['0x1', '5', []])).error).toEqual({ code: -32602, message: 'invalid argument 1: hex string without 0x prefix' });
    // a block above the head among them: null
    expect(await call('eth_feeHistory', ['0x2', hex(running.node.height + 100n), []])).toEqual({ jsonrpc: '2.0', id: 1, result: null });
    expect((await call('eth_feeHistory', ['0x65', 'latest', []])).error).toEqual({ code: -32000, message: 'FeeHistory user block count 101 higher than 100' });
  });
});

describe('new heads over the websocket', { timeout: 30_000 }, () => {
  it('ethers WebSocketProvider on("block") follows the committed blocks', async () => {
    const provider = new WebSocketProvider(wsUrl);
    try {
      expect((await provider.getNetwork()).chainId).toBe(2048n);
      const seen: number[] = [];
      await new Promise<void>((resolve) => {
        void provider.on('block', (n: number) => {
          seen.push(n);
          if (seen.length === 3) resolve();
        });
      });
      await provider.off('block');
      expect(seen).toEqual([seen[0]!, seen[0]! + 1, seen[0]! + 2]);
      expect(await provider.getBalance(aliceEth)).toBe(await restBalance(alice.address));
    } finally {
      await provider.destroy();
    }
  });

  it('viem watchBlocks and watchBlockNumber over webSocket: the heads are the blocks getBlock returns', async () => {
    const c = createPublicClient({ transport: webSocket(wsUrl) });
    const blocks: Block[] = [];
    const numbers: bigint[] = [];
    await new Promise<void>((resolve, reject) => {
      let done = 0;
      const finish = () => {
        if (++done === 2) resolve();
      };
      const stopBlocks = c.watchBlocks({
        onBlock: (b) => {
          blocks.push(b);
          if (blocks.length === 2) {
            stopBlocks();
            finish();
          }
        },
        onError: reject,
      });
      const stopNumbers = c.watchBlockNumber({
        onBlockNumber: (n) => {
          numbers.push(n);
          if (numbers.length === 2) {
            stopNumbers();
            finish();
          }
        },
        onError: reject,
      });
    });
    expect(blocks[1]!.number).toBe(blocks[0]!.number! + 1n);
    expect(numbers[1]).toBe(numbers[0]! + 1n);
    for (const b of blocks) {
      const fetched = await c.getBlock({ blockNumber: b.number! });
      expect(b.hash).toBe(fetched.hash);
      expect(b.parentHash).toBe(fetched.parentHash);
      expect(b.timestamp).toBe(fetched.timestamp);
    }
    await c.transport.getRpcClient().then((rpc) => rpc.close());
  });

  it('eth_subscribe over HTTP is refused; an unknown kind is named; eth_unsubscribe ends a subscription', async () => {
    expect((await call('eth_subscribe', ['newHeads'])).error).toEqual({ code: -32000, message: 'notifications not supported' });
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(wsUrl);
    await new Promise((r) => ws.once('open', r));
    const messages: any[] = [];
    const next = () => new Promise<any>((r) => ws.once('message', (d) => r(JSON.parse(String(d)))));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['pendingBlocks'] }));
    expect(await next()).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no "pendingBlocks" subscription in eth namespace' } });
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['newHeads'] }));
    const { result: sub } = await next();
    expect(sub).toMatch(/^0x[0-9a-f]+$/);
    const head = await next();
    expect(head).toMatchObject({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: sub } });
    expect(head.params.result.hash).toBe(await cometBlockHash(BigInt(head.params.result.number)));
    // stratos-chain's Header struct, which Go encodes with its defaults: numbers as JSON numbers, extraData base64
    const block = (await call('eth_getBlockByNumber', [hex(BigInt(head.params.result.number)), false])).result;
    expect(head.params.result).toEqual({
      hash: block.hash,
      parentHash: block.parentHash,
      sha3Uncles: block.sha3Uncles,
      miner: block.miner,
      stateRoot: block.stateRoot,
      transactionsRoot: block.transactionsRoot,
      receiptsRoot: block.receiptsRoot,
      logsBloom: block.logsBloom,
      difficulty: 1,
      number: Number(block.number),
      gasLimit: Number(block.gasLimit),
      gasUsed: Number(block.gasUsed),
      timestamp: Number(block.timestamp),
      extraData: '',
      mixHash: block.mixHash,
      nonce: '0x0000000000000000',
      size: 0,
      baseFeePerGas: null,
    });
    // the block: stratos-chain's Block struct, in its field order
    expect(Object.keys(block)).toEqual(['number', 'hash', 'parentHash', 'nonce', 'sha3Uncles', 'logsBloom', 'transactionsRoot', 'stateRoot', 'miner', 'mixHash', 'difficulty', 'totalDifficulty', 'extraData', 'size', 'gasLimit', 'gasUsed', 'timestamp', 'uncles', 'withdrawals', 'receiptsRoot', 'transactions', 'baseFeePerGas']);
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'eth_unsubscribe', params: [sub] }));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'eth_unsubscribe', params: [sub] }));
    while (!messages.some((m) => m.id === 4)) await new Promise((r) => setTimeout(r, 10));
    expect(messages.find((m) => m.id === 3)).toEqual({ jsonrpc: '2.0', id: 3, result: true });
    expect(messages.find((m) => m.id === 4)).toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32000, message: 'subscription not found' } });
    ws.close();
  });
});

describe('the node conventions and errors', { timeout: 30_000 }, () => {
  it('answers the constants of B.3', async () => {
    expect((await call('net_version')).result).toBe('2048');
    expect((await call('eth_chainId')).result).toBe('0x800');
    expect((await call('net_listening')).result).toBe(true);
    expect((await call('net_peerCount')).result).toBe('0x0');
    expect((await call('eth_syncing')).result).toBe(false);
    expect((await call('eth_accounts')).result).toEqual([]);
    expect((await call('eth_protocolVersion')).result).toBe('0x41');
    // chaind init's genesis validator is not an x/staking validator: no operator account, no coinbase
    const own = running.node.ownValidator()!.address;
    expect((await call('eth_coinbase')).error).toEqual({ code: -32000, message: `no x/staking validator has this node's consensus address ${own}: the node has no coinbase` });
    expect((await call('eth_getBlockByNumber', ['latest', false])).result.miner).toBe(`0x${own.toLowerCase()}`);
    expect((await call('rpc_modules')).result).toEqual({ eth: '1.0', net: '1.0', rpc: '1.0', web3: '1.0' });
    expect((await call('web3_clientVersion')).result).toMatch(/^\S+$/);
    // the node's quirk: the characters are hashed
    expect((await call('web3_sha3', ['0x68656c6c6f20776f726c64'])).result).toBe('0x5b2c76da96136d193336fad3fbc049867b8ca157da22f69ae0e4923648250acc');
    // there is no block 0: earliest and 0x0 are block 1
    expect((await call('eth_getBlockByNumber', ['0x0', false])).result.number).toBe('0x1');
    expect((await call('eth_getBlockByNumber', ['earliest', false])).result.hash).toBe(await cometBlockHash(1n));
    // a state read above the head is null (reference B.3)
    expect(await call('eth_getBalance', [aliceEth, hex(running.node.height + 100n)])).toEqual({ jsonrpc: '2.0', id: 1, result: null });
  });

  it('state reads above the head answer null (reference B.3), by number or {blockNumber}', async () => {
    const above = hex(running.node.height + 1000n);
    const reads: [string, unknown[]][] = [
      ['eth_getBalance', [aliceEth, above]],
      ['eth_getTransactionCount', [aliceEth, above]],
      ['eth_getCode', [bobEth, above]],
      ['eth_getStorageAt', [bobEth, '0x0', above]],
      ['eth_call', [{ to: bobEth }, above]],
      ['eth_estimateGas', [{ to: bobEth }, above]],
      ['eth_getBalance', [aliceEth, { blockNumber: above }]],
      ['eth_getCode', [bobEth, { blockNumber: above }]],
    ];
    for (const [method, params] of reads) expect([method, await call(method, params)]).toEqual([method, { jsonrpc: '2.0', id: 1, result: null }]);
    // a hash of no block: stratos-chain getBlockNumber → HeaderByHash's error; eth_getLogs wraps it
    const unknown = `0x${'01'.repeat(32)}`;
    expect(await call('eth_getCode', [bobEth, { blockHash: unknown }])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: `block not found for hash ${unknown}` } });
    expect(await call('eth_getBalance', [bobEth, unknown])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: `block not found for hash ${unknown}` } });
    expect(await call('eth_getLogs', [{ blockHash: unknown }])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: `failed to fetch header by hash: block not found for hash ${unknown}` } });
  });

  it('no contract code, storage or logs: what the real chain answers (reference B.6)', async () => {
    const txBlockHash = await cometBlockHash(txHeight);
    const answers: [string, unknown[], unknown][] = [
      ['eth_getCode', [bobEth, 'latest'], '0x'],
      ['eth_getCode', [aliceEth, hex(txHeight)], '0x'],
      ['eth_getCode', [bobEth, txBlockHash], '0x'],
      ['eth_getCode', [bobEth, 'earliest'], '0x'],
      ['eth_getStorageAt', [bobEth, '0x0', 'latest'], `0x${'0'.repeat(64)}`],
      ['eth_getStorageAt', [bobEth, '0x1', { blockHash: txBlockHash }], `0x${'0'.repeat(64)}`],
      // a call that runs no code: to an address (none has code), with empty input
      ['eth_call', [{ to: bobEth }, 'latest'], '0x'],
      ['eth_call', [{ from: aliceEth, to: bobEth, value: '0x1', data: '0x' }, 'pending', {}], '0x'],
      ['eth_call', [{ to: bobEth, input: '0x' }, { blockNumber: hex(txHeight) }], '0x'],
      // a plain value transfer costs 21,000 gas
      ['eth_estimateGas', [{ to: bobEth }], '0x5208'],
      ['eth_estimateGas', [{ from: aliceEth, to: bobEth, value: hex(SENT) }, 'latest'], '0x5208'],
      ['eth_getLogs', [{ fromBlock: '0x1', toBlock: 'latest' }], []],
      ['eth_getLogs', [{}], []],
      ['eth_getLogs', [{ blockHash: txBlockHash, address: [bobEth], topics: [null, `0x${'ab'.repeat(32)}`] }], []],
      // a fromBlock above the head: [] (B.5)
      ['eth_getLogs', [{ fromBlock: hex(running.node.height + 50n) }], []],
    ];
    for (const [method, params, result] of answers) expect([method, params, await call(method, params)]).toEqual([method, params, { jsonrpc: '2.0', id: 1, result }]);
    // stratos-chain GetLogs / SubscribeLogs refuse what the node's filters cannot run
    const topics = Array(5).fill(`0x${'ab'.repeat(32)}`);
    const refusals: [string, unknown[], string][] = [
      ['eth_getLogs', [{ topics }], 'exceed max topics'],
      ['eth_getLogs', [{ fromBlock: '0x3', toBlock: '0x2' }], 'invalid block range params'],
      ['eth_newFilter', [{ topics }], 'exceed max topics'],
      ['eth_newFilter', [{ fromBlock: 'pending' }], 'pending logs are not supported'],
      ['eth_newFilter', [{ fromBlock: 'latest', toBlock: '0x2' }], 'invalid block range params'],
    ];
    for (const [method, params, message] of refusals) expect([method, await call(method, params)]).toEqual([method, { jsonrpc: '2.0', id: 1, error: { code: -32000, message } }]);
    // a toBlock above the head: the node reads block_results of each block up to it, and the first above the head fails
    const { error } = await call('eth_getLogs', [{ fromBlock: hex(txHeight), toBlock: hex(running.node.height + 100n) }]);
    expect(error).toEqual({ code: -32000, message: expect.stringMatching(/^height (\d+) must be less than or equal to the current blockchain height (\d+)$/) });
    const [, first, head] = /^height (\d+) .* height (\d+)$/.exec(error.message)!;
    expect(BigInt(first!)).toBe(BigInt(head!) + 1n);
    // a log filter: no changes, no logs
    const { result: id } = await call('eth_newFilter', [{ fromBlock: '0x1', address: bobEth }]);
    expect(id).toMatch(/^0x[0-9a-f]+$/);
    expect(await call('eth_getFilterChanges', [id])).toEqual({ jsonrpc: '2.0', id: 1, result: [] });
    expect(await call('eth_getFilterLogs', [id])).toEqual({ jsonrpc: '2.0', id: 1, result: [] });
    expect(await call('eth_uninstallFilter', [id])).toEqual({ jsonrpc: '2.0', id: 1, result: true });
    expect(await call('eth_getFilterLogs', [id])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'filter not found' } });
    const { result: blockFilter } = await call('eth_newBlockFilter');
    // stratos-chain GetFilterLogs: `!found || f.typ != LogsSubscription` is errFilterNotFound
    expect(await call('eth_getFilterLogs', [blockFilter])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'filter not found' } });
    await call('eth_uninstallFilter', [blockFilter]);
  });

  it('EVM execution (input, a contract creation, sending) answers -32000 with one fixed message (reference B.6)', async () => {
    const refused = { code: -32000, message: 'EVM execution is not supported by this simulator' };
    const calls: [string, unknown[]][] = [
      ['eth_call', [{ to: bobEth, data: '0x70a08231' }, 'latest']],
      ['eth_call', [{ to: bobEth, input: '0x00' }, 'latest']],
      ['eth_call', [{ data: '0x6000' }, 'latest']],
      ['eth_call', [{}, 'latest']],
      ['eth_estimateGas', [{ to: bobEth, data: '0x70a08231' }]],
      ['eth_estimateGas', [{ from: aliceEth, data: '0x6000' }]],
      ['eth_sendRawTransaction', ['0x00']],
      ['eth_getProof', [bobEth, [], 'latest']],
    ];
    for (const [method, params] of calls) expect([method, params, await call(method, params)]).toEqual([method, params, { jsonrpc: '2.0', id: 1, error: refused }]);
  });

  it("block parameters read as ethermint's BlockNumber and BlockNumberOrHash (stratos-chain rpc/types/block.go)", async () => {
    // BlockNumber knows earliest, latest and pending; other text without 0x is cast to a number, 0 when it is none: block 1
    const block1 = await cometBlockHash(1n);
    for (const tag of ['safe', 'finalized']) expect([tag, (await call('eth_getBlockByNumber', [tag, false])).result.hash]).toEqual([tag, block1]);
    expect((await createPublicClient({ transport: http(httpUrl) }).getBlock({ blockTag: 'finalized' })).number).toBe(1n);
    expect((await call('eth_getBlockTransactionCountByNumber', [txHeight.toString()])).result).toBe('0x1');
    // BlockNumberOrHash: a string is a tag, a 66-character hash or a hex number; an object {blockNumber | blockHash}
    const balance = (ref: unknown) => call('eth_getBalance', [bobEth, ref]);
    const invalid = (i: number, message: string) => ({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: `invalid argument ${i}: ${message}` } });
    expect(await balance('safe')).toEqual(invalid(1, 'hex string without 0x prefix'));
    expect(await balance(txHeight.toString())).toEqual(invalid(1, 'hex string without 0x prefix'));
    expect(await balance(Number(txHeight))).toEqual(invalid(1, 'json: cannot unmarshal number into Go value of type string'));
    expect(await balance(`0x${'zz'.repeat(32)}`)).toEqual(invalid(1, 'invalid hex string'));
    expect(await balance('0x8000000000000000')).toEqual(invalid(1, 'uint64 value 9223372036854775808 cannot exceed 9223372036854775807: invalid height'));
    expect(await balance({ blockHash: '0x12' })).toEqual(invalid(1, 'json: cannot unmarshal object into Go value of type string'));
    expect(await balance({ blockNumber: hex(txHeight), blockHash: await cometBlockHash(txHeight) })).toEqual(invalid(1, 'cannot specify both BlockHash and BlockNumber, choose one or the other'));
    // in the object, BlockNumber's rules (decimal text; safe is block 1); keys match case-insensitively
    expect((await balance({ blockNumber: txHeight.toString() })).result).toBe(hex(SENT));
    expect((await balance({ BLOCKNUMBER: hex(txHeight) })).result).toBe(hex(SENT));
    expect((await balance({ blockNumber: 'safe' })).result).toBe('0x0');
    // neither a number nor a hash: the methods' error
    for (const ref of [{}, null, { requireCanonical: true }]) {
      expect([ref, await balance(ref)]).toEqual([ref, { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'types BlockHash and BlockNumber cannot be both nil' } }]);
    }
  });

  it("the arguments of these methods decode as the node's Go types, with geth's errors (-32602)", async () => {
    const bad: [string, unknown[], string][] = [
      ['eth_getCode', ['0x1234', 'latest'], 'invalid argument 0: hex string has length 4, want 40 for common.Address'],
      ['eth_getStorageAt', [bobEth, 0, 'latest'], 'invalid argument 1: json: cannot unmarshal number into Go value of type string'],
      ['eth_call', [{ to: '0x12' }, 'latest'], 'invalid argument 0: hex string has length 2, want 40 for common.Address'],
      ['eth_call', [{ to: bobEth, data: 'abcd' }, 'latest'], 'invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go struct field TransactionArgs.data of type hexutil.Bytes'],
      ['eth_getLogs', [{ fromBlock: '1' }], 'invalid argument 0: hex string without 0x prefix'],
      ['eth_getLogs', [{ address: '0x01' }], 'invalid argument 0: invalid address: hex has invalid length 1 after decoding; expected 20 for address'],
      ['eth_newFilter', [{ blockHash: `0x${'01'.repeat(32)}`, toBlock: 'latest' }], 'invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other'],
      // the refused methods decode theirs before refusing
      ['eth_sendRawTransaction', [123], 'invalid argument 0: json: cannot unmarshal non-string into Go value of type hexutil.Bytes'],
      ['eth_sendRawTransaction', ['0xzz'], 'invalid argument 0: json: cannot unmarshal invalid hex string into Go value of type hexutil.Bytes'],
      ['eth_sign', ['0x12', '0x00'], 'invalid argument 0: hex string has length 2, want 40 for common.Address'],
      ['eth_getProof', [bobEth, [1], 'latest'], 'invalid argument 1: json: cannot unmarshal number into Go value of type string'],
      ['eth_resend', [{ to: bobEth }, 'abc'], 'invalid argument 1: json: cannot unmarshal hex string without 0x prefix into Go value of type *hexutil.Big'],
      ['eth_getTransactionLogs', ['0x01'], 'invalid argument 0: hex string has length 2, want 64 for common.Hash'],
    ];
    for (const [method, params, message] of bad) expect([method, await call(method, params)]).toEqual([method, { jsonrpc: '2.0', id: 1, error: { code: -32602, message } }]);
  });

  it('json-rpc.block-range-cap and filter-cap bound eth_getLogs, eth_getFilterLogs and eth_newFilter with the node texts', async () => {
    const capped = await startEthServer(running.node, { address: '127.0.0.1:0', wsAddress: '127.0.0.1:0', api: ['eth'], filterCap: 1, blockRangeCap: 3 });
    try {
      const url = `http://127.0.0.1:${capped.http.address.port}`;
      const at = (method: string, params: unknown[]) => post({ jsonrpc: '2.0', id: 1, method, params }, url);
      const tooFar = { code: -32000, message: 'maximum [from, to] blocks distance: 3' };
      expect(await at('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x5' }])).toEqual({ jsonrpc: '2.0', id: 1, error: tooFar });
      expect(await at('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x4' }])).toEqual({ jsonrpc: '2.0', id: 1, result: [] });
      // earliest is block 1, latest the head
      expect(await at('eth_getLogs', [{ fromBlock: 'earliest' }])).toEqual({ jsonrpc: '2.0', id: 1, error: tooFar });
      const { result: id } = await at('eth_newFilter', [{ fromBlock: '0x1', toBlock: '0x5' }]);
      expect(id).toMatch(/^0x[0-9a-f]+$/);
      expect(await at('eth_getFilterLogs', [id])).toEqual({ jsonrpc: '2.0', id: 1, error: tooFar });
      expect(await at('eth_newFilter', [{}])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'error creating filter: max limit reached' } });
    } finally {
      await capped.close();
    }
  });

  it('ethers and viem get normal results for code, storage, calls, gas estimates and logs', async () => {
    const provider = new JsonRpcProvider(httpUrl, undefined, { staticNetwork: false });
    try {
      expect(await provider.getCode(bobEth)).toBe('0x');
      expect(await provider.getStorage(bobEth, 0)).toBe(`0x${'0'.repeat(64)}`);
      expect(await provider.call({ to: bobEth })).toBe('0x');
      expect(await provider.estimateGas({ from: aliceEth, to: bobEth, value: 1n })).toBe(21_000n);
      expect(await provider.getLogs({ fromBlock: 1, toBlock: 'latest' })).toEqual([]);
      expect(await provider.getLogs({ address: bobEth, blockHash: await cometBlockHash(txHeight) })).toEqual([]);
    } finally {
      provider.destroy();
    }
    const c = createPublicClient({ transport: http(httpUrl) });
    const bob = bobEth as `0x${string}`;
    // viem: "0x" is no bytecode
    expect(await c.getBytecode({ address: bob })).toBeUndefined();
    expect(await c.getStorageAt({ address: bob, slot: '0x0' })).toBe(`0x${'0'.repeat(64)}`);
    expect(await c.call({ to: bob, data: '0x' })).toEqual({ data: undefined });
    expect(await c.estimateGas({ account: aliceEth as `0x${string}`, to: bob, value: 1n })).toBe(21_000n);
    expect(await c.getLogs({ fromBlock: 1n, toBlock: 'latest' })).toEqual([]);
    const filter = await c.createEventFilter({ address: bob, fromBlock: 1n });
    expect(await c.getFilterChanges({ filter })).toEqual([]);
    expect(await c.getFilterLogs({ filter })).toEqual([]);
    expect(await c.uninstallFilter({ filter })).toBe(true);
  });

  it('unknown methods, bad params, bad JSON and bad requests get geth codes and texts', async () => {
    expect((await call('eth_mineBlocks')).error).toEqual({ code: -32601, message: 'the method eth_mineBlocks does not exist/is not available' });
    expect((await call('eth_getBalance', [aliceEth])).error).toEqual({ code: -32602, message: 'missing value for required argument 1' });
    expect((await call('eth_blockNumber', [1])).error).toEqual({ code: -32602, message: 'too many arguments, want at most 0' });
    expect((await call('eth_getBalance', ['0x1234', 'latest'])).error).toEqual({ code: -32602, message: 'invalid argument 0: hex string has length 4, want 40 for common.Address' });
    expect((await call('eth_getBalance', [alice.address, 'latest'])).error).toEqual({ code: -32602, message: 'invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go value of type common.Address' });
    expect((await call('eth_getBlockByNumber', ['0xZZ', false])).error).toEqual({ code: -32602, message: 'invalid argument 0: invalid hex string' });
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: 'x' })).error).toEqual({ code: -32602, message: 'non-array args' });
    expect(await post('{"jsonrpc":"2.0","id":1,')).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    expect(await post('[]')).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty batch' } });
    expect(await post('{"jsonrpc":"2.0","id":7}')).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'invalid request' } });
  });

  it('a batch with good and bad entries answers each in order; notifications get no answer', async () => {
    const answers = await post([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 'two', method: 'eth_nope', params: [] },
      { jsonrpc: '2.0', method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: [bobEth, hex(txHeight)] },
      { jsonrpc: '2.0', id: 4, method: 'eth_call', params: [{ to: bobEth }, 'latest'] },
      42,
    ]);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x800' },
      { jsonrpc: '2.0', id: 'two', error: { code: -32601, message: 'the method eth_nope does not exist/is not available' } },
      { jsonrpc: '2.0', id: 3, result: hex(SENT) },
      { jsonrpc: '2.0', id: 4, result: '0x' },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } },
    ]);
  });

  it('a namespace not in json-rpc.api does not exist', async () => {
    const only = await startEthServer(running.node, { address: '127.0.0.1:0', wsAddress: '127.0.0.1:0', api: ['eth'] });
    try {
      const url = `http://127.0.0.1:${only.http.address.port}`;
      expect((await post({ jsonrpc: '2.0', id: 1, method: 'net_version', params: [] }, url)).error).toEqual({
        code: -32601,
        message: 'the method net_version does not exist/is not available',
      });
      expect((await post({ jsonrpc: '2.0', id: 1, method: 'web3_clientVersion', params: [] }, url)).error.code).toBe(-32601);
      expect((await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, url)).result).toBe('0x800');
      expect((await post({ jsonrpc: '2.0', id: 1, method: 'rpc_modules', params: [] }, url)).result).toEqual({ eth: '1.0', rpc: '1.0' });
    } finally {
      await only.close();
    }
  });

  it('HTTP: json-rpc.http-timeout and http-idle-timeout are the server\'s request deadline and keep-alive idle time', () => {
    const { server } = running.ethJsonRpc!.http;
    expect([server.requestTimeout, server.keepAliveTimeout]).toEqual([30_000, 120_000]);
  });

  it("websocket: geth's origin check with no allowed origins (the node's WebsocketHandler([]string{})): none, localhost or this host over http; else 403", async () => {
    const { WebSocket } = await import('ws');
    const { hostname } = await import('node:os');
    const attempt = (origin?: string) =>
      new Promise<{ opened: boolean; status?: number; version?: string; body?: string }>((resolve) => {
        const ws = new WebSocket(wsUrl, origin === undefined ? {} : { origin });
        ws.once('open', () => {
          ws.close();
          resolve({ opened: true });
        });
        ws.once('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ opened: false, status: res.statusCode, version: res.headers['sec-websocket-version'] as string, body }));
        });
        ws.once('error', () => undefined);
      });
    for (const allowed of [undefined, 'http://localhost', 'http://localhost:3000', 'HTTP://LOCALHOST:8080', `http://${hostname()}:1234`]) expect([allowed, await attempt(allowed)]).toEqual([allowed, { opened: true }]);
    for (const refused of ['https://localhost', 'http://app.example', 'null', 'http://127.0.0.1:3000']) {
      expect([refused, await attempt(refused)]).toEqual([refused, { opened: false, status: 403, version: '13', body: 'Forbidden\n' }]);
    }
  });

  it('HTTP: a body over 5 MiB is refused with 413', async () => {
    const res = await fetch(httpUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(5 * 1024 * 1024 + 1) });
    expect([res.status, await res.text()]).toEqual([413, `content length too large (${5 * 1024 * 1024 + 1}>${5 * 1024 * 1024})\n`]);
  });

  it('HTTP: the health check, the content type, the methods, paths', async () => {
    const health = await fetch(httpUrl);
    expect([health.status, await health.text()]).toEqual([200, '']);
    // Go's empty RawQuery: a bare "?" is still the health check; a query is not (a GET with no JSON body)
    const bare = await fetch(`${httpUrl.replace(/\/$/, '')}/?`);
    expect([bare.status, await bare.text()]).toEqual([200, '']);
    const queried = await fetch(`${httpUrl.replace(/\/$/, '')}/?x=1`);
    expect(queried.status).not.toBe(200);
    const text = await fetch(httpUrl, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect([text.status, await text.text()]).toEqual([415, 'invalid content type, only application/json is supported\n']);
    const put = await fetch(httpUrl, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect([put.status, await put.text()]).toEqual([405, 'method not allowed\n']);
    expect((await fetch(`${httpUrl}/other`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(404);
    const plainWs = await fetch(wsUrl.replace('ws:', 'http:'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(plainWs.status).toBe(404);
  });

  it('block filters collect the hashes of new blocks; an unknown filter is named', async () => {
    const before = running.node.height;
    const { result: id } = await call('eth_newBlockFilter');
    await waitForHeight(before + 3n);
    const { result: hashes } = await call('eth_getFilterChanges', [id]);
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    // consecutive blocks committed after the filter was made
    const numbers = await Promise.all(hashes.map(async (h: string) => BigInt((await call('eth_getBlockByHash', [h, false])).result.number)));
    expect(numbers[0]).toBeGreaterThan(before);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + BigInt(i)));
    for (const [i, h] of hashes.entries()) expect(h).toBe(await cometBlockHash(numbers[i]!));
    expect((await call('eth_uninstallFilter', [id])).result).toBe(true);
    expect((await call('eth_getFilterChanges', [id])).error).toEqual({ code: -32000, message: 'filter not found' });
  });

  it('json-rpc.filter-cap: at the cap eth_newBlockFilter answers the node error text as its id', async () => {
    const capped = await startEthServer(running.node, { address: '127.0.0.1:0', wsAddress: '127.0.0.1:0', api: ['eth'], filterCap: 1 });
    try {
      const url = `http://127.0.0.1:${capped.http.address.port}`;
      const first = await post({ jsonrpc: '2.0', id: 1, method: 'eth_newBlockFilter', params: [] }, url);
      expect(first.result).toMatch(/^0x[0-9a-f]+$/);
      // stratos-chain NewBlockFilter returns its pending-tx filter's text (copied code) as the id
      expect((await post({ jsonrpc: '2.0', id: 2, method: 'eth_newBlockFilter', params: [] }, url)).result).toBe('error creating pending tx filter: max limit reached');
      expect((await post({ jsonrpc: '2.0', id: 3, method: 'eth_uninstallFilter', params: [first.result] }, url)).result).toBe(true);
      expect((await post({ jsonrpc: '2.0', id: 4, method: 'eth_newBlockFilter', params: [] }, url)).result).toMatch(/^0x[0-9a-f]+$/);
    } finally {
      await capped.close();
    }
  });

  it('a state the node no longer keeps (--pruning everything keeps 2) is a clear error; its blocks are still served', async () => {
    const home = join(dir, 'pruned');
    initHome(home, { moniker: 'pruned', chainId: 'stratos-test' });
    const settings = resolveStartSettings(
      home,
      new Map([['rpc.laddr', 'tcp://127.0.0.1:0'], ['grpc.enable', 'false'], ['consensus.timeout_commit', '20ms'], ['pruning', 'everything'], ['json-rpc.address', '127.0.0.1:0'], ['json-rpc.ws-address', '127.0.0.1:0']]),
    );
    const pruned = await startNode(home, { settings, logger: createLogger({ format: 'json', filter: parseLogLevel('error'), write: () => undefined }) });
    try {
      while (pruned.node.height < 6n) await new Promise((r) => setTimeout(r, 20));
      const url = `http://127.0.0.1:${pruned.ethJsonRpc!.http.address.port}`;
      const { error } = await post({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [aliceEth, '0x2'] }, url);
      expect(error.code).toBe(-32000);
      expect(error.message).toMatch(/^failed to load state at height 2; \(latest height: \d+\): the node keeps the state of recent heights only \(see --pruning\)$/);
      expect((await post({ jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [aliceEth, 'latest'] }, url)).result).toBe('0x0');
      // the other state reads likewise
      expect((await post({ jsonrpc: '2.0', id: 4, method: 'eth_getCode', params: [aliceEth, '0x2'] }, url)).error).toEqual({ code: -32000, message: expect.stringMatching(/^failed to load state at height 2; /) });
      expect((await post({ jsonrpc: '2.0', id: 3, method: 'eth_getBlockByNumber', params: ['0x2', false] }, url)).result.number).toBe('0x2');
    } finally {
      await pruned.close();
    }
  });

  it('a port in use fails the start naming the flag', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startEthServer(running.node, { address: `127.0.0.1:${port}`, wsAddress: '127.0.0.1:0', api: ['eth'] })).rejects.toThrow(
        `--json-rpc.address 127.0.0.1:${port}: the address is already in use (another process listens on it): choose another with --json-rpc.address, or turn the Ethereum JSON-RPC off with --json-rpc.enable=false`,
      );
      await expect(startEthServer(running.node, { address: '127.0.0.1:0', wsAddress: `127.0.0.1:${port}`, api: ['eth'] })).rejects.toThrow(`--json-rpc.ws-address 127.0.0.1:${port}: the address is already in use`);
      // through chaind start: the start fails with that message, the servers already bound are closed
      const home = join(dir, 'busy');
      initHome(home, { moniker: 'busy', chainId: 'stratos-test' });
      const flags = (ethPort: string): Map<string, string> =>
        new Map([['rpc.laddr', 'tcp://127.0.0.1:0'], ['grpc.enable', 'false'], ['consensus.timeout_commit', '100ms'], ['json-rpc.address', ethPort], ['json-rpc.ws-address', '127.0.0.1:0']]);
      const quiet = createLogger({ format: 'json', filter: parseLogLevel('error'), write: () => undefined });
      await expect(startNode(home, { settings: resolveStartSettings(home, flags(`127.0.0.1:${port}`)), logger: quiet })).rejects.toThrow(
        `failed to start a server: --json-rpc.address 127.0.0.1:${port}: the address is already in use`,
      );
      const again = await startNode(home, { settings: resolveStartSettings(home, flags('127.0.0.1:0')), logger: quiet });
      await again.close();
    } finally {
      blocker.close();
    }
  });
});

describe('pending transactions and log subscriptions, as stratos-chain serves them', { timeout: 30_000 }, () => {
  // stratos-chain feeds its pending-tx filters and subscriptions from CometBFT's Tx events: every committed tx
  let sequence = 1n;
  const sendToBob = async (): Promise<{ hash: string; height: bigint }> => {
    const tx = signed(alice, 0n, sequence++, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE });
    const committed = await running.node.broadcastTxCommit(tx);
    expect(committed.txResult?.code).toBe(0);
    return { hash: cometTxHash(tx), height: committed.height };
  };

  it('eth_newPendingTransactionFilter collects the committed txs: their hashes, or with fullTx their pseudo-transactions at index 0', async () => {
    const { result: hashes } = await call('eth_newPendingTransactionFilter');
    const { result: full } = await call('eth_newPendingTransactionFilter', [true]);
    expect([hashes, full]).toEqual([expect.stringMatching(/^0x[0-9a-f]+$/), expect.stringMatching(/^0x[0-9a-f]+$/)]);
    expect(await call('eth_getFilterChanges', [hashes])).toEqual({ jsonrpc: '2.0', id: 1, result: [] });
    const sent = await sendToBob();
    await waitForHeight(sent.height + 1n);
    expect(await call('eth_getFilterChanges', [hashes])).toEqual({ jsonrpc: '2.0', id: 1, result: [sent.hash] });
    const { result: txs } = await call('eth_getFilterChanges', [full]);
    expect(txs).toEqual([{ ...(await call('eth_getTransactionByHash', [sent.hash])).result, transactionIndex: '0x0' }]);
    expect(txs[0]).toMatchObject({ hash: sent.hash, blockNumber: hex(sent.height), blockHash: await cometBlockHash(sent.height) });
    expect(await call('eth_getFilterLogs', [hashes])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'filter not found' } });
    for (const id of [hashes, full]) expect((await call('eth_uninstallFilter', [id])).result).toBe(true);
    expect((await call('eth_newPendingTransactionFilter', ['yes'])).error).toEqual({ code: -32602, message: 'invalid argument 0: json: cannot unmarshal string into Go value of type bool' });
  });

  it('eth_subscribe("newPendingTransactions") notifies each committed tx; viem watchPendingTransactions and ethers on("pending") see them', async () => {
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(wsUrl);
    await new Promise((r) => ws.once('open', r));
    const messages: any[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    const answer = async (id: number) => {
      while (!messages.some((m) => m.id === id)) await new Promise((r) => setTimeout(r, 10));
      return messages.find((m) => m.id === id);
    };
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newPendingTransactions'] }));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['newPendingTransactions', true] }));
    const [{ result: bare }, { result: full }] = [await answer(1), await answer(2)];
    const viemClient = createPublicClient({ transport: webSocket(wsUrl) });
    const viemSeen: string[] = [];
    const stop = viemClient.watchPendingTransactions({ onTransactions: (h) => viemSeen.push(...h), onError: (e) => viemSeen.push(`error: ${e.message}`) });
    const ethersProvider = new WebSocketProvider(wsUrl);
    const ethersSeen: string[] = [];
    await ethersProvider.on('pending', (h: string) => void ethersSeen.push(h));
    await new Promise((r) => setTimeout(r, 300));
    const sent = await sendToBob();
    const notes = () => messages.filter((m) => m.method === 'eth_subscription');
    while (notes().length < 2 || viemSeen.length < 1 || ethersSeen.length < 1) await new Promise((r) => setTimeout(r, 20));
    expect(notes().find((m) => m.params.subscription === bare).params.result).toBe(sent.hash);
    expect(notes().find((m) => m.params.subscription === full).params.result).toMatchObject({ hash: sent.hash, transactionIndex: '0x0', blockNumber: hex(sent.height) });
    expect(viemSeen).toEqual([sent.hash]);
    expect(ethersSeen).toEqual([sent.hash]);
    stop();
    await ethersProvider.destroy();
    await viemClient.transport.getRpcClient().then((rpc) => rpc.close());
    ws.close();
  });

  it('eth_getTransactionByHash of a tx still in the mempool: its pseudo-transaction without a block (stratos-chain GetPendingTx); no receipt yet', async () => {
    // a block may take the tx before the question arrives: try a few txs until one is seen pending
    let seen: any;
    for (let attempt = 0; attempt < 5 && !seen; attempt++) {
      const tx = signed(alice, 0n, sequence++, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE });
      expect((await running.node.broadcastTxSync(tx)).code).toBe(0);
      const [byHash, receipt] = await Promise.all([call('eth_getTransactionByHash', [cometTxHash(tx)]), call('eth_getTransactionReceipt', [cometTxHash(tx)])]);
      if (byHash.result.blockHash === null) seen = { byHash: byHash.result, receipt: receipt.result, hash: cometTxHash(tx) };
      await waitForHeight(running.node.height + 1n);
    }
    expect(seen).toBeDefined();
    expect(seen.byHash).toMatchObject({ hash: seen.hash, blockHash: null, blockNumber: null, transactionIndex: null, from: aliceEth.toLowerCase(), to: bobEth.toLowerCase(), value: '0x1' });
    expect(seen.receipt).toBeNull();
    // once committed: the block's
    while (running.node.tx(seen.hash.slice(2).toUpperCase()) === undefined) await new Promise((r) => setTimeout(r, 20));
    expect((await call('eth_getTransactionByHash', [seen.hash])).result.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('eth_subscribe("logs", criteria) subscribes (no EVM: no logs) after the node checks; the kind name is argument 0', async () => {
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(wsUrl);
    await new Promise((r) => ws.once('open', r));
    const ask = (id: number, params: unknown[]) =>
      new Promise<any>((resolve) => {
        ws.once('message', (d) => resolve(JSON.parse(String(d))));
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params }));
      });
    expect((await ask(1, ['logs', { address: bobEth }])).result).toMatch(/^0x[0-9a-f]+$/);
    expect(await ask(2, ['logs', { fromBlock: 'pending' }])).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'pending logs are not supported' } });
    expect(await ask(3, ['logs', { fromBlock: '0x5', toBlock: '0x3' }])).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'invalid block range params' } });
    expect(await ask(4, ['logs'])).toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'missing value for required argument 1' } });
    expect(await ask(5, ['logs', { address: '0x12' }])).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32602, message: 'invalid argument 1: invalid address: hex has invalid length 1 after decoding; expected 20 for address' },
    });
    expect(await ask(6, ['newHeads', {}])).toEqual({ jsonrpc: '2.0', id: 6, error: { code: -32602, message: 'too many arguments, want at most 1' } });
    ws.close();
  });
});
