/**
 * The SDK's `TxResponse` (sdk.base.abci.v1beta1) as its client builds it from consensus RPC
 * answers (SDK v0.47 types/result.go), and the search wrapper of `query txs` (spec part 2
 * "Transaction record"). Values are in the codec's decoded shape; print them with
 * `protoJsonValue('sdk.base.abci.v1beta1.TxResponse', …)`.
 */
import { type Any, type Codec, codec as neutralCodec } from '../codec/registry.ts';
import { decodeTxRaw, txHash } from '../codec/tx.ts';
import { SdkErrors } from '../errors.ts';
import type { BroadcastTxCommitResult, BroadcastTxResult, EventJson, ResultTx, TxResultJson } from './rpc-client.ts';

export interface StringEventObject {
  type: string;
  attributes: { key: string; value: string }[];
}

export interface AbciMessageLogObject {
  msg_index: number;
  log: string;
  events: StringEventObject[];
}

export interface EventObject {
  type: string;
  attributes: { key: string; value: string; index: boolean }[];
}

export interface TxResponseObject {
  height: bigint;
  txhash: string;
  codespace: string;
  code: number;
  /** uppercase hex of the TxMsgData bytes (broadcast sync/async: the RPC's hex as given) */
  data: string;
  raw_log: string;
  logs: AbciMessageLogObject[];
  info: string;
  gas_wanted: bigint;
  gas_used: bigint;
  tx: Any | null;
  timestamp: string;
  events: EventObject[];
}

export interface SearchTxsResultObject {
  total_count: bigint;
  count: bigint;
  page_number: bigint;
  page_total: bigint;
  limit: bigint;
  txs: TxResponseObject[];
}

function emptyResponse(): TxResponseObject {
  return { height: 0n, txhash: '', codespace: '', code: 0, data: '', raw_log: '', logs: [], info: '', gas_wanted: 0n, gas_used: 0n, tx: null, timestamp: '', events: [] };
}

/** SDK `ParseABCILogs`: the message logs of a raw log; a log that is not that JSON (an error text) gives none. */
export function parseAbciLogs(rawLog: string): AbciMessageLogObject[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawLog);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((l: { msg_index?: number; log?: string; events?: { type?: string; attributes?: { key?: string; value?: string }[] }[] }) => ({
    msg_index: l.msg_index ?? 0,
    log: l.log ?? '',
    events: (l.events ?? []).map((e) => ({ type: e.type ?? '', attributes: (e.attributes ?? []).map((a) => ({ key: a.key ?? '', value: a.value ?? '' })) })),
  }));
}

function eventsOf(events: readonly EventJson[] | null | undefined): EventObject[] {
  return (events ?? []).map((e) => ({ type: e.type, attributes: (e.attributes ?? []).map((a) => ({ key: a.key ?? '', value: a.value ?? '', index: a.index ?? false })) }));
}

function hexOfBase64(b64: string | null | undefined): string {
  return Buffer.from(b64 ?? '', 'base64').toString('hex').toUpperCase();
}

/** SDK `NewResponseFormatBroadcastTx` (sync and async modes). */
export function txResponseOfBroadcast(res: BroadcastTxResult): TxResponseObject {
  return { ...emptyResponse(), code: res.code, codespace: res.codespace ?? '', data: res.data ?? '', raw_log: res.log ?? '', logs: parseAbciLogs(res.log ?? ''), txhash: res.hash };
}

/**
 * SDK `NewResponseFormatBroadcastTxCommit` (the `block` mode of SDK ≤ v0.46, kept here by waiting
 * for inclusion): the CheckTx result when it failed, else the DeliverTx result with the height.
 */
export function txResponseOfCommit(res: BroadcastTxCommitResult): TxResponseObject {
  const r: TxResultJson = res.check_tx.code !== 0 ? res.check_tx : res.deliver_tx;
  return {
    ...emptyResponse(),
    height: BigInt(res.height ?? '0'),
    txhash: res.hash ?? '',
    codespace: r.codespace ?? '',
    code: r.code ?? 0,
    data: hexOfBase64(r.data),
    raw_log: r.log ?? '',
    logs: parseAbciLogs(r.log ?? ''),
    info: r.info ?? '',
    gas_wanted: BigInt(r.gas_wanted ?? '0'),
    gas_used: BigInt(r.gas_used ?? '0'),
    events: eventsOf(r.events),
  };
}

/** Go `time.Format(time.RFC3339)` of a block time: whole seconds, `Z` (times are UTC). */
export function rfc3339Seconds(time: string): string {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?Z$/.exec(time);
  if (!m) throw new Error(`unexpected block time ${JSON.stringify(time)}: expected RFC 3339 in UTC`);
  return `${m[1]}Z`;
}

/** SDK `NewResponseResultTx`: a committed tx with its decoded body (as `tx` Any) and its block time. */
export function txResponseOfResultTx(res: ResultTx, blockTime: string, c: Codec = neutralCodec): TxResponseObject {
  const raw = new Uint8Array(Buffer.from(res.tx, 'base64'));
  const decoded = decodeTxRaw(raw, c);
  const tx = c.packAny('sdk.tx.v1beta1.Tx', { body: decoded.body, auth_info: decoded.authInfo, signatures: decoded.signatures });
  const r = res.tx_result;
  return {
    height: BigInt(res.height),
    txhash: res.hash,
    codespace: r.codespace ?? '',
    code: r.code ?? 0,
    data: hexOfBase64(r.data),
    raw_log: r.log ?? '',
    logs: parseAbciLogs(r.log ?? ''),
    info: r.info ?? '',
    gas_wanted: BigInt(r.gas_wanted ?? '0'),
    gas_used: BigInt(r.gas_used ?? '0'),
    tx,
    timestamp: rfc3339Seconds(blockTime),
    events: eventsOf(r.events),
  };
}

/** SDK `NewSearchTxsResult`: page_total = ceil(total / limit). */
export function searchTxsResult(totalCount: bigint, page: bigint, limit: bigint, txs: TxResponseObject[]): SearchTxsResultObject {
  return { total_count: totalCount, count: BigInt(txs.length), page_number: page, page_total: limit > 0n ? (totalCount + limit - 1n) / limit : 0n, limit, txs };
}

/**
 * SDK `CheckCometError`: the mempool refusals the node answers as JSON-RPC errors become a
 * TxResponse with the SDK code (19 in cache, 20 mempool full, 21 too large) and the tx hash;
 * other errors stay errors (undefined).
 */
export function txResponseOfMempoolError(err: unknown, txBytes: Uint8Array): TxResponseObject | undefined {
  const text = (err instanceof Error ? err.message : String(err)).toLowerCase();
  const kind = text.includes('tx already exists in cache')
    ? SdkErrors.TxInMempoolCache
    : text.includes('mempool is full')
      ? SdkErrors.MempoolIsFull
      : text.includes('tx too large')
        ? SdkErrors.TxTooLarge
        : undefined;
  if (!kind) return undefined;
  return { ...emptyResponse(), code: kind.code, codespace: kind.codespace, txhash: txHash(txBytes) };
}
