/**
 * Query service `chain.register.v1.Query` (reference/chain-semantics.md §1.10). Responses are the
 * decoded proto objects: Int as decimal strings, Timestamp as {seconds, nanos}, pubkey as Any.
 */
import { QueryError } from '../../errors.ts';
import type { Codec } from '../../codec/registry.ts';
import { accAddress, Hrp, sdkAddressFromBech32, sdkAddressProblem } from '../../crypto/address.ts';
import type { AppState } from '../../state/app-state.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import type { QuerySpec } from '../../state/module.ts';
import { paginate, type PageRequest } from '../../state/pagination.ts';
import { shardEntries, shardValues } from '../../state/sharded.ts';
import { META_NODE_BONDED_POOL, META_NODE_NOT_BONDED_POOL, poolBalance, RESOURCE_NODE_BONDED_POOL, RESOURCE_NODE_NOT_BONDED_POOL } from './deposits.ts';
import { paramsToProto } from './params.ts';
import { BondStatus, getMetaNode, getResourceNode, unbondingTotal, type MetaNodeRecord, type ResourceNodeRecord } from './state.ts';

const S = 'chain.register.v1';

/** Go's zero `time.Time` as a Timestamp (0001-01-01T00:00:00Z). */
const ZERO_TIMESTAMP = { seconds: -62135596800n, nanos: 0 };

function pubKeyAny(codec: Codec, n: MetaNodeRecord) {
  return { type_url: codec.typeUrl(n.pubkey.type_url), value: codec.encode(n.pubkey.type_url, { key: Buffer.from(n.pubkey.key, 'base64') }) };
}

function commonFields(codec: Codec, n: MetaNodeRecord) {
  return {
    network_address: n.network_address,
    pubkey: pubKeyAny(codec, n),
    suspend: n.suspend,
    status: n.status,
    tokens: n.tokens.toString(),
    owner_address: n.owner_address,
    description: { ...n.description },
    creation_time: timeNsToTimestamp(n.creation_time),
  };
}

/** The proto `ResourceNode` of a record. */
export function resourceNodeProto(codec: Codec, n: ResourceNodeRecord) {
  return { ...commonFields(codec, n), node_type: n.node_type, effective_tokens: n.effective_tokens.toString(), beneficiary_address: n.beneficiary_address };
}

/** The proto `MetaNode` of a record. */
export function metaNodeProto(codec: Codec, n: MetaNodeRecord) {
  return { ...commonFields(codec, n), beneficiary_address: n.beneficiary_address };
}

const coin = (denom: string, amount: bigint) => ({ denom, amount: amount.toString() });

/** DepositInfo (§1.10): the deposit columns by status. */
export function depositInfo(state: AppState, codec: Codec, n: MetaNodeRecord | ResourceNodeRecord) {
  const denom = state.register.params.bond_denom;
  const bonded = n.status === BondStatus.BONDED ? n.tokens : 0n;
  const unbonded = n.status === BondStatus.UNBONDED ? n.tokens : 0n;
  const unbonding = n.status === BondStatus.UNBONDING ? unbondingTotal(state, n.network_address) : 0n;
  return {
    ...commonFields(codec, n),
    node_type: 'node_type' in n ? n.node_type : 0,
    bonded_deposit: coin(denom, bonded),
    un_bonding_deposit: coin(denom, unbonding),
    un_bonded_deposit: coin(denom, unbonded),
  };
}

/** The all-default DepositInfo returned for unknown nodes and query types. */
export function emptyDepositInfo() {
  return {
    network_address: '',
    pubkey: null,
    suspend: false,
    status: 0,
    tokens: '0',
    owner_address: '',
    description: { moniker: '', identity: '', website: '', security_contact: '', details: '' },
    creation_time: ZERO_TIMESTAMP,
    node_type: 0,
    bonded_deposit: coin('', 0n),
    un_bonding_deposit: coin('', 0n),
    un_bonded_deposit: coin('', 0n),
  };
}

/**
 * A node's network address as stratos-chain's queries check it: empty is InvalidArgument in the
 * query's own words; otherwise `SdsAddressFromBech32`'s error is returned as it is, a plain Go error
 * (gRPC Unknown, REST 500 code 2: `decoding bech32 failed: …`, `invalid Bech32 prefix; expected
 * stsds, got st`).
 */
function requireNetworkAddr(addr: string, emptyMessage: string): void {
  if (addr === '') throw QueryError.invalidArgument(emptyMessage);
  const why = sdkAddressProblem(addr, Hrp.sds);
  if (why !== undefined) throw QueryError.plainError(why);
}

/** DepositByNode query types. */
export const QueryType = { ALL: 0, META_NODE: 1, RESOURCE_NODE: 2 } as const;

