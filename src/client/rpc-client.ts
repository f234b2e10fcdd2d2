/**
 * A small client of the consensus JSON-RPC (CometBFT 0.37, reference/wire-formats.md §4.1–4.3): one
 * JSON-RPC 2.0 object POSTed to the endpoint, 64-bit integers sent as strings, bytes as base64
 * (abci_query `data` as hex). Failures read like the Go client's, which `stchaind` prints:
 * `post failed: Post "http://localhost:26657": dial tcp 127.0.0.1:26657: connect: connection refused`
 * for a node that is not there, and
 * `error in json rpc client, with http response metadata: (Status: 200 OK, Protocol HTTP/1.1). RPC error -32603 - Internal error: tx (AB…) not found`
 * for an error the node answered.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { bytesToHex } from '@noble/hashes/utils.js';

/** The JSON-RPC `error` member as CometBFT sends it. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: string,
    /** `Status: 200 OK, Protocol HTTP/1.1` */
    readonly httpMetadata: string,
  ) {
    // CometBFT RPCError.Error(), prefixed as the http client's unmarshalResponseBytes failure
    super(`error in json rpc client, with http response metadata: (${httpMetadata}). RPC error ${code} - ${rpcMessage}${data ? `: ${data}` : ''}`);
    this.name = 'RpcError';
  }
}

/** The node could not be reached (refused, unknown host, reset). */
export class RpcTransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RpcTransportError';
  }
}

export interface EventAttributeJson {
  readonly key: string;
  readonly value: string;
  readonly index: boolean;
}
export interface EventJson {
  readonly type: string;
  readonly attributes: readonly EventAttributeJson[];
}

/** ResponseCheckTx / ResponseDeliverTx / ExecTxResult as the RPC prints them. */
export interface TxResultJson {
  readonly code: number;
  /** base64 */
  readonly data: string | null;
  readonly log: string;
  readonly info: string;
  readonly gas_wanted: string;
  readonly gas_used: string;
  readonly events: readonly EventJson[] | null;
  readonly codespace: string;
}

export interface StatusResult {
  readonly node_info: { readonly network: string; readonly version: string; readonly moniker: string; readonly id: string };
  readonly sync_info: { readonly latest_block_height: string; readonly catching_up: boolean };
  readonly validator_info: unknown;
}

export interface AbciQueryResponse {
  readonly code: number;
  readonly log: string;
  readonly info: string;
  readonly codespace: string;
  readonly value: Uint8Array;
  readonly height: bigint;
}

export interface BroadcastTxResult {
  readonly code: number;
  /** hex */
  readonly data: string;
  readonly log: string;
  readonly codespace: string;
  /** uppercase hex */
  readonly hash: string;
}

export interface BroadcastTxCommitResult {
  readonly check_tx: TxResultJson;
  readonly deliver_tx: TxResultJson;
  readonly hash: string;
  readonly height: string;
}

export interface ResultTx {
  readonly hash: string;
  readonly height: string;
  readonly index: number;
  readonly tx_result: TxResultJson;
  /** base64 TxRaw */
  readonly tx: string;
}

export interface TxSearchResult {
  readonly txs: readonly ResultTx[];
  readonly total_count: string;
}

export interface BlockResult {
  readonly block_id: unknown;
  readonly block: { readonly header: { readonly height: string; readonly time: string; readonly chain_id: string } } & Record<string, unknown>;
}

export interface ValidatorJsonResult {
  /** uppercase hex */
  readonly address: string;
  readonly pub_key: { readonly type: string; readonly value: string };
  readonly voting_power: string;
  readonly proposer_priority: string;
}

export interface ValidatorsResult {
  readonly block_height: string;
  readonly validators: readonly ValidatorJsonResult[];
  readonly count: string;
  readonly total: string;
}

export type OrderBy = 'asc' | 'desc' | '';

/**
 * `--node` text to the URL posted to: `tcp://host:port` and bare `host:port` become `http://host:port`
 * (CometBFT's client dials tcp as http); `http://` and `https://` are kept.
 */
export function rpcEndpointUrl(node: string): string {
  const text = node.trim();
  const m = /^([a-z][a-z0-9+.-]*):\/\/(.+)$/i.exec(text);
  if (!m) {
    if (/^[^/\s]+:\d+$/.test(text)) return `http://${text}`;
    throw new Error(`invalid node address ${JSON.stringify(node)}: expected tcp://host:port or http://host:port`);
  }
  const scheme = m[1]!.toLowerCase();
  if (scheme === 'tcp' || scheme === 'http') return `http://${m[2]}`;
  if (scheme === 'https') return `https://${m[2]}`;
  throw new Error(`invalid node address ${JSON.stringify(node)}: unsupported scheme "${m[1]}" (use tcp://, http:// or https://)`);
}

export class RpcClient {
  readonly url: string;
  private nextId = 0;

  /**
   * `fetchImpl` replaces the transport (tests). By default the client posts with node:http, not the
   * global fetch: fetch's first call loads undici, about 30 ms of every one-shot CLI command.
   */
  constructor(
    node: string,
    private readonly fetchImpl?: typeof fetch,
  ) {
    this.url = rpcEndpointUrl(node);
  }

