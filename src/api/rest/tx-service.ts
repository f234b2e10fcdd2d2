/**
 * The SDK tx service (`sdk.tx.v1beta1.Service`) as the REST server runs it: the SDK's API server
 * serves it in-process from the node (v0.47 x/auth/tx/service.go, client/broadcast.go), so here it
 * uses the node's doors directly. Texts and codes follow that source:
 * - GetTxsEvent: `events` required, each matching the SDK's EventRegex, `page` (1) and `limit`
 *   (100), `order_by`; the deprecated `pagination` is ignored and answered `null`;
 * - GetTx: hex hash, `tx not found: <hash>` (NotFound);
 * - BroadcastTx: modes SYNC and ASYNC only (v0.47 removed BLOCK: "unsupported return type
 *   unspecified"), mempool refusals as a TxResponse with codes 19/20/21;
 * - Simulate: failures are Unknown with the SDK's "With gas wanted" suffix;
 * - GetBlockWithTxs: the block and its decoded txs, paged by offset;
 * - TxEncode / TxDecode.
 */
import { decodeGoHex } from '../../codec/go-hex.ts';
import type { ProtoObject } from '../../codec/registry.ts';
import { decodeTxRaw } from '../../codec/tx.ts';
import { txResponseOfMempoolError, parseAbciLogs, type TxResponseObject } from '../../client/tx-response.ts';
import { MempoolError, type Node } from '../../node/node.ts';
import { QuerySyntaxError } from '../../events/search-query.ts';
import { checkPage, checkPerPage } from '../rpc/arg-checks.ts';
import { RpcError } from '../rpc/jsonrpc.ts';
import { QueryError, SdkErrors } from '../../errors.ts';
import { protoBlock } from './base-consensus-service.ts';
import { GatewayError } from './gateway-error.ts';
import type { ServiceCtx, ServiceImpl } from './grpc-gateway.ts';
import { txOfRaw, txResponseOfRecord } from './tx-record.ts';

export const TX_SERVICE = 'sdk.tx.v1beta1.Service';
const S = TX_SERVICE;

/**
 * A method that answers at once from what the node has stored, changing nothing: the methods
 * abci_query can reach besides the App's own (src/api/grpc/node-services.ts).
 */
export type QueryImpl = (request: ProtoObject, ctx: ServiceCtx) => ProtoObject;

/** x/auth/tx/service.go `EventRegex`: {alphabetic}.{alphabetic}={value}, also `<=` and `>=`. */
export const EVENT_REGEX = /^[a-zA-Z_]+\.[a-zA-Z_]+[<>]?=\S+$/;
const EVENT_FORMAT = '{eventType}.{eventAttribute}={value}';

/** types/query `DefaultLimit`. */
const DEFAULT_LIMIT = 100n;

const ORDER_BY = { 1: 'asc', 2: 'desc' } as const;
const BROADCAST_MODE = { SYNC: 2, ASYNC: 3 } as const;