export const registerQueries: QuerySpec[] = [
  {
    method: `${S}.Query/ResourceNode`,
    requestType: `${S}.QueryResourceNodeRequest`,
    responseType: `${S}.QueryResourceNodeResponse`,
    run(state, req: { network_addr: string }, { codec }) {
      requireNetworkAddr(req.network_addr, ' Network address cannot be empty');
      const n = getResourceNode(state, req.network_addr);
      if (!n) throw QueryError.notFound(`network address ${req.network_addr} not found`);
      return { node: resourceNodeProto(codec, n) };
    },
  },
  {
    method: `${S}.Query/MetaNode`,
    requestType: `${S}.QueryMetaNodeRequest`,
    responseType: `${S}.QueryMetaNodeResponse`,
    run(state, req: { network_addr: string }, { codec }) {
      requireNetworkAddr(req.network_addr, ' network address cannot be empty');
      const n = getMetaNode(state, req.network_addr);
      if (!n) throw QueryError.notFound(`network address ${req.network_addr} not found`);
      return { node: metaNodeProto(codec, n) };
    },
  },
  {
    method: `${S}.Query/Params`,
    requestType: `${S}.QueryParamsRequest`,
    responseType: `${S}.QueryParamsResponse`,
    run(state) {
      return { params: paramsToProto(state.register.params) };
    },
  },
  {
    method: `${S}.Query/DepositByNode`,
    requestType: `${S}.QueryDepositByNodeRequest`,
    responseType: `${S}.QueryDepositByNodeResponse`,
    run(state, req: { network_addr: string; query_type: number }, { codec }) {
      requireNetworkAddr(req.network_addr, 'node network address cannot be empty');
      const t = Number(req.query_type ?? 0);
      let info: ReturnType<typeof depositInfo> | undefined;
      // ALL: meta node first, then the resource node overwrites when both exist
      if (t === QueryType.ALL || t === QueryType.META_NODE) {
        const m = getMetaNode(state, req.network_addr);
        if (m) info = depositInfo(state, codec, m);
      }
      if (t === QueryType.ALL || t === QueryType.RESOURCE_NODE) {
        const r = getResourceNode(state, req.network_addr);
        if (r) info = depositInfo(state, codec, r);
      }
      return { deposit_info: info ?? emptyDepositInfo() };
    },
  },
  {
    method: `${S}.Query/DepositByOwner`,
    requestType: `${S}.QueryDepositByOwnerRequest`,
    responseType: `${S}.QueryDepositByOwnerResponse`,
    run(state, req: { owner_addr: string; pagination: PageRequest | null }, { codec }) {
      if (req.owner_addr === '') throw QueryError.invalidArgument('owner address cannot be empty');
      // AccAddressFromBech32's error as it is (a plain Go error); the owner is matched by its bytes
      let owner: string;
      try {
        owner = accAddress(sdkAddressFromBech32(req.owner_addr, Hrp.account));
      } catch (e) {
        throw QueryError.plainError((e as Error).message);
      }
      // resource nodes (store prefix 0x01), then meta nodes (0x02)
      const items: { key: Uint8Array; node: MetaNodeRecord | ResourceNodeRecord }[] = [];
      for (const [k, n] of shardEntries(state.register.resource_nodes)) if (n.owner_address === owner) items.push({ key: Buffer.from('01' + k, 'hex'), node: n });
      for (const [k, n] of shardEntries(state.register.meta_nodes)) if (n.owner_address === owner) items.push({ key: Buffer.from('02' + k, 'hex'), node: n });
      const { page, pagination } = paginate(items, (i) => i.key, req.pagination);
      // the chain overwrites total with the number of items returned
      return { deposit_infos: page.map((i) => depositInfo(state, codec, i.node)), pagination: { ...pagination, total: BigInt(page.length) } };
    },
  },
  {
    method: `${S}.Query/DepositTotal`,
    requestType: `${S}.QueryDepositTotalRequest`,
    responseType: `${S}.QueryDepositTotalResponse`,
    run(state) {
      const denom = state.register.params.bond_denom;
      const rnB = poolBalance(state, RESOURCE_NODE_BONDED_POOL, denom);
      const rnNB = poolBalance(state, RESOURCE_NODE_NOT_BONDED_POOL, denom);
      const mnB = poolBalance(state, META_NODE_BONDED_POOL, denom);
      const mnNB = poolBalance(state, META_NODE_NOT_BONDED_POOL, denom);
      let unbonding = 0n;
      for (const u of shardValues(state.register.unbonding_nodes)) for (const e of u.entries) unbonding += e.balance;
      return {
        resource_nodes_total_deposit: coin(denom, rnB + rnNB),
        meta_nodes_total_deposit: coin(denom, mnB + mnNB),
        total_bonded_deposit: coin(denom, rnB + mnB),
        total_unbonded_deposit: coin(denom, rnNB + mnNB - unbonding),
        total_unbonding_deposit: coin(denom, unbonding),
      };
    },
  },
  {
    method: `${S}.Query/BondedResourceNodeCount`,
    requestType: `${S}.QueryBondedResourceNodeCountRequest`,
    responseType: `${S}.QueryBondedResourceNodeCountResponse`,
    run: (state) => ({ number: state.register.bonded_resource_node_count }),
  },
  {
    method: `${S}.Query/BondedMetaNodeCount`,
    requestType: `${S}.QueryBondedMetaNodeCountRequest`,
    responseType: `${S}.QueryBondedMetaNodeCountResponse`,
    run: (state) => ({ number: state.register.bonded_meta_node_count }),
  },
  {
    method: `${S}.Query/RemainingOzoneLimit`,
    requestType: `${S}.QueryRemainingOzoneLimitRequest`,
    responseType: `${S}.QueryRemainingOzoneLimitResponse`,
    run: (state) => ({ ozone_limit: state.register.remaining_ozone_limit.toString() }),
  },
];
