/**
 * The SDK's consensus-engine service over REST, `/sdk/base/consensus/v1beta1/…` (SDK v0.47
 * client/grpc/tmservice, registered on the gateway like any query service, so the height header,
 * the gateway's parameter errors and gRPC-status errors apply):
 * `node_info`, `syncing`, `blocks/latest`, `blocks/{height}` (the SDK block form with `sdk_block`,
 * src/consensus/json.ts), `validatorsets/latest`, `validatorsets/{height}` (consensus addresses
 * `stvalcons1…`, pubkeys as Any, paged by `pagination.offset`/`pagination.limit`).
 * Errors from the consensus engine's RPC surface as plain errors (Unknown, HTTP 500) with its text.
 */
import fs from 'node:fs';
import type { GoJsonValue } from '../../codec/go-json.ts';
import { goJson, base64 } from '../../codec/go-json.ts';
import { sdkBlockJson } from '../../consensus/json.ts';
import { sortValidators, validatorPubKey } from '../../consensus/validator-set.ts';
import { consAddress } from '../../crypto/address.ts';
import type { Node } from '../../node/node.ts';
import { GatewayError } from './gateway-error.ts';
import { GoParseError, parseGoInt } from './go-parse.ts';
import { BLOCK_HEIGHT_RESPONSE_HEADER, inService, nodeCodec, queryHeight } from './grpc-gateway.ts';
import { checkHeight, checkPage, checkPerPage } from '../rpc/arg-checks.ts';
import { RpcError } from '../rpc/jsonrpc.ts';
import { statusJson } from '../rpc/methods/info.ts';
import { groupQuery, populateQueryParameters } from './request-fields.ts';
import type { RestReply, RestRequest, RestRoute } from './route.ts';

const BASE = '/sdk/base/consensus/v1beta1';

/** types/query `DefaultLimit`. */
const DEFAULT_LIMIT = 100n;

/** The framework version the node reports (the stratosnet fork of cosmos-sdk, proto/README.md). */
export const SDK_VERSION = 'v0.47.11';

function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '';
}

/** `VersionInfo` of GetNodeInfo (SDK version.Info), for this implementation. */
export function applicationVersionJson(): { [key: string]: GoJsonValue } {
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

/** Runs a method after the interceptor and answers its result with the height header. */
function reply(height: bigint, run: () => GoJsonValue): RestReply {
  const body = inService(height, run);
  return { status: 200, body: goJson(body), headers: { [BLOCK_HEIGHT_RESPONSE_HEADER]: height.toString() } };
}

function heightParam(req: RestRequest): bigint {
  try {
    return parseGoInt(req.params.height!, 64);
  } catch (e) {
    if (e instanceof GoParseError) throw GatewayError.invalidArgument(`type mismatch, parameter: height, error: ${e.message}`);
    throw e;
  }
}

/**
 * The consensus engine's checks (rpc/core `getHeight`, `validatePage`), shared with the consensus
 * RPC; the SDK service passes their failures on as plain errors (Unknown, HTTP 500).
 */
function consensusChecked<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RpcError) throw GatewayError.unknown(e.data);
    throw e;
  }
}

function blockAt(node: Node, height: bigint): GoJsonValue {
  const record = node.block(height);
  if (!record) throw GatewayError.unknown(`height ${height} is not available`);
  return sdkBlockJson(record) as unknown as GoJsonValue;
}

/** types/query `ParsePagination`: page = offset / limit + 1, limit 0 → 100; key and count_total unused. */
function validatorPage(node: Node, req: RestRequest): { page: bigint; limit: bigint } {
  const codec = nodeCodec(node);
  if (req.queryError !== undefined) throw GatewayError.invalidArgument(req.queryError);
  const pageRequest = codec.create('sdk.base.query.v1beta1.PageRequest');
  const inner = new Map<string, string[]>();
  for (const [k, v] of groupQuery(req.query)) if (k.startsWith('pagination.')) inner.set(k.slice('pagination.'.length), v);
  try {
    populateQueryParameters(codec, codec.lookupType('sdk.base.query.v1beta1.PageRequest'), pageRequest, inner);
  } catch (e) {
    if (e instanceof GoParseError) throw GatewayError.invalidArgument(e.message);
    throw e;
  }
  const offset = BigInt.asIntN(64, pageRequest.offset as bigint);
  let limit = BigInt.asIntN(64, pageRequest.limit as bigint);
  if (offset < 0n) throw GatewayError.invalidArgument('offset must greater than 0');
  if (limit < 0n) throw GatewayError.invalidArgument('limit must greater than 0');
  if (limit === 0n) limit = DEFAULT_LIMIT;
  return { page: offset / limit + 1n, limit };
}

