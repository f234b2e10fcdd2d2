/**
 * The mempool: txs admitted by CheckTx, in arrival order, with CometBFT 0.37's limits and errors
 * (`max_tx_bytes` 1 MiB, `size` 5000 txs, `max_txs_bytes` 1 GiB, a cache of recently seen txs).
 */
export interface MempoolTx {
  readonly hash: string;
  readonly bytes: Uint8Array;
  readonly gasWanted: bigint;
}

export interface MempoolLimits {
  readonly maxTxBytes: number;
  readonly size: number;
  readonly maxTxsBytes: number;
  readonly cacheSize: number;
}

export const DEFAULT_MEMPOOL_LIMITS: MempoolLimits = Object.freeze({ maxTxBytes: 1048576, size: 5000, maxTxsBytes: 1073741824, cacheSize: 10000 });

/** A refusal before CheckTx, answered as a JSON-RPC error by CometBFT (not as a tx result). */
export class MempoolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MempoolError';
  }
}

export class Mempool {
  private readonly txs = new Map<string, MempoolTx>();
  private readonly seen = new Set<string>();
  private bytes = 0;

  constructor(readonly limits: MempoolLimits = DEFAULT_MEMPOOL_LIMITS) {}

  /** Checks size limits and the cache; throws MempoolError with CometBFT's texts. */
  precheck(hash: string, bytes: Uint8Array): void {
    if (bytes.length > this.limits.maxTxBytes) throw new MempoolError(`tx too large. Max size is ${this.limits.maxTxBytes}, but got ${bytes.length}`);
    if (this.seen.has(hash)) throw new MempoolError('tx already exists in cache');
    if (this.txs.size >= this.limits.size || this.bytes + bytes.length > this.limits.maxTxsBytes) {
      throw new MempoolError(`mempool is full: number of txs ${this.txs.size} (max: ${this.limits.size}), total txs bytes ${this.bytes} (max: ${this.limits.maxTxsBytes})`);
    }
  }

  /** Remembers a tx as seen before CheckTx runs; `forget` takes it back when CheckTx rejects it. */
  markSeen(hash: string): void {
    if (this.seen.size >= this.limits.cacheSize) this.seen.clear();
    this.seen.add(hash);
  }

  /** A tx that failed CheckTx may be resubmitted. */
  forget(hash: string): void {
    this.seen.delete(hash);
  }

  add(tx: MempoolTx): void {
    this.txs.set(tx.hash, tx);
    this.bytes += tx.bytes.length;
  }

  remove(hash: string): void {
    const tx = this.txs.get(hash);
    if (!tx) return;
    this.txs.delete(hash);
    this.bytes -= tx.bytes.length;
  }

  /** Txs for the next block, in order, within the block's byte and gas limits (-1 = no gas limit). */
  reap(maxBytes: number, maxGas: bigint): MempoolTx[] {
    const out: MempoolTx[] = [];
    let bytes = 0;
    let gas = 0n;
    for (const tx of this.txs.values()) {
      if (bytes + tx.bytes.length > maxBytes) break;
      if (maxGas >= 0n && gas + tx.gasWanted > maxGas) break;
      out.push(tx);
      bytes += tx.bytes.length;
      gas += tx.gasWanted;
    }
    return out;
  }

  all(): MempoolTx[] {
    return [...this.txs.values()];
  }

  get size(): number {
    return this.txs.size;
  }

  /** how many txs the cache holds */
  get seenCount(): number {
    return this.seen.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
