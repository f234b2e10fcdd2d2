/**
 * Register genesis in its proto-JSON shape (`app_state.register`, reference/chain-semantics.md
 * §1.9): validation naming the bad field, InitGenesis with the fresh-start pool funding and the
 * St / Lt initialisation, and ExportGenesis.
 */
import type { Draft } from 'immer';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import { formatTimeNs, parseTimeNs } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import { shardEntries, shardSet, shardValues, type Sharded } from '../../state/sharded.ts';
import { accountKey, moduleAccountAddress } from '../auth/account.ts';
import { balanceOf, sendCoinsFromAccountToModule } from '../bank/state.ts';
import { META_NODE_BONDED_POOL, META_NODE_NOT_BONDED_POOL, RESOURCE_NODE_BONDED_POOL, RESOURCE_NODE_NOT_BONDED_POOL } from './deposits.ts';
import { DEFAULT_REGISTER_PARAMS, paramsFromJson, paramsToJson, validateRegisterParams, type JsonRegisterParams } from './params.ts';
import {
  BOND_STATUS_NAMES,
  BondStatus,
  DEFAULT_DEPOSIT_NOZ_RATE_RAW,
  emptyRegisterState,
  nodeKey,
  setKickVotePool,
  setMetaNode,
  setRegistrationVotePool,
  setResourceNode,
  setSlashing,
  type Description,
  type MetaNodeRecord,
  type RegisterState,
  type ResourceNodeRecord,
  type UnbondingNodeRecord,
  type VotePool,
} from './state.ts';
import { queueKey } from './unbonding.ts';
import { NODE_PUBKEY_TYPE } from './validate.ts';
import { accAddress, addressFromBech32, Hrp } from '../../crypto/address.ts';
import { hexToBytes } from '@noble/hashes/utils.js';

interface JsonAny {
  '@type': string;
  key: string;
}

export interface JsonNode {
  network_address: string;
  pubkey: JsonAny | null;
  suspend: boolean;
  status: string | number;
  tokens: string;
  owner_address: string;
  description: Partial<Description>;
  creation_time: string;
  beneficiary_address: string;
  node_type?: number;
  effective_tokens?: string;
}

export interface JsonVotePool {
  network_address?: string;
  target_network_address?: string;
  approve_list: string[];
  reject_list: string[];
  expire_time: string;
  is_vote_passed: boolean;
}

export interface JsonUnbondingNode {
  network_addr: string;
  is_meta_node: boolean;
  entries: { creation_height: string; completion_time?: string; creation_time?: string; initial_balance: string; balance: string }[];
}

export interface RegisterGenesis {
  params: JsonRegisterParams;
  resource_nodes: JsonNode[];
  meta_nodes: JsonNode[];
  remaining_noz_limit: string;
  slashing: { wallet_address: string; value: string }[];
  deposit_noz_rate: string;
  meta_node_reg_vote_pool: JsonVotePool[];
  unbonding_nodes: JsonUnbondingNode[];
  kick_meta_node_vote_pool: JsonVotePool[];
}

const W = 'app_state.register';

export function defaultRegisterGenesis(): RegisterGenesis {
  return {
    params: paramsToJson(DEFAULT_REGISTER_PARAMS),
    resource_nodes: [],
    meta_nodes: [],
    remaining_noz_limit: '0',
    slashing: [],
    deposit_noz_rate: Dec.fromRaw(DEFAULT_DEPOSIT_NOZ_RATE_RAW).toString(),
    meta_node_reg_vote_pool: [],
    unbonding_nodes: [],
    kick_meta_node_vote_pool: [],
  };
}

function intAt(v: unknown, where: string): bigint {
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string' || !/^-?\d+$/.test(s)) throw new Error(`${where}: expected an integer string, got ${JSON.stringify(v)}`);
  return BigInt(s);
}

