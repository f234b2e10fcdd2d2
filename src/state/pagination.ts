/**
 * `sdk.base.query.v1beta1.PageRequest` semantics (reference/sdk-modules.md §1.4, wire-formats §4.6):
 * key or offset (not both), limit default 100, `total` only on the offset path when count_total
 * is set or the limit was 0, `next_key` = key of the first item not returned (null on the last page).
 */
import { GrpcCode, QueryError } from '../errors.ts';

export interface PageRequest {
  readonly key?: Uint8Array;
  readonly offset?: bigint;
  readonly limit?: bigint;
  readonly count_total?: boolean;
  readonly reverse?: boolean;
}

export interface PageResponse {
  readonly next_key: Uint8Array | null;
  readonly total: bigint;
}

export const DEFAULT_PAGE_LIMIT = 100n;

/**
 * How a query handler answers `query.Paginate`'s own refusal (key and offset both given), from its
 * bare text: each SDK handler wraps it its own way (reference/sdk-modules.md §1.4).
 */
export const PageRefusal = {
  /** `status.Errorf(codes.InvalidArgument, "paginate: %v", err)`: bank's balances, and the default */
  invalidArgument: (bare: string): QueryError => QueryError.invalidArgument(`paginate: ${bare}`),
  /** `status.Errorf(codes.Internal, "paginate: %v", err)`: auth's accounts */
  internalPrefixed: (bare: string): QueryError => new QueryError(GrpcCode.Internal, `paginate: ${bare}`),
  /** `status.Error(codes.Internal, err.Error())`: staking, gov, bank's total supply */
  internal: (bare: string): QueryError => new QueryError(GrpcCode.Internal, bare),
  /** `return nil, err`, a plain Go error: distribution's slashes, slashing's signing infos */
  plain: (bare: string): QueryError => QueryError.plainError(bare),
} as const;

/**
 * Pages over items in store order (ascending keys), walked in descending order for `reverse` as the
 * SDK's iterators are. `keyOf` gives the store key bytes of an item, which the next page's `key`
 * refers to; `refusal` is how the handler answers a request with both a key and an offset.
 */
export function paginate<T>(ascending: readonly T[], keyOf: (item: T) => Uint8Array, req: PageRequest | null | undefined, refusal: (bare: string) => QueryError = PageRefusal.invalidArgument): { page: T[]; pagination: PageResponse } {
  const items = req?.reverse ? [...ascending].reverse() : ascending;
  const key = req?.key && req.key.length > 0 ? req.key : undefined;
  const offset = req?.offset ?? 0n;
  if (key && offset > 0n) throw refusal('invalid request, either offset or key is expected, got both');
  const limitGiven = req?.limit ?? 0n;
  const limit = limitGiven === 0n ? DEFAULT_PAGE_LIMIT : limitGiven;
  const countTotal = (req?.count_total ?? false) || limitGiven === 0n;
  let start = 0;
  if (key) {
    const hex = Buffer.from(key).toString('hex');
    const reverse = req?.reverse ?? false;
    start = items.findIndex((it) => {
      const k = Buffer.from(keyOf(it)).toString('hex');
      return reverse ? k <= hex : k >= hex;
    });
    if (start < 0) start = items.length;
  } else {
    start = Number(offset > BigInt(items.length) ? BigInt(items.length) : offset);
  }
  const end = Math.min(items.length, start + Number(limit));
  const page = items.slice(start, end);
  const next = end < items.length ? keyOf(items[end]!) : null;
  return { page, pagination: { next_key: next, total: !key && countTotal ? BigInt(items.length) : 0n } };
}

/**
 * `paginate` as the staking and gov query handlers call `query.Paginate`: pagination's own
 * refusal answered as gRPC Internal (their `status.Error(codes.Internal, err.Error())`).
 */
export function paginateInternal<T>(ascending: readonly T[], keyOf: (item: T) => Uint8Array, req: PageRequest | null | undefined): { page: T[]; pagination: PageResponse } {
  return paginate(ascending, keyOf, req, PageRefusal.internal);
}