/** tmservice `validatorsOutput` over CometBFT `validators` (paged; `latest` is the next height's set). */
function validatorSet(node: Node, height: bigint, paging: { page: bigint; limit: bigint }): GoJsonValue {
  const codec = nodeCodec(node);
  const all = sortValidators(node.validators());
  const perPage = checkPerPage(paging.limit);
  const page = consensusChecked(() => checkPage(paging.page, perPage, all.length));
  const items = all.slice((page - 1) * perPage, page * perPage);
  return {
    block_height: height.toString(),
    validators: items.map((v) => ({
      address: consAddress(Buffer.from(v.address, 'hex')),
      pub_key: { '@type': codec.typeUrl('sdk.crypto.ed25519.PubKey'), key: base64(validatorPubKey(v)) },
      voting_power: v.voting_power,
      proposer_priority: v.proposer_priority,
    })),
    pagination: { next_key: null, total: all.length.toString() },
  };
}

/** The p2p `DefaultNodeInfo` proto in jsonpb form: `id` is `default_node_id`, channels are bytes. */
function defaultNodeInfoJson(node: Node): GoJsonValue {
  const info = (statusJson(node) as { node_info: { [k: string]: GoJsonValue } }).node_info;
  return {
    protocol_version: info.protocol_version!,
    default_node_id: info.id!,
    listen_addr: info.listen_addr!,
    network: info.network!,
    version: info.version!,
    channels: Buffer.from(info.channels as string, 'hex').toString('base64'),
    moniker: info.moniker!,
    other: info.other!,
  };
}

export function baseConsensusRoutes(node: Node): RestRoute[] {
  return [
    {
      method: 'GET',
      pattern: `${BASE}/node_info`,
      handler(req) {
        return reply(queryHeight(node, req), () => ({ default_node_info: defaultNodeInfoJson(node), application_version: applicationVersionJson() }));
      },
    },
    {
      method: 'GET',
      pattern: `${BASE}/syncing`,
      handler: (req) => reply(queryHeight(node, req), () => ({ syncing: false })),
    },
    {
      method: 'GET',
      pattern: `${BASE}/blocks/latest`,
      handler(req) {
        return reply(queryHeight(node, req), () => blockAt(node, node.height));
      },
    },
    {
      method: 'GET',
      pattern: `${BASE}/blocks/{height}`,
      handler(req) {
        const requested = heightParam(req);
        return reply(queryHeight(node, req), () => {
          if (requested > node.height) throw GatewayError.invalidArgument('requested block height is bigger then the chain length');
          return blockAt(node, consensusChecked(() => checkHeight(node.height, node.earliestHeight(), requested)));
        });
      },
    },
    {
      method: 'GET',
      pattern: `${BASE}/validatorsets/latest`,
      handler(req) {
        const paging = validatorPage(node, req);
        // CometBFT answers a nil height with the next height's set (`latestUncommittedHeight`)
        return reply(queryHeight(node, req), () => validatorSet(node, node.height + 1n, paging));
      },
    },
    {
      method: 'GET',
      pattern: `${BASE}/validatorsets/{height}`,
      handler(req) {
        const requested = heightParam(req);
        const paging = validatorPage(node, req);
        return reply(queryHeight(node, req), () => {
          if (requested > node.height) throw GatewayError.invalidArgument('requested block height is bigger then the chain length');
          return validatorSet(node, consensusChecked(() => checkHeight(node.height + 1n, node.earliestHeight(), requested)), paging);
        });
      },
    },
  ];
}
