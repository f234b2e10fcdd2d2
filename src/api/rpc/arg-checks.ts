/**
 * CometBFT 0.37's checks of heights and pages (rpc/core/env.go, blocks.go), with its error texts.
 * Failures throw RpcError(-32603) whose data is the Go error text.
 */
import { RpcError } from './jsonrpc.ts';

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;

/**
 * `getHeight`: an absent height means `latest`; a given one must be in [base, latest].
 * `latest` is the last block for blocks and the next height for validators and consensus params.
 */
export function checkHeight(latest: bigint, base: bigint, height: bigint | undefined): bigint {
  if (height === undefined) return latest;
  if (height <= 0n) throw RpcError.internal(`height must be greater than 0, but got ${height}`);
  if (height > latest) throw RpcError.internal(`height ${height} must be less than or equal to the current blockchain height ${latest}`);
  if (height < base) throw RpcError.internal(`height ${height} is not available, lowest height is ${base}`);
  return height;
}

/** `validatePerPage`: absent or < 1 → 30, above 100 → 100. */
export function checkPerPage(perPage: bigint | undefined): number {
  if (perPage === undefined || perPage < 1n) return DEFAULT_PER_PAGE;
  return perPage > BigInt(MAX_PER_PAGE) ? MAX_PER_PAGE : Number(perPage);
}

/** `validatePage`: absent → 1; otherwise within [1, number of pages] (one page when empty). */
export function checkPage(page: bigint | undefined, perPage: number, total: number): number {
  if (page === undefined) return 1;
  const pages = Math.max(1, Math.trunc((total - 1) / perPage) + 1);
  if (page <= 0n || page > BigInt(pages)) throw RpcError.internal(`page should be within [1, ${pages}] range, given ${page}`);
  return Number(page);
}

/**
 * `filterMinMax` of `blockchain`: 0 means the base / the latest height, at most `limit` heights
 * ending at max.
 */
export function checkMinMax(base: bigint, height: bigint, min: bigint, max: bigint, limit: bigint): [bigint, bigint] {
  if (min < 0n || max < 0n) throw RpcError.internal('heights must be non-negative');
  let lo = min === 0n ? 1n : min;
  let hi = max === 0n ? height : max;
  if (height < hi) hi = height;
  if (base > lo) lo = base;
  if (hi - limit + 1n > lo) lo = hi - limit + 1n;
  if (lo > hi) throw RpcError.internal(`min height ${lo} can't be greater than max height ${hi}`);
  return [lo, hi];
}
