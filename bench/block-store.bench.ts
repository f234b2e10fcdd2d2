/**
 * The block store's write cost per tx as the chain grows (issue 20's sustained runs): blocks of
 * MsgSend-shaped results (the events and indexed attributes a transfer to a fresh address makes:
 * 12 events, 23 attribute rows and the tx hash in the index, a random signature) written through
 * `BlockStore.saveBlock` on this thread, into a fresh SQLite file with the node's settings (WAL,
 * synchronous NORMAL), reported per 20,000 txs: the time per tx and the CPU time in it (the rest
 * is waiting for the disk: SQLite's checkpoints fsync), and the longest block's write with its
 * share of the index. Twice: with the index in each block's transaction (`BlockStore.saveBlock`
 * without write-behind), and with the index written behind the blocks in large transactions
 * (`TxIndexBuffer`), which is the writer thread's work in `chaind start`, measured alone. Each
 * ends with reads of the index it wrote: a tx by hash and searches of `tx_search`'s shapes.
 *
 *   npm run bench -- block-store        BLOCKS=200 TXS=500 (per block) INDEX=inline,behind
 *                                       FLUSH_ROWS=200000 SLICE_ROWS=10000 (the index behind)
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { BlockStore, blockWrite } from '../src/events/block-store.ts';
import { FLUSH_ROWS, SLICE_ROWS, TxIndexBuffer } from '../src/events/tx-index-buffer.ts';
import type { AbciEvent } from '../src/events/event.ts';
import type { TxResult } from '../src/abci/tx-result.ts';
import type { BlockRecord } from '../src/events/block-store.ts';
import { parseSearchQuery } from '../src/events/search-query.ts';
import { tempDir } from './rpc-driver.ts';

const BLOCKS = Number(process.env.BLOCKS ?? 200);
const TXS = Number(process.env.TXS ?? 500);
const LIMITS = { flushRows: Number(process.env.FLUSH_ROWS ?? FLUSH_ROWS), sliceRows: Number(process.env.SLICE_ROWS ?? SLICE_ROWS) };
const MODES = (process.env.INDEX ?? 'inline,behind').split(',') as ('inline' | 'behind')[];
const REPORT_EVERY = Math.max(1, Math.round(20_000 / TXS));
const FEE_COLLECTOR = 'st17xpfvakm2amg962yls6f84z3kell8c5lvhvaw5';
const FEE = '200000000000000wei';

const address = () => `st1${randomBytes(19).toString('hex')}`;
const senders = Array.from({ length: 200 }, address);
const event = (type: string, attributes: [string, string][]): AbciEvent => ({ type, attributes: attributes.map(([key, value]) => ({ key, value, index: true })) });

/** The events of a MsgSend of 1 wei from `sender` (sequence `seq`) to a fresh address, fee paid. */
function transferEvents(sender: string, seq: number): AbciEvent[] {
  const recipient = address();
  return [
    event('coin_spent', [['spender', sender], ['amount', FEE]]),
    event('coin_received', [['receiver', FEE_COLLECTOR], ['amount', FEE]]),
    event('transfer', [['recipient', FEE_COLLECTOR], ['sender', sender], ['amount', FEE]]),
    event('message', [['sender', sender]]),
    event('tx', [['fee', FEE], ['fee_payer', sender]]),
    event('tx', [['acc_seq', `${sender}/${seq}`]]),
    event('tx', [['signature', randomBytes(64).toString('base64')]]),
    event('message', [['action', '/sdk.bank.v1beta1.MsgSend'], ['sender', sender], ['module', 'bank']]),
    event('coin_spent', [['spender', sender], ['amount', '1wei']]),
    event('coin_received', [['receiver', recipient], ['amount', '1wei']]),
    event('transfer', [['recipient', recipient], ['sender', sender], ['amount', '1wei']]),
    event('message', [['sender', sender]]),
  ];
}

