/**
 * Polling filters (reference B.5, B.6; stratos-chain rpc/namespaces/ethereum/eth/filters):
 * `eth_newBlockFilter` collects the hashes of the blocks committed since the last
 * `eth_getFilterChanges`; `eth_newPendingTransactionFilter(fullTx?)` the committed txs (their
 * hashes, or with `fullTx` their pseudo-transactions: src/api/eth/pending-txs.ts); `eth_newFilter`
 * keeps a log filter's criteria, whose changes are the new logs — none, as no EVM runs (`[]`), and
 * whose `eth_getFilterLogs` runs the criteria as `eth_getLogs` does (src/api/eth/logs.ts);
 * `eth_uninstallFilter` removes one. `json-rpc.filter-cap` bounds the live filters of all kinds: at
 * the cap `eth_newFilter` fails with "error creating filter: max limit reached" (-32000), while
 * `eth_newBlockFilter` and `eth_newPendingTransactionFilter` answer the text "error creating pending
 * tx filter: max limit reached" as their id (the node's quirk). `eth_getFilterLogs` of an id that is
 * not a log filter is "filter not found" (`GetFilterLogs`). A filter not polled for 5 minutes is
 * removed.
 */
import { randomBytes } from 'node:crypto';
import type { Subscription } from 'rxjs';
import type { Node } from '../../node/node.ts';
import { EthRpcError, ETH_DEFAULT_ERROR, type EthJson } from './dispatch.ts';
import type { FilterCriteria } from './filter-criteria.ts';
import { checkLogSubscription } from './logs.ts';
import { onCommittedTxs, pendingTxAnswer } from './pending-txs.ts';

/** Idle filters expire after this long (the node's `deadline`). */
export const FILTER_DEADLINE_MS = 5 * 60_000;

export const MAX_FILTERS_TEXT = 'error creating filter: max limit reached';

/** What the node's `eth_newBlockFilter` and `eth_newPendingTransactionFilter` answer as the id at the cap. */
export const MAX_BLOCK_FILTERS_ID = 'error creating pending tx filter: max limit reached';

interface Filter {
  /** what the filter collects until polled: block hashes, committed txs; a log filter: none */
  readonly kind: 'blocks' | 'pendingTxs' | 'logs';
  /** changes not yet polled */
  readonly changes: EthJson[];
  /** a log filter's criteria */
  readonly criteria?: FilterCriteria;
  /** a pending-tx filter: whole transactions rather than hashes */
  readonly fullTx?: boolean;
  lastPolled: number;
}

const FILTER_NOT_FOUND = 'filter not found';

function newFilterId(): string {
  return `0x${randomBytes(16).toString('hex').replace(/^0+/, '') || '0'}`;
}

export class EthFilters {
  private readonly filters = new Map<string, Filter>();
  private readonly blocks: Subscription;
  private readonly stopTxs: () => void;
  private readonly sweeper: NodeJS.Timeout;

  /** `filterCap`: `json-rpc.filter-cap` */
  constructor(
    node: Node,
    private readonly filterCap: number,
  ) {
    this.blocks = node.blocks$.subscribe((block) => {
      const hash = `0x${Buffer.from(block.hash).toString('hex')}`;
      for (const f of this.filters.values()) if (f.kind === 'blocks') f.changes.push(hash);
    });
    this.stopTxs = onCommittedTxs(node, (txs) => {
      for (const f of this.filters.values()) if (f.kind === 'pendingTxs') f.changes.push(...txs.map((tx) => pendingTxAnswer(tx, f.fullTx === true)));
    });
    this.sweeper = setInterval(() => this.expire(), 60_000);
    this.sweeper.unref();
  }

  get size(): number {
    return this.filters.size;
  }

  /** Removes the filters not polled within FILTER_DEADLINE_MS of `now`. */
  expire(now = Date.now()): void {
    for (const [id, f] of this.filters) if (now - f.lastPolled >= FILTER_DEADLINE_MS) this.filters.delete(id);
  }

  newBlockFilter(): string {
    return this.add({ kind: 'blocks', changes: [], lastPolled: Date.now() }) ?? MAX_BLOCK_FILTERS_ID;
  }

  /** `eth_newPendingTransactionFilter(fullTx?)`: at the cap, the node's text as the id. */
  newPendingTxFilter(fullTx: boolean): string {
    return this.add({ kind: 'pendingTxs', changes: [], fullTx, lastPolled: Date.now() }) ?? MAX_BLOCK_FILTERS_ID;
  }

  /** The new filter's id; undefined at the cap. */
  private add(filter: Filter): string | undefined {
    if (this.filters.size >= this.filterCap) return undefined;
    const id = newFilterId();
    this.filters.set(id, filter);
    return id;
  }

  /** `eth_newFilter`: at the cap, the node's error; then the event system's checks of the criteria (logs.ts). */
  newLogFilter(criteria: FilterCriteria): string {
    if (this.filters.size >= this.filterCap) throw new EthRpcError(ETH_DEFAULT_ERROR, MAX_FILTERS_TEXT);
    checkLogSubscription(criteria);
    return this.add({ kind: 'logs', changes: [], criteria, lastPolled: Date.now() })!;
  }

  /** The new block hashes of a block filter, the new txs of a pending-tx filter; the new logs of a log filter (none: no EVM). */
  changes(id: string): EthJson {
    const f = this.filters.get(id);
    if (!f) throw new EthRpcError(ETH_DEFAULT_ERROR, FILTER_NOT_FOUND);
    f.lastPolled = Date.now();
    return f.changes.splice(0);
  }

  /**
   * The criteria of a log filter (`eth_getFilterLogs`, which does not count as a poll); any other
   * id, a block filter's too, is `filter not found` (stratos-chain `GetFilterLogs`).
   */
  logCriteria(id: string): FilterCriteria {
    const criteria = this.filters.get(id)?.criteria;
    if (!criteria) throw new EthRpcError(ETH_DEFAULT_ERROR, FILTER_NOT_FOUND);
    return criteria;
  }

  uninstall(id: string): boolean {
    return this.filters.delete(id);
  }

  close(): void {
    this.blocks.unsubscribe();
    this.stopTxs();
    clearInterval(this.sweeper);
    this.filters.clear();
  }
}
