/**
 * The meta-node service's settings: the choices the real network leaves to its closed SP software
 * (reference/storage-network.md §4.3, §6), each a documented, configurable value
 * (docs/storage-network.md "Meta-node service").
 */
export interface MetaNodeSettings {
  /** replicas placed (and charged) per upload, capped by the resource nodes online */
  readonly replicas: number;
  /** ozone charged per byte: an upload costs size × replicas × this, a download size × this (noz) */
  readonly nozPerByte: bigint;
  /** traffic volume credited to a resource node per byte of slice it stores or serves (noz) */
  readonly trafficNozPerByte: bigint;
  /** the share of an epoch's traffic settled, in basis points (8000: the top 80 %) */
  readonly settleBasisPoints: number;
  /** epoch length in seconds (used when `epochBlocks` is 0) */
  readonly epochSeconds: number;
  /** epoch length in blocks; 0 = by time */
  readonly epochBlocks: number;
  /** a resource node not heard from for this long gets no new slices */
  readonly nodeTimeoutSeconds: number;
  /** an upload with no slice stored for this long turns FAILED (its node died, or its reports were lost) */
  readonly uploadTimeoutSeconds: number;
  /** how often the chain is polled for new blocks (prepay events, epochs by blocks) */
  readonly followIntervalMs: number;
}

export const DEFAULT_META_NODE_SETTINGS: MetaNodeSettings = Object.freeze({
  replicas: 3,
  nozPerByte: 1n,
  trafficNozPerByte: 1n,
  settleBasisPoints: 8000,
  epochSeconds: 600,
  epochBlocks: 0,
  nodeTimeoutSeconds: 60,
  uploadTimeoutSeconds: 600,
  followIntervalMs: 500,
});