/** Go's `int(uint64)` conversion on a 64-bit platform. */
function goInt(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

/** A hash that Go's `hex.DecodeString` refuses: its error, as the handler returns it (Unknown). */
function checkHex(text: string): void {
  try {
    decodeGoHex(text);
  } catch (e) {
    throw GatewayError.unknown((e as Error).message);
  }
}

function getTx(node: Node): QueryImpl {
  return (req, { codec }) => {
    const hash = req.hash as string;
    if (hash.length === 0) throw GatewayError.invalidArgument('tx hash cannot be empty');
    checkHex(hash);
    const record = node.tx(hash);
    if (!record) throw GatewayError.notFound(`tx not found: ${hash}`);
    return { tx: txOfRaw(codec, record.raw), tx_response: txResponseOfRecord(codec, record) };
  };
}

function getTxsEvent(node: Node): QueryImpl {
  return (req, { codec }) => {
    const page = goInt(req.page as bigint) === 0n ? 1n : goInt(req.page as bigint);
    const limit = goInt(req.limit as bigint) === 0n ? DEFAULT_LIMIT : goInt(req.limit as bigint);
    const events = req.events as string[];
    if (events.length === 0) throw GatewayError.invalidArgument('must declare at least one event to search');
    for (const e of events) {
      if (!EVENT_REGEX.test(e)) throw GatewayError.invalidArgument(`invalid event; event ${e} should be of the format: ${EVENT_FORMAT}`);
    }
    if (page <= 0n) throw GatewayError.unknown('page must be greater than 0');
    if (limit <= 0n) throw GatewayError.unknown('limit must be greater than 0');
    const perPage = checkPerPage(limit);
    const orderBy = ORDER_BY[req.order_by as 1 | 2] ?? 'asc';
    let found;
    try {
      found = node.txSearch(events.join(' AND '), page > 2n ** 31n ? 2 ** 31 : Number(page), perPage, orderBy);
    } catch (e) {
      if (e instanceof QuerySyntaxError) throw GatewayError.unknown(e.message);
      throw e;
    }
    // CometBFT tx_search `validatePage` (page 1 is fine when nothing matches)
    try {
      checkPage(page, perPage, found.total);
    } catch (e) {
      if (e instanceof RpcError) throw GatewayError.unknown(e.data);
      throw e;
    }
    return {
      txs: found.txs.map((t) => txOfRaw(codec, t.raw)),
      tx_responses: found.txs.map((t) => txResponseOfRecord(codec, t)),
      pagination: null,
      total: BigInt(found.total),
    };
  };
}

/**
 * GetBlockWithTxs: the block at `height` (tmservice `GetProtoBlock`) and its txs decoded. The height
 * must lie in [1, the query's height] (ErrInvalidHeight); `pagination.offset`/`limit` page the txs
 * (none given: 0 and 100), an offset past the last tx is ErrInvalidRequest, and `total` is the
 * block's tx count. As in SDK v0.47 an explicit limit of 0 gives no txs, and `reverse` walks from
 * the offset down to index 1 (index 0 is never reached).
 */
function getBlockWithTxs(node: Node): QueryImpl {
  return (req, { codec, height: current }) => {
    const height = goInt(req.height as bigint);
    if (height < 1n || height > current) {
      throw QueryError.sdk(SdkErrors.InvalidHeight, `requested height ${height} but height must not be less than 1 or greater than the current height ${current}`);
    }
    const { block_id, block } = protoBlock(node, height);
    const pagination = req.pagination as ProtoObject | null;
    const offset = pagination ? (pagination.offset as bigint) : 0n;
    const limit = pagination ? (pagination.limit as bigint) : DEFAULT_LIMIT;
    const blockTxs = (block.data as { txs: Uint8Array[] }).txs;
    const total = BigInt(blockTxs.length);
    if (offset >= total && total !== 0n) {
      throw QueryError.sdk(SdkErrors.InvalidRequest, `out of range: cannot paginate ${total} txs with offset ${offset} and limit ${limit}`);
    }
    const txs: ProtoObject[] = [];
    const step = pagination?.reverse === true ? -1n : 1n;
    for (let i = offset, count = 0n; (step < 0n ? i > 0n : i < total) && count !== limit; i += step, count++) {
      txs.push(txOfRaw(codec, blockTxs[Number(i)]!));
    }
    return { txs, block_id, block, pagination: { next_key: null, total } };
  };
}

function emptyTxResponse(): TxResponseObject {
  return { height: 0n, txhash: '', codespace: '', code: 0, data: '', raw_log: '', logs: [], info: '', gas_wanted: 0n, gas_used: 0n, tx: null, timestamp: '', events: [] };
}

function broadcastTx(node: Node): ServiceImpl {
  return async (req) => {
    const bytes = req.tx_bytes as Uint8Array;
    if (bytes.length === 0) throw GatewayError.invalidArgument('invalid empty tx');
    const mode = req.mode as number;
    if (mode !== BROADCAST_MODE.SYNC && mode !== BROADCAST_MODE.ASYNC) {
      throw GatewayError.unknown('unsupported return type unspecified; supported types: sync, async');
    }
    let result;
    try {
      result = await (mode === BROADCAST_MODE.SYNC ? node.broadcastTxSync(bytes) : node.broadcastTxAsync(bytes));
    } catch (e) {
      if (!(e instanceof MempoolError)) throw e;
      const refused = txResponseOfMempoolError(e, bytes);
      if (!refused) throw GatewayError.unknown(e.message);
      return { tx_response: refused };
    }
    // CometBFT's async answer carries only the hash: CheckTx's outcome is not awaited
    if (mode === BROADCAST_MODE.ASYNC) return { tx_response: { ...emptyTxResponse(), txhash: result.hash } };
    return {
      tx_response: {
        ...emptyTxResponse(),
        code: result.code,
        codespace: result.codespace,
        data: Buffer.from(result.data).toString('hex').toUpperCase(),
        raw_log: result.log,
        logs: parseAbciLogs(result.log),
        txhash: result.hash,
      },
    };
  };
}

function simulate(node: Node): ServiceImpl {
  return (req, { codec }) => {
    let bytes = req.tx_bytes as Uint8Array;
    // backwards compatibility of the SDK: a `tx` object is marshalled when no bytes are given
    if (bytes.length === 0 && req.tx) bytes = codec.encode('sdk.tx.v1beta1.Tx', req.tx);
    if (bytes.length === 0) throw GatewayError.invalidArgument('empty txBytes is not allowed');
    const r = node.simulate(bytes);
    if (r.code !== 0) {
      throw GatewayError.unknown(`${r.log} With gas wanted: '${r.gas_wanted}' and gas used: '${r.gas_used}' `);
    }
    const msgData = codec.decode('sdk.base.abci.v1beta1.TxMsgData', r.data);
    return {
      gas_info: { gas_wanted: r.gas_wanted, gas_used: r.gas_used },
      result: {
        data: r.data,
        log: r.log,
        // baseapp marks events for indexing only in CheckTx/DeliverTx answers, not in Simulate
        events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: false })) })),
        msg_responses: msgData.msg_responses,
      },
    };
  };
}