let made = 0;
function block(height: number): { record: BlockRecord; results: TxResult[] } {
  const txs: Uint8Array[] = [];
  const results: TxResult[] = [];
  for (let i = 0; i < TXS; i++, made++) {
    txs.push(randomBytes(300));
    const events = transferEvents(senders[made % senders.length]!, Math.floor(made / senders.length));
    results.push({ code: 0, codespace: '', log: '', info: '', gas_wanted: 200_000n, gas_used: 70_000n, data: randomBytes(40), events, logs: [] });
  }
  const record = { height: BigInt(height), timeNs: BigInt(height) * 1_000_000_000n, hash: randomBytes(32), appHash: randomBytes(32), header: {}, lastCommit: {}, txs, beginBlockEvents: [], endBlockEvents: [] };
  return { record: record as unknown as BlockRecord, results };
}

/** Writes BLOCKS blocks into a fresh store, the index in each block's transaction or behind them, and prints the cost per tx. */
function run(mode: 'inline' | 'behind'): void {
  made = 0;
  const dir = tempDir('bench-block-store-');
  const store = new BlockStore(join(dir, 'chain.sqlite'));
  const index = new TxIndexBuffer(store, undefined, LIMITS);
  console.log(
    mode === 'inline'
      ? `${BLOCKS} blocks of ${TXS} transfer results (24 index rows a tx: 23 attributes, the hash), the index in each block's transaction (WAL, synchronous NORMAL)`
      : `the same, the index written behind the blocks as the writer thread of chaind start does (${LIMITS.flushRows.toLocaleString('en-US')} index rows at a time, sorted, ${LIMITS.sliceRows.toLocaleString('en-US')} a transaction)`,
  );
  const rates: string[] = [];
  let ms = 0;
  let cpuMs = 0;
  /** the longest block's write in each report: what the next block waits for at worst */
  let longest = 0;
  try {
    for (let h = 1; h <= BLOCKS; h++) {
      const { record, results } = block(h);
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      if (mode === 'inline') store.saveBlock(record, results);
      else {
        index.add(store.writeBlockDeferringIndex(blockWrite(record, results, undefined, undefined, false)), h);
        if (h === BLOCKS) index.flush();
      }
      const c = process.cpuUsage(c0);
      cpuMs += (c.user + c.system) / 1000;
      const took = performance.now() - t0;
      ms += took;
      if (h < BLOCKS) longest = Math.max(longest, took);
      if (h % REPORT_EVERY === 0 || h === BLOCKS) {
        const n = (h % REPORT_EVERY || REPORT_EVERY) * TXS;
        rates.push(`${((ms * 1000) / n).toFixed(0)} µs`);
        console.log(
          `  txs ${((h - (h % REPORT_EVERY || REPORT_EVERY)) * TXS).toLocaleString('en-US')}–${(h * TXS).toLocaleString('en-US')}: ` +
            `${((ms * 1000) / n).toFixed(0)} µs per tx (${(n / (ms / 1000)).toFixed(0)} tx/s), of which CPU ${((cpuMs * 1000) / n).toFixed(0)} µs; ` +
            `the longest block ${longest.toFixed(0)} ms`,
        );
        ms = 0;
        cpuMs = 0;
        longest = 0;
      }
    }
    console.log(`per tx, from the first to the last ${(REPORT_EVERY * TXS).toLocaleString('en-US')}: ${rates.join(' → ')}`);
    lookups(store);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads of the index the store now holds, as `tx` and `tx_search` make them: ms each, the mean of several. */
function lookups(store: BlockStore): void {
  const mid = Math.ceil(BLOCKS / 2);
  const hash = store.blockResults(BigInt(mid))[7]!.hash;
  const time = (f: () => unknown) => {
    f();
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < 200 || n < 3) {
      f();
      n++;
    }
    return `${((performance.now() - t0) / n).toFixed(2)} ms`;
  };
  const search = (q: string) => time(() => store.searchTxs(parseSearchQuery(q), { perPage: 30 }));
  console.log(
    `  lookups: a tx by hash ${time(() => store.getTx(hash))}; the first page of a sender's txs ${search(`message.sender='${senders[7]}'`)}; ` +
      `transfer.recipient EXISTS AND tx.height=${mid} ${search(`transfer.recipient EXISTS AND tx.height=${mid}`)}; ` +
      `tx.acc_seq CONTAINS '${senders[7]}/' AND tx.height=${mid} ${search(`tx.acc_seq CONTAINS '${senders[7]}/' AND tx.height=${mid}`)}`,
  );
}

for (const mode of MODES) run(mode);
