/**
 * How the storage network's processes (resource nodes, the meta-node service) reach the chain:
 * only through a node's consensus RPC, so that they work against a remote node as well as a local
 * one. Queries go through `abci_query` (the gRPC query services), events are found with
 * `tx_search`, and txs are signed here and sent with `broadcast_tx_sync`, then awaited with
 * `tx` (TxSender).
 */
import type { Codec, ProtoObject } from '../../codec/registry.ts';
import { codec as neutralCodec } from '../../codec/registry.ts';
import { GrpcStatusError, queryGrpc } from '../../client/query-grpc.ts';
import { type EventJson, RpcClient } from '../../client/rpc-client.ts';

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

}

/** A bond status as a query answer decodes it: the number 3 or its name. */
export const isBondedStatus = (status: unknown): boolean => status === 3 || status === 'BOND_STATUS_BONDED';

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
