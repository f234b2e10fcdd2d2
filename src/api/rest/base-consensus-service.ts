/**
 * The SDK's consensus-engine service `sdk.base.consensus.v1beta1.Service` (SDK v0.47
 * client/grpc/tmservice; upstream package `cosmos.base.tendermint.v1beta1`, whose engine word is
 * `consensus` here as in its REST paths). The SDK computes it from the consensus engine's RPC (its
 * client context), so here it reads the node's doors. One implementation for every transport:
 * the REST gateway routes (src/api/rest/routes.ts), the gRPC server and abci_query
 * (src/api/grpc/node-services.ts) all call these methods. Texts and codes follow that source:
 * - GetBlockByHeight / GetValidatorSetByHeight: a height after the last block is InvalidArgument
 *   "requested block height is bigger then the chain length"; the engine's own checks (height 0,
 *   pruned heights, pages) pass through as plain errors (Unknown) with the engine's text;
 * - the validator sets are paged with `pagination.offset`/`pagination.limit` (types/query
 *   `ParsePagination`), addresses `stvalcons1…`, pubkeys as Any; `latest` is the next height's set;
 * - ABCIQuery passes `app/…`, `store/…`, `p2p/…`, `custom/…` paths to the node's query door and
 *   refuses the others (gRPC paths included) with InvalidArgument.
 */
import fs from 'node:fs';
import type { Codec, ProtoObject } from '../../codec/registry.ts';
import { blockEvidenceProto, storedEvidence } from '../../consensus/block.ts';
import { storedHeaderOf } from '../../consensus/json.ts';
import { blockIdProto, commitProto, headerProto } from '../../consensus/proto-forms.ts';
import type { CommitJson } from '../../consensus/types.ts';
import { sortValidators, validatorPubKey } from '../../consensus/validator-set.ts';
import { consAddress } from '../../crypto/address.ts';
import type { Node } from '../../node/node.ts';
import { checkHeight, checkPage, checkPerPage } from '../rpc/arg-checks.ts';
import { RpcError } from '../rpc/jsonrpc.ts';
import { statusJson } from '../rpc/methods/info.ts';
import { GatewayError } from './gateway-error.ts';
import type { QueryImpl } from './tx-service.ts';

export const BASE_CONSENSUS_SERVICE = 'sdk.base.consensus.v1beta1.Service';
const S = BASE_CONSENSUS_SERVICE;

/** types/query `DefaultLimit`. */
const DEFAULT_LIMIT = 100n;

/** The framework version the node reports (the stratosnet fork of cosmos-sdk, proto/README.md). */
export const SDK_VERSION = 'v0.47.11';

/** ABCIQuery's accepted first path elements (baseapp `QueryPathApp`, `…Store`, `…P2P`, `…Custom`). */
const ABCI_QUERY_PATHS = ['app', 'store', 'p2p', 'custom'];

function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '';
}

/** `VersionInfo` of GetNodeInfo (SDK version.Info), for this implementation. */
function applicationVersion(): ProtoObject {
  return {
    name: 'chain',
    app_name: 'chaind',
    version: packageVersion(),
    git_commit: '',
    build_tags: '',
    go_version: `node ${process.version}`,
    build_deps: [],
    cosmos_sdk_version: SDK_VERSION,
  };
}

/** The p2p `DefaultNodeInfo` of the consensus RPC's status (`id` is `default_node_id`, channels are bytes). */
function defaultNodeInfo(node: Node): ProtoObject {
  const info = (statusJson(node) as { node_info: Record<string, any> }).node_info;
  const pv = info.protocol_version as Record<string, string>;
  return {
    protocol_version: { p2p: BigInt(pv.p2p!), block: BigInt(pv.block!), app: BigInt(pv.app!) },
    default_node_id: info.id,
    listen_addr: info.listen_addr,
    network: info.network,
    version: info.version,
    channels: Uint8Array.from(Buffer.from(info.channels as string, 'hex')),
    moniker: info.moniker,
    other: { tx_index: info.other.tx_index, rpc_address: info.other.rpc_address },
  };
}

/**
 * The consensus engine's checks (rpc/core `getHeight`, `validatePage`), shared with the consensus
 * RPC; the SDK service passes their failures on as plain errors (Unknown).
 */
function consensusChecked<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RpcError) throw GatewayError.unknown(e.data);
    throw e;
  }
}

/** `{block_id, block}`: the block as CometBFT's proto. */
function cometBlock(node: Node, height: bigint): { block_id: ProtoObject; block: ProtoObject & { header: ProtoObject } } {
  const record = node.block(height);
  if (!record) throw GatewayError.unknown(`height ${height} is not available`);
  const stored = storedHeaderOf(record);
  const block = { header: headerProto(stored.header), data: { txs: [...record.txs] }, evidence: blockEvidenceProto({ evidence: storedEvidence(stored) }), last_commit: commitProto(record.lastCommit as CommitJson) };
  return { block_id: blockIdProto(stored.block_id), block };
}

