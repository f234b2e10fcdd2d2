/**
 * The REST record form of a resource node (spec part 2 "Resource node record"): `{height, result}`
 * with the record in legacy amino JSON — integer status, pubkey `{type, value}` with the amino
 * name of the ed25519 key, RFC 3339 creation time — and the three deposit fields. stratos-chain's
 * legacy REST served it as `GET /register/resource-node/{nodeAddress}` (x/register/client/rest,
 * `rest.PostProcessResponse`), with `?height=` and `{"error": …}` failures (400 for a bad height or
 * address, 404 for a node that is not there). The record is the module's `DepositByNode`
 * answer for resource nodes (query type 2).
 */
import { aminoStruct } from '../../codec/amino-json.ts';
import { goJson } from '../../codec/go-json.ts';
import type { ProtoObject } from '../../codec/registry.ts';
import { addressFromBech32, Hrp } from '../../crypto/address.ts';
import type { Node } from '../../node/node.ts';
import { nodeCodec } from './grpc-gateway.ts';
import { queryPath } from '../../client/query-grpc.ts';
import type { RestReply, RestRequest, RestRoute } from './route.ts';

const S = 'chain.register.v1';
/** DepositByNode query type 2: resource nodes only (reference/chain-semantics.md §1.10). */
const RESOURCE_NODE_ONLY = 2;

const legacyError = (status: number, error: string): RestReply => ({ status, body: goJson({ error }) });

/** SDK legacy `rest.ParseQueryHeightOrReturnBadRequest`: `?height=` (0 or absent = latest). */
function legacyHeight(req: RestRequest): bigint | RestReply {
  const text = req.query.find(([k]) => k === 'height')?.[1] ?? '';
  if (text === '') return 0n;
  if (!/^[+-]?\d+$/.test(text) || BigInt(text) > (1n << 63n) - 1n || BigInt(text) < -(1n << 63n)) {
    return legacyError(400, `strconv.ParseInt: parsing ${JSON.stringify(text)}: ${/^[+-]?\d+$/.test(text) ? 'value out of range' : 'invalid syntax'}`);
  }
  const h = BigInt(text);
  if (h < 0n) return legacyError(400, 'height must be equal or greater than zero');
  return h;
}

export function resourceNodeRecordRoute(node: Node): RestRoute {
  const codec = nodeCodec(node);
  return {
    method: 'GET',
    pattern: '/register/resource-node/{nodeAddress}',
    handler(req) {
      const height = legacyHeight(req);
      if (typeof height !== 'bigint') return height;
      const address = req.params.nodeAddress ?? '';
      try {
        addressFromBech32(address, Hrp.sds);
      } catch (err) {
        return legacyError(400, (err as Error).message);
      }
      const res = node.query(queryPath(`${S}.Query/DepositByNode`, codec), codec.encode(`${S}.QueryDepositByNodeRequest`, { network_addr: address, query_type: RESOURCE_NODE_ONLY }), height);
      if (res.code !== 0) return legacyError(res.code === 26 || res.code === 18 ? 400 : 500, res.log);
      const info = (codec.decode(`${S}.QueryDepositByNodeResponse`, res.value) as { deposit_info: ProtoObject | null }).deposit_info;
      // DepositByNode answers an unknown node with an empty record, the legacy route with 404
      if (!info || info.network_address === '') return legacyError(404, `resource node ${address} does not exist`);
      const result = aminoStruct(codec, codec.lookupType(`${S}.DepositInfo`), info);
      return { status: 200, body: goJson({ height: res.height.toString(), result }) };
    },
  };
}
