/**
 * Polling block filters (reference B.5, B.6): `eth_newBlockFilter` collects the hashes of the
 * blocks committed since the last `eth_getFilterChanges`; `eth_uninstallFilter` removes one.
 * `json-rpc.filter-cap` bounds the live filters: at the cap `eth_newBlockFilter` answers the
 * node's error text "error creating filter: max limit reached" as its id (the node's quirk). A
 * filter not polled for 5 minutes is removed. Log filters need an EVM (src/api/eth/evm-methods.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Subscription } from 'rxjs';
import type { Node } from '../../node/node.ts';
import { EthRpcError, ETH_DEFAULT_ERROR, type EthJson } from './dispatch.ts';

/** Idle filters expire after this long (the node's `deadline`). */
export const FILTER_DEADLINE_MS = 5 * 60_000;

export const MAX_FILTERS_TEXT = 'error creating filter: max limit reached';

interface Filter {
  /** block hashes not yet polled */
  readonly hashes: string[];
  lastPolled: number;
}

function newFilterId(): string {
  return `0x${randomBytes(16).toString('hex').replace(/^0+/, '') || '0'}`;
}

export class EthFilters {
  private readonly filters = new Map<string, Filter>();
  private readonly blocks: Subscription;
  private readonly sweeper: NodeJS.Timeout;

  /** `filterCap`: `json-rpc.filter-cap` */
  constructor(
    node: Node,
    private readonly filterCap: number,
  ) {
    this.blocks = node.blocks$.subscribe((block) => {
      const hash = `0x${Buffer.from(block.hash).toString('hex')}`;
      for (const f of this.filters.values()) f.hashes.push(hash);
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
    if (this.filters.size >= this.filterCap) return MAX_FILTERS_TEXT;
    const id = newFilterId();
    this.filters.set(id, { hashes: [], lastPolled: Date.now() });
    return id;
  }

  changes(id: string): EthJson {
    const f = this.filters.get(id);
    if (!f) throw new EthRpcError(ETH_DEFAULT_ERROR, 'filter not found');
    f.lastPolled = Date.now();
    return f.hashes.splice(0);
  }

  uninstall(id: string): boolean {
    return this.filters.delete(id);
  }

  close(): void {
    this.blocks.unsubscribe();
    clearInterval(this.sweeper);
    this.filters.clear();
  }
}