/**
 * tmservice `GetProtoBlock` at a given height: the engine's `block` RPC, whose refusals (height 0,
 * pruned or future heights) pass through as plain errors (Unknown).
 */
export function protoBlock(node: Node, height: bigint): { block_id: ProtoObject; block: ProtoObject & { header: ProtoObject } } {
  return cometBlock(node, consensusChecked(() => checkHeight(node.height, node.earliestHeight(), height)));
}

/** `{block_id, block, sdk_block}`: the block as CometBFT's proto, and as the SDK's with a `stvalcons1…` proposer. */
function blockResponse({ block_id, block }: ReturnType<typeof cometBlock>): ProtoObject {
  const proposer = block.header.proposer_address as Uint8Array | null;
  return { block_id, block, sdk_block: { ...block, header: { ...block.header, proposer_address: proposer ? consAddress(proposer) : '' } } };
}

/** types/query `ParsePagination`: page = offset / limit + 1, limit 0 → 100; key and count_total unused. */
function pageOf(pagination: ProtoObject | null | undefined): { page: bigint; limit: bigint } {
  const offset = BigInt.asIntN(64, (pagination?.offset as bigint | undefined) ?? 0n);
  let limit = pagination ? BigInt.asIntN(64, pagination.limit as bigint) : DEFAULT_LIMIT;
  if (offset < 0n) throw GatewayError.invalidArgument('offset must greater than 0');
  if (limit < 0n) throw GatewayError.invalidArgument('limit must greater than 0');
  if (limit === 0n) limit = DEFAULT_LIMIT;
  return { page: offset / limit + 1n, limit };
}

/** tmservice `validatorsOutput` over CometBFT `validators` (paged). */
function validatorSet(node: Node, height: bigint, paging: { page: bigint; limit: bigint }, codec: Codec): ProtoObject {
  const all = node.validators(height);
  const perPage = checkPerPage(paging.limit);
  const page = consensusChecked(() => checkPage(paging.page, perPage, all.length));
  return {
    block_height: height,
    validators: all.slice((page - 1) * perPage, page * perPage).map((v) => ({
      address: consAddress(Buffer.from(v.address, 'hex')),
      pub_key: codec.packAny('sdk.crypto.ed25519.PubKey', { key: validatorPubKey(v) }),
      voting_power: BigInt(v.voting_power),
      proposer_priority: BigInt(v.proposer_priority),
    })),
    pagination: { next_key: null, total: BigInt(all.length) },
  };
}

function requestedHeight(node: Node, height: bigint): void {
  if (height > node.height) throw GatewayError.invalidArgument('requested block height is bigger then the chain length');
}

/** The service's methods, keyed by full method name (all synchronous reads of the node). */
export function baseConsensusServiceImpls(node: Node): Record<string, QueryImpl> {
  return {
    [`${S}/GetNodeInfo`]: () => ({ default_node_info: defaultNodeInfo(node), application_version: applicationVersion() }),
    [`${S}/GetSyncing`]: () => ({ syncing: false }),
    [`${S}/GetLatestBlock`]: () => blockResponse(cometBlock(node, node.height)),
    [`${S}/GetBlockByHeight`]: (req) => {
      const height = req.height as bigint;
      requestedHeight(node, height);
      return blockResponse(protoBlock(node, height));
    },
    // CometBFT answers a nil height with the next height's set (`latestUncommittedHeight`)
    [`${S}/GetLatestValidatorSet`]: (req, { codec }) => validatorSet(node, node.height + 1n, pageOf(req.pagination as ProtoObject | null), codec),
    [`${S}/GetValidatorSetByHeight`]: (req, { codec }) => {
      const paging = pageOf(req.pagination as ProtoObject | null);
      const height = req.height as bigint;
      requestedHeight(node, height);
      return validatorSet(node, consensusChecked(() => checkHeight(node.height + 1n, node.earliestHeight(), height)), paging, codec);
    },
    [`${S}/ABCIQuery`]: (req) => {
      const path = req.path as string;
      if (path.length === 0) throw GatewayError.invalidArgument('empty query path');
      // baseapp `SplitABCIQueryPath`
      const first = (path.startsWith('/') ? path.slice(1) : path).split('/')[0]!;
      if (!ABCI_QUERY_PATHS.includes(first)) throw GatewayError.invalidArgument(`unsupported ABCI query path: ${path}`);
      const res = node.query(path, req.data as Uint8Array, req.height as bigint);
      return { code: res.code, log: res.log, info: '', index: 0n, key: null, value: res.value, proof_ops: null, height: res.height, codespace: res.codespace };
    },
  };
}