function timeAt(v: unknown, where: string): bigint {
  try {
    return parseTimeNs(String(v));
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

function sdsAt(v: unknown, where: string): string {
  try {
    addressFromBech32(String(v), Hrp.sds);
  } catch (e) {
    throw new Error(`${where}: invalid network address ${JSON.stringify(v)}: ${(e as Error).message}`);
  }
  return String(v);
}

function accAt(v: unknown, where: string): string {
  try {
    accountKey(String(v));
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
  return String(v);
}

function statusAt(v: unknown, where: string): number {
  if (typeof v === 'number' && v >= 0 && v <= 3) return v;
  const n = Object.entries(BOND_STATUS_NAMES).find(([, name]) => name === v);
  if (!n) throw new Error(`${where}: expected a bond status (BOND_STATUS_BONDED, BOND_STATUS_UNBONDING, BOND_STATUS_UNBONDED), got ${JSON.stringify(v)}`);
  return Number(n[0]);
}

function pubKeyAt(v: JsonAny | null | undefined, where: string) {
  if (!v || typeof v.key !== 'string') throw new Error(`${where}: expected an ed25519 pubkey {"@type": "/sdk.crypto.ed25519.PubKey", "key": <base64>}`);
  if (!String(v['@type']).endsWith('.crypto.ed25519.PubKey')) throw new Error(`${where}.@type: expected an ed25519 pubkey type, got ${JSON.stringify(v['@type'])}`);
  if (Buffer.from(v.key, 'base64').length !== 32) throw new Error(`${where}.key: expected 32 bytes of base64`);
  return { type_url: NODE_PUBKEY_TYPE, key: v.key };
}

function descriptionAt(d: Partial<Description> | undefined): Description {
  return { moniker: d?.moniker ?? '', identity: d?.identity ?? '', website: d?.website ?? '', security_contact: d?.security_contact ?? '', details: d?.details ?? '' };
}

function metaNodeAt(n: JsonNode, where: string): MetaNodeRecord {
  const owner = accAt(n.owner_address, `${where}.owner_address`);
  const tokens = intAt(n.tokens, `${where}.tokens`);
  if (tokens < 0n) throw new Error(`${where}.tokens: must not be negative, got ${tokens}`);
  return {
    network_address: sdsAt(n.network_address, `${where}.network_address`),
    pubkey: pubKeyAt(n.pubkey, `${where}.pubkey`),
    suspend: Boolean(n.suspend),
    status: statusAt(n.status, `${where}.status`),
    tokens,
    owner_address: owner,
    description: descriptionAt(n.description),
    creation_time: n.creation_time === undefined ? 0n : timeAt(n.creation_time, `${where}.creation_time`),
    // an empty beneficiary becomes the owner (§1.9 InitGenesis)
    beneficiary_address: n.beneficiary_address ? accAt(n.beneficiary_address, `${where}.beneficiary_address`) : owner,
  };
}

function resourceNodeAt(n: JsonNode, where: string): ResourceNodeRecord {
  const base = metaNodeAt(n, where);
  const nodeType = Number(n.node_type ?? 0);
  if (!Number.isInteger(nodeType) || nodeType < 1 || nodeType > 7) throw new Error(`${where}.node_type: expected 1..7, got ${JSON.stringify(n.node_type)}`);
  return { ...base, node_type: nodeType, effective_tokens: intAt(n.effective_tokens ?? '0', `${where}.effective_tokens`) };
}

function votePoolAt(p: JsonVotePool, where: string, addrField: 'network_address' | 'target_network_address'): VotePool {
  return {
    network_address: sdsAt(p[addrField], `${where}.${addrField}`),
    approve_list: [...(p.approve_list ?? [])],
    reject_list: [...(p.reject_list ?? [])],
    expire_time: timeAt(p.expire_time, `${where}.expire_time`),
    is_vote_passed: Boolean(p.is_vote_passed),
  };
}

function unbondingAt(u: JsonUnbondingNode, where: string): UnbondingNodeRecord {
  return {
    network_addr: sdsAt(u.network_addr, `${where}.network_addr`),
    is_meta_node: Boolean(u.is_meta_node),
    entries: (u.entries ?? []).map((e, i) => ({
      creation_height: intAt(e.creation_height ?? '0', `${where}.entries[${i}].creation_height`),
      // [QUIRK] the amino tag of completion_time is creation_time: both spellings are read
      completion_time: timeAt(e.completion_time ?? e.creation_time, `${where}.entries[${i}].completion_time`),
      initial_balance: intAt(e.initial_balance, `${where}.entries[${i}].initial_balance`),
      balance: intAt(e.balance, `${where}.entries[${i}].balance`),
    })),
  };
}

function rateAt(v: unknown): Dec {
  try {
    return Dec.fromString(String(v));
  } catch (e) {
    throw new Error(`${W}.deposit_noz_rate: ${(e as Error).message}`);
  }
}

/** ValidateGenesis (§1.9); the resource-node [QUIRK] of `validate-genesis` is not reproduced (InitChain runs this). */
export function validateRegisterGenesis(g: RegisterGenesis): void {
  const params = paramsFromJson(g.params, `${W}.params`);
  try {
    validateRegisterParams(params);
  } catch (e) {
    throw new Error(`${W}.params: ${(e as Error).message}`);
  }
  (g.resource_nodes ?? []).forEach((n, i) => resourceNodeAt(n, `${W}.resource_nodes[${i}]`));
  (g.meta_nodes ?? []).forEach((n, i) => metaNodeAt(n, `${W}.meta_nodes[${i}]`));
  if (intAt(g.remaining_noz_limit ?? '0', `${W}.remaining_noz_limit`) < 0n) throw new Error(`${W}.remaining_noz_limit: remaining Noz Limit must be non-negative`);
  if (!rateAt(g.deposit_noz_rate ?? '1000000').isPositive()) throw new Error(`${W}.deposit_noz_rate: deposit noz rate must be positive`);
  (g.slashing ?? []).forEach((s, i) => {
    accAt(s.wallet_address, `${W}.slashing[${i}].wallet_address`);
    intAt(s.value, `${W}.slashing[${i}].value`);
  });
  (g.meta_node_reg_vote_pool ?? []).forEach((p, i) => votePoolAt(p, `${W}.meta_node_reg_vote_pool[${i}]`, 'network_address'));
  (g.kick_meta_node_vote_pool ?? []).forEach((p, i) => votePoolAt(p, `${W}.kick_meta_node_vote_pool[${i}]`, 'target_network_address'));
  (g.unbonding_nodes ?? []).forEach((u, i) => unbondingAt(u, `${W}.unbonding_nodes[${i}]`));
}

export function initRegisterGenesis(draft: Draft<AppState>, g: RegisterGenesis, ctx: Ctx): void {
  validateRegisterGenesis(g);
  const params = paramsFromJson(g.params, `${W}.params`);
  (draft as { register: RegisterState }).register = { ...emptyRegisterState(), params };
  const denom = params.bond_denom;
  const pools = [RESOURCE_NODE_BONDED_POOL, RESOURCE_NODE_NOT_BONDED_POOL, META_NODE_BONDED_POOL, META_NODE_NOT_BONDED_POOL];
  const freshStart = pools.every((p) => balanceOf(draft, moduleAccountAddress(p), denom) === 0n);
  let initialDeposit = 0n;
  const fund = (owner: string, tokens: bigint, pool: string, where: string) => {
    if (!freshStart || tokens === 0n) return;
    if (balanceOf(draft, owner, denom) < tokens) throw new Error(`${where}.tokens: owner ${owner} holds less than ${tokens}${denom} to deposit`);
    sendCoinsFromAccountToModule(draft, owner, pool, [{ denom, amount: tokens }], ctx);
  };
  (g.resource_nodes ?? []).forEach((j, i) => {
    const where = `${W}.resource_nodes[${i}]`;
    const n = resourceNodeAt(j, where);
    if (n.status === BondStatus.BONDED) {
      draft.register.bonded_resource_node_count += 1n;
      if (!n.suspend) initialDeposit += n.effective_tokens;
      fund(n.owner_address, n.tokens, RESOURCE_NODE_BONDED_POOL, where);
    } else if (n.status === BondStatus.UNBONDED) fund(n.owner_address, n.tokens, RESOURCE_NODE_NOT_BONDED_POOL, where);
    // [QUIRK] an Unbonding node's tokens go to the bonded pool on a fresh start
    else if (n.status === BondStatus.UNBONDING) fund(n.owner_address, n.tokens, RESOURCE_NODE_BONDED_POOL, where);
    setResourceNode(draft, n);
  });
  (g.meta_nodes ?? []).forEach((j, i) => {
    const where = `${W}.meta_nodes[${i}]`;
    const n = metaNodeAt(j, where);
    if (n.status === BondStatus.BONDED) {
      draft.register.bonded_meta_node_count += 1n;
      if (!n.suspend) initialDeposit += n.tokens;
      fund(n.owner_address, n.tokens, META_NODE_BONDED_POOL, where);
    } else if (n.status === BondStatus.UNBONDED) fund(n.owner_address, n.tokens, META_NODE_NOT_BONDED_POOL, where);
    else if (n.status === BondStatus.UNBONDING) fund(n.owner_address, n.tokens, META_NODE_BONDED_POOL, where);
    setMetaNode(draft, n);
  });
  draft.register.effective_total_deposit = initialDeposit;
  draft.register.initial_genesis_deposit_total = initialDeposit;
  const rate = rateAt(g.deposit_noz_rate ?? '1000000');
  draft.register.deposit_noz_rate = rate.raw;
  const pt = balanceOf(draft, moduleAccountAddress('total_unissued_prepay'), denom);
  draft.register.remaining_ozone_limit = freshStart && pt === 0n ? Dec.fromInt(initialDeposit).quo(rate).truncateInt() : intAt(g.remaining_noz_limit ?? '0', `${W}.remaining_noz_limit`);
  (g.slashing ?? []).forEach((s) => setSlashing(draft, accountKey(s.wallet_address), BigInt(s.value)));
  (g.meta_node_reg_vote_pool ?? []).forEach((p, i) => setRegistrationVotePool(draft, votePoolAt(p, `${W}.meta_node_reg_vote_pool[${i}]`, 'network_address')));
  (g.kick_meta_node_vote_pool ?? []).forEach((p, i) => setKickVotePool(draft, votePoolAt(p, `${W}.kick_meta_node_vote_pool[${i}]`, 'target_network_address')));
  (g.unbonding_nodes ?? []).forEach((j, i) => {
    const u = unbondingAt(j, `${W}.unbonding_nodes[${i}]`);
    shardSet(draft.register.unbonding_nodes as Sharded<UnbondingNodeRecord>, nodeKey(u.network_addr), u);
    const q = draft.register.unbonding_queue as Record<string, string[]>;
    for (const e of u.entries) (q[queueKey(e.completion_time)] ??= []).push(u.network_addr);
  });
}

const INT64_MAX = (1n << 63n) - 1n;

function nodeJson(n: MetaNodeRecord): JsonNode {
  return {
    network_address: n.network_address,
    pubkey: { '@type': `/${n.pubkey.type_url}`, key: n.pubkey.key },
    suspend: n.suspend,
    status: BOND_STATUS_NAMES[n.status]!,
    tokens: n.tokens.toString(),
    owner_address: n.owner_address,
    description: { ...n.description },
    creation_time: formatTimeNs(n.creation_time),
    beneficiary_address: n.beneficiary_address,
  };
}

function poolJson(p: VotePool, addrField: 'network_address' | 'target_network_address'): JsonVotePool {
  return { [addrField]: p.network_address, approve_list: [...p.approve_list], reject_list: [...p.reject_list], expire_time: formatTimeNs(p.expire_time), is_vote_passed: p.is_vote_passed };
}

/**
 * ExportGenesis. [EDGE] the real chain panics exporting a slashing debt above 2^63−1 wei (Int64());
 * here the export fails with an Error naming the wallet.
 */
export function exportRegisterGenesis(state: AppState): RegisterGenesis {
  const r = state.register;
  const slashing: RegisterGenesis['slashing'] = [];
  for (const [k, v] of shardEntries(r.slashing)) {
    const wallet = accAddress(hexToBytes(k));
    if (v > INT64_MAX) throw new Error(`${W}.slashing: the debt of ${wallet} (${v}wei) does not fit int64; the real chain panics exporting it`);
    slashing.push({ wallet_address: wallet, value: v.toString() });
  }
  return {
    params: paramsToJson(r.params),
    resource_nodes: [...shardValues(r.resource_nodes)].map((n) => ({ ...nodeJson(n), node_type: n.node_type, effective_tokens: n.effective_tokens.toString() })),
    meta_nodes: [...shardValues(r.meta_nodes)].map(nodeJson),
    remaining_noz_limit: r.remaining_ozone_limit.toString(),
    slashing,
    deposit_noz_rate: Dec.fromRaw(r.deposit_noz_rate).toString(),
    meta_node_reg_vote_pool: [...shardValues(r.reg_vote_pools)].map((p) => poolJson(p, 'network_address')),
    unbonding_nodes: [...shardValues(r.unbonding_nodes)].map((u) => ({
      network_addr: u.network_addr,
      is_meta_node: u.is_meta_node,
      entries: u.entries.map((e) => ({ creation_height: e.creation_height.toString(), completion_time: formatTimeNs(e.completion_time), initial_balance: e.initial_balance.toString(), balance: e.balance.toString() })),
    })),
    kick_meta_node_vote_pool: [...shardValues(r.kick_vote_pools)].map((p) => poolJson(p, 'target_network_address')),
  };
}
