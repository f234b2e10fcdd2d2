/**
 * How the storage network's processes (resource nodes, the meta-node service) reach the chain:
 * only through a node's consensus RPC, so that they work against a remote node as well as a local
 * one. Queries go through `abci_query` (the gRPC query services), events are read from
 * `block_results`, and txs are signed here and sent with `broadcast_tx_sync`, then awaited with
 * `tx` (TxSender).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { Codec, ProtoObject } from '../../codec/registry.ts';
import { codec as neutralCodec } from '../../codec/registry.ts';
import { GrpcStatusError, queryGrpc } from '../../client/query-grpc.ts';
import { type EventJson, RpcClient } from '../../client/rpc-client.ts';

export interface BlockEvents {
  readonly height: bigint;
  /** the events of every successful tx of the block, in order, each with its tx hash */
  readonly txEvents: readonly { readonly txHash: string; readonly events: readonly EventJson[] }[];
}

interface BlockResultsJson {
  readonly height: string;
  readonly txs_results: readonly { code: number; events: EventJson[] | null }[] | null;
}

export class ChainAccess {
  readonly rpc: RpcClient;

  constructor(
    readonly node: string,
    readonly codec: Codec = neutralCodec,
  ) {
    this.rpc = new RpcClient(node);
  }

  async latestHeight(): Promise<bigint> {
    const s = await this.rpc.status();
    return BigInt(s.sync_info.latest_block_height);
  }

  async chainId(): Promise<string> {
    return (await this.rpc.status()).node_info.network;
  }

  /** `service` a neutral package (`chain.register.v1`), `method` a Query method name. */
  query(service: string, method: string, request: Record<string, unknown>): Promise<ProtoObject> {
    return queryGrpc(this.rpc, `${service}.Query/${method}`, `${service}.Query${method}Request`, `${service}.Query${method}Response`, request, undefined, this.codec);
  }

  /** As `query`, but a NotFound answer (gRPC code 5) is `undefined`. */
  async queryOptional(service: string, method: string, request: Record<string, unknown>): Promise<ProtoObject | undefined> {
    try {
      return await this.query(service, method, request);
    } catch (e) {
      if (e instanceof GrpcStatusError && e.grpcCode === 5) return undefined;
      throw e;
    }
  }

  /** The tx events of one committed block (the tx hashes from the block's txs). */
  async blockEvents(height: bigint): Promise<BlockEvents> {
    const [results, block] = await Promise.all([
      this.rpc.call<BlockResultsJson>('block_results', { height: height.toString() }),
      this.rpc.call<{ block: { data: { txs: string[] | null } } }>('block', { height: height.toString() }),
    ]);
    const txs = block.block.data.txs ?? [];
    const txEvents = (results.txs_results ?? []).flatMap((r, i) =>
      r.code === 0 ? [{ txHash: Buffer.from(sha256(Buffer.from(txs[i] ?? '', 'base64'))).toString('hex').toUpperCase(), events: r.events ?? [] }] : [],
    );
    return { height, txEvents };
  }
}

/** The value of an attribute of a typed event: JSON-quoted strings unquoted. */
export function eventAttribute(event: EventJson, key: string): string | undefined {
  const a = event.attributes.find((x) => x.key === key);
  if (!a) return undefined;
  if (a.value.startsWith('"')) {
    try {
      return JSON.parse(a.value) as string;
    } catch {
      return a.value;
    }
  }
  return a.value;
}
