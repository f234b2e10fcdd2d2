/**
 * How the storage network's processes (resource nodes, the meta-node service) reach the chain:
 * only through a node's consensus RPC, so that they work against a remote node as well as a local
 * one. Queries go through `abci_query` (the gRPC query services), events are found with
 * `tx_search`, and txs are signed here and sent with `broadcast_tx_sync`, then awaited with
 * `tx` (TxSender).
 */
import type { Codec, ProtoObject } from '../../codec/registry.ts';
import { codec as neutralCodec, createCodec } from '../../codec/registry.ts';
import { inProfileWords, NEUTRAL, PROFILES, REAL, typeUrl, type NamingProfile } from '../../naming.ts';
import { GrpcStatusError, queryGrpc } from '../../client/query-grpc.ts';
import { type EventJson, RpcClient } from '../../client/rpc-client.ts';

export class ChainAccess {
  readonly rpc: RpcClient;
  #codec: Codec;
  /** the naming profile being learned from the node (src/naming.ts), when no codec was given */
  #learning: Promise<Codec> | undefined;
  #learned: boolean;

  /**
   * Without `codec`, the chain's naming profile is learned from the node at the first query or
   * `ready()` (neutral until then): the processes of the storage network work with a chain
   * initialised `--naming real` as with a neutral one.
   */
  constructor(
    readonly node: string,
    codec?: Codec,
  ) {
    this.rpc = new RpcClient(node);
    this.#codec = codec ?? neutralCodec;
    this.#learned = codec !== undefined;
  }

  /** The codec in the chain's words (see `ready`). */
  get codec(): Codec {
    return this.#codec;
  }

  /** Resolves once the codec speaks the chain's words (asks the node once; a failed ask is retried next time). */
  async ready(): Promise<Codec> {
    if (this.#learned) return this.#codec;
    this.#learning ??= chainNaming(this.rpc).then(
      (profile) => {
        this.#codec = createCodec(profile);
        this.#learned = true;
        return this.#codec;
      },
      (e: unknown) => {
        this.#learning = undefined;
        throw e;
      },
    );
    return this.#learning;
  }

  async latestHeight(): Promise<bigint> {
    const s = await this.rpc.status();
    return BigInt(s.sync_info.latest_block_height);
  }

  async chainId(): Promise<string> {
    return (await this.rpc.status()).node_info.network;
  }

  /** `service` a neutral package (`chain.register.v1`), `method` a Query method name. */
  async query(service: string, method: string, request: Record<string, unknown>): Promise<ProtoObject> {
    const codec = await this.ready();
    return queryGrpc(this.rpc, `${service}.Query/${method}`, `${service}.Query${method}Request`, `${service}.Query${method}Response`, request, undefined, codec);
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

/**
 * The naming profile of the chain behind `rpc`: the words of the type URL in which it answers for
 * its fee collector account (asked in the real words, which chains of both profiles route; the
 * answer's `Any` is in the chain's).
 */
export async function chainNaming(rpc: RpcClient): Promise<NamingProfile> {
  const c = neutralCodec;
  const res = await rpc.abciQuery(typeUrl(REAL, 'sdk.auth.v1beta1.Query/ModuleAccountByName'), c.encode('sdk.auth.v1beta1.QueryModuleAccountByNameRequest', { name: 'fee_collector' }));
  if (res.code !== 0) throw new Error(`cannot learn the chain's naming profile from ${rpc.url}: ${res.log}`);
  const url = (c.decode('sdk.auth.v1beta1.QueryModuleAccountByNameResponse', res.value) as { account?: { type_url?: string } | null }).account?.type_url ?? '';
  return Object.values(PROFILES).find((p) => inProfileWords(p, url)) ?? NEUTRAL;
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