  /** Calls one method; returns `result` or throws RpcError / RpcTransportError. */
  async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    let response: PostedJson;
    try {
      response = this.fetchImpl ? await viaFetch(this.fetchImpl, this.url, body) : await postJson(this.url, body);
    } catch (err) {
      throw new RpcTransportError(`post failed: Post "${this.url}": ${describeFetchFailure(err, this.url)}`);
    }
    const metadata = `Status: ${response.status} ${response.statusText || statusText(response.status)}, Protocol HTTP/1.1`;
    const text = response.text;
    let parsed: { result?: T; error?: { code: number; message: string; data?: string } };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new RpcTransportError(`error in json rpc client, with http response metadata: (${metadata}). error unmarshalling: ${JSON.stringify(text.slice(0, 200))} is not JSON`);
    }
    if (parsed.error) throw new RpcError(parsed.error.code, parsed.error.message, parsed.error.data ?? '', metadata);
    if (response.status < 200 || response.status > 299 || parsed.result === undefined) {
      throw new RpcTransportError(`error in json rpc client, with http response metadata: (${metadata}). response has no result`);
    }
    return parsed.result;
  }

  status(): Promise<StatusResult> {
    return this.call('status');
  }

  /** abci_query: `height` 0 or absent asks for the latest state. */
  async abciQuery(path: string, data: Uint8Array, height?: bigint): Promise<AbciQueryResponse> {
    const params: Record<string, unknown> = { path, data: bytesToHex(data), prove: false };
    if (height !== undefined && height !== 0n) params.height = height.toString();
    const { response: r } = await this.call<{
      response: { code?: number; log?: string; info?: string; codespace?: string; value?: string | null; height?: string };
    }>('abci_query', params);
    return {
      code: r.code ?? 0,
      log: r.log ?? '',
      info: r.info ?? '',
      codespace: r.codespace ?? '',
      value: r.value ? new Uint8Array(Buffer.from(r.value, 'base64')) : new Uint8Array(0),
      height: BigInt(r.height ?? '0'),
    };
  }

  broadcastTxSync(tx: Uint8Array): Promise<BroadcastTxResult> {
    return this.call('broadcast_tx_sync', { tx: base64(tx) });
  }

  broadcastTxAsync(tx: Uint8Array): Promise<BroadcastTxResult> {
    return this.call('broadcast_tx_async', { tx: base64(tx) });
  }

  broadcastTxCommit(tx: Uint8Array): Promise<BroadcastTxCommitResult> {
    return this.call('broadcast_tx_commit', { tx: base64(tx) });
  }

  /** `tx` by hash bytes (sent base64, as CometBFT's JSON decoder reads []byte). */
  tx(hash: Uint8Array): Promise<ResultTx> {
    return this.call('tx', { hash: base64(hash), prove: false });
  }

  txSearch(query: string, page: number, perPage: number, orderBy: OrderBy = ''): Promise<TxSearchResult> {
    return this.call('tx_search', { query, prove: false, page: String(page), per_page: String(perPage), order_by: orderBy });
  }

  block(height?: bigint): Promise<BlockResult> {
    return this.call('block', height === undefined ? {} : { height: height.toString() });
  }

  validators(height?: bigint, page?: number, perPage?: number): Promise<ValidatorsResult> {
    const params: Record<string, unknown> = {};
    if (height !== undefined) params.height = height.toString();
    if (page !== undefined) params.page = String(page);
    if (perPage !== undefined) params.per_page = String(perPage);
    return this.call('validators', params);
  }
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 413: 'Request Entity Too Large', 500: 'Internal Server Error' };

function statusText(status: number): string {
  return STATUS_TEXT[status] ?? '';
}

interface SystemErrorLike {
  code?: string;
  address?: string;
  port?: number;
  hostname?: string;
  errors?: unknown[];
  message?: string;
}

/** Go's net error text for what fetch reports as `cause` (ECONNREFUSED, ENOTFOUND, …). */
interface PostedJson {
  readonly status: number;
  readonly statusText: string;
  readonly text: string;
}

async function viaFetch(fetchImpl: typeof fetch, url: string, body: string): Promise<PostedJson> {
  const response = await fetchImpl(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  return { status: response.status, statusText: response.statusText, text: await response.text() };
}

/** One JSON POST over node:http(s); rejects with the socket's system error (code, address, port). */
function postJson(url: string, body: string): Promise<PostedJson> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function describeFetchFailure(err: unknown, url: string): string {
  let cause = (err as { cause?: SystemErrorLike } | undefined)?.cause ?? (err as SystemErrorLike);
  // `localhost` may be tried on ::1 and 127.0.0.1: Node reports an AggregateError; Go names the IPv4 attempt
  if (Array.isArray(cause?.errors) && cause.errors.length > 0) {
    const all = cause.errors as SystemErrorLike[];
    cause = all.find((e) => e.address && !e.address.includes(':')) ?? all[0]!;
  }
  const host = new URL(url).hostname;
  const target = cause?.address ? `${cause.address.includes(':') ? `[${cause.address}]` : cause.address}:${cause.port}` : new URL(url).host;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return `dial tcp ${target}: connect: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `dial tcp: lookup ${host}: no such host`;
    case 'ECONNRESET':
      return `read tcp ${target}: connection reset by peer`;
    case 'ETIMEDOUT':
      return `dial tcp ${target}: i/o timeout`;
    case 'EHOSTUNREACH':
      return `dial tcp ${target}: connect: no route to host`;
    default:
      return cause?.message ?? (err instanceof Error ? err.message : String(err));
  }
}