const txEncode: QueryImpl = (req, { codec }) => {
  const tx = req.tx as ProtoObject | null;
  if (!tx) throw GatewayError.invalidArgument('invalid empty tx');
  const raw = {
    body_bytes: codec.encode('sdk.tx.v1beta1.TxBody', tx.body ?? {}),
    auth_info_bytes: codec.encode('sdk.tx.v1beta1.AuthInfo', tx.auth_info ?? {}),
    signatures: tx.signatures,
  };
  return { tx_bytes: codec.encode('sdk.tx.v1beta1.TxRaw', raw) };
};

const txDecode: QueryImpl = (req, { codec }) => {
  const bytes = req.tx_bytes as Uint8Array;
  if (bytes.length === 0) throw GatewayError.invalidArgument('invalid empty tx bytes');
  const decoded = decodeTxRaw(bytes, codec);
  return { tx: { body: decoded.body, auth_info: decoded.authInfo, signatures: decoded.signatures } };
};

/** The tx service's read-only methods, keyed by full method name. */
export function txQueryImpls(node: Node): Record<string, QueryImpl> {
  return {
    [`${S}/GetTx`]: getTx(node),
    [`${S}/GetTxsEvent`]: getTxsEvent(node),
    [`${S}/GetBlockWithTxs`]: getBlockWithTxs(node),
    [`${S}/TxEncode`]: txEncode,
    [`${S}/TxDecode`]: txDecode,
  };
}

/**
 * The tx service methods served outside the App (REST, gRPC), keyed by full method name:
 * the read-only ones, BroadcastTx, and Simulate (which abci_query reaches in the App itself).
 */
export function txServiceImpls(node: Node): Record<string, ServiceImpl> {
  return {
    ...txQueryImpls(node),
    [`${S}/BroadcastTx`]: broadcastTx(node),
    [`${S}/Simulate`]: simulate(node),
  };
}
