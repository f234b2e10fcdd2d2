/**
 * The meta nodes `tx pot report` signs for by default: every meta node on chain that is Bonded and
 * not suspended and whose owner has a local key in the keyring of the home, each with the BLS key
 * derived from that owner key (modules/pot/meta-node-bls-key.ts; docs/pot.md). The chain has no
 * query listing all meta nodes (neither has the real one), so they are found per owner with
 * `DepositByOwner`; meta nodes owned elsewhere are known only by the `BondedMetaNodeCount` counter,
 * and by name when the home's genesis file lists them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accAddress, addressFromBech32 } from '../../../crypto/address.ts';
import { recordAddress, type KeyRecord } from '../../../crypto/keyring/record.ts';
import { GrpcStatusError, queryGrpc } from '../../../client/query-grpc.ts';
import { metaNodeBlsSecretKey } from '../../../modules/pot/meta-node-bls-key.ts';
import { blsThreshold } from '../../../modules/pot/report-msg.ts';
import type { TxContext } from '../context.ts';
import { isBondedStatus } from '../../../sds/chain/chain-access.ts';

const REGISTER = 'chain.register.v1';

/** A meta node as the register queries show it. */
export interface MetaNodeInfo {
  readonly networkAddress: string;
  readonly owner: string;
  readonly bonded: boolean;
  readonly suspended: boolean;
}

export interface MetaNodeSigner {
  readonly networkAddress: string;
  readonly owner: string;
  readonly keyName: string;
  readonly blsSecretKey: Uint8Array;
}

export interface SignerSet {
  readonly signers: readonly MetaNodeSigner[];
  readonly bondedMetaNodes: bigint;
  readonly threshold: bigint;
}

function query(tc: TxContext, method: string, request: Record<string, unknown>) {
  return queryGrpc(tc.client, `${REGISTER}.Query/${method}`, `${REGISTER}.Query${method}Request`, `${REGISTER}.Query${method}Response`, request, undefined, tc.codec);
}

/** The meta nodes (any status) owned by `owner`, over every page of `DepositByOwner`. */
export async function metaNodesOwnedBy(tc: TxContext, owner: string): Promise<MetaNodeInfo[]> {
  const out: MetaNodeInfo[] = [];
  let key: Uint8Array = new Uint8Array(0);
  for (;;) {
    const res = (await query(tc, 'DepositByOwner', { owner_addr: owner, pagination: { key, offset: 0n, limit: 100n, count_total: false, reverse: false } })) as {
      deposit_infos?: { network_address: string; owner_address: string; status: unknown; suspend: boolean; node_type?: number }[];
      pagination?: { next_key?: Uint8Array | null };
    };
    for (const d of res.deposit_infos ?? []) {
      // DepositInfo.node_type is 0 for meta nodes (reference §1.10)
      if (Number(d.node_type ?? 0) !== 0) continue;
      out.push({ networkAddress: d.network_address, owner: d.owner_address, bonded: isBondedStatus(d.status), suspended: d.suspend === true });
    }
    const next = res.pagination?.next_key;
    if (!next || next.length === 0) return out;
    key = next;
  }
}

async function metaNode(tc: TxContext, networkAddress: string): Promise<MetaNodeInfo | undefined> {
  try {
    const res = (await query(tc, 'MetaNode', { network_addr: networkAddress })) as { node?: { network_address: string; owner_address: string; status: unknown; suspend: boolean } };
    if (!res.node || res.node.network_address === '') return undefined;
    return { networkAddress: res.node.network_address, owner: res.node.owner_address, bonded: isBondedStatus(res.node.status), suspended: res.node.suspend === true };
  } catch (e) {
    if (e instanceof GrpcStatusError) return undefined;
    throw e;
  }
}

export async function bondedMetaNodeCount(tc: TxContext): Promise<bigint> {
  const res = (await query(tc, 'BondedMetaNodeCount', {})) as { number?: bigint | string | number };
  return BigInt(res.number ?? 0);
}

/** The network addresses of the meta nodes in the home's genesis file (none without one). */
function genesisMetaNodeAddresses(home: string): string[] {
  const path = join(home, 'config', 'genesis.json');
  if (!existsSync(path)) return [];
  try {
    const g = JSON.parse(readFileSync(path, 'utf8')) as { app_state?: { register?: { meta_nodes?: { network_address?: unknown }[] } } };
    return (g.app_state?.register?.meta_nodes ?? []).map((m) => m.network_address).filter((a): a is string => typeof a === 'string' && a !== '');
  } catch {
    return [];
  }
}

/** The local keys to sign with: the named ones (`--signers`), else every local key of the keyring. */
async function signingKeys(tc: TxContext, only: readonly string[] | undefined): Promise<KeyRecord[]> {
  if (only === undefined) return (await tc.keyring.list()).filter((r) => r.privKey !== undefined);
  const records: KeyRecord[] = [];
  for (const name of only) {
    const r = await tc.keyring.key(name);
    if (!r.privKey) throw new Error(`--signers ${name}: key ${name} is ${r.type === 'offline' ? 'an offline' : `a ${r.type}`} key; a meta node signature needs the owner's local private key`);
    records.push(r);
  }
  return records;
}

/**
 * The default signer set (see the file comment), checked against the threshold
 * `max(1, floor(2·bonded/3))` before anything is broadcast. `only` restricts the keys to those
 * key names (`--signers`).
 */
export async function metaNodeSigners(tc: TxContext, only?: readonly string[]): Promise<SignerSet> {
  const keys = await signingKeys(tc, only);
  const signers: MetaNodeSigner[] = [];
  /** known bonded meta nodes that do not sign, with the reason */
  const notSigning = new Map<string, string>();
  const seenOwners = new Set<string>();
  for (const record of keys) {
    const owner = accAddress(recordAddress(record));
    if (seenOwners.has(owner)) continue;
    seenOwners.add(owner);
    for (const m of await metaNodesOwnedBy(tc, owner)) {
      if (!m.bonded) continue;
      if (m.suspended) {
        notSigning.set(m.networkAddress, `owner key ${record.name} is here, but the meta node is suspended`);
        continue;
      }
      signers.push({ networkAddress: m.networkAddress, owner, keyName: record.name, blsSecretKey: metaNodeBlsSecretKey(record.privKey!.key, m.networkAddress) });
    }
  }
  const bondedMetaNodes = await bondedMetaNodeCount(tc);
  const threshold = blsThreshold(bondedMetaNodes);
  if (BigInt(signers.length) >= threshold) return { signers, bondedMetaNodes, threshold };

  // not enough: name the bonded meta nodes this home knows of that do not sign
  const signing = new Set(signers.map((s) => s.networkAddress));
  for (const address of genesisMetaNodeAddresses(tc.flags.home)) {
    if (signing.has(address) || notSigning.has(address)) continue;
    const m = await metaNode(tc, address);
    if (!m || !m.bonded) continue;
    const record = await tc.keyring.findKeyByAddress(addressFromBech32(m.owner));
    const why = !record ? 'no key for it in the keyring' : !record.privKey ? `owner key ${record.name} is ${record.type}, without a private key here` : 'owner key not among --signers';
    notSigning.set(address, `owner ${m.owner}: ${m.suspended ? 'suspended, and ' : ''}${why}`);
  }
  const unknown = bondedMetaNodes - BigInt(signers.length) - BigInt(notSigning.size);
  const parts = [
    `not enough meta node signers for the volume report: found ${signers.length}${only !== undefined ? ` (among --signers ${only.join(',')})` : ''}, need ${threshold} (max(1, floor(2 × ${bondedMetaNodes} bonded meta nodes / 3)))`,
  ];
  if (signers.length > 0) parts.push(`signing: ${signers.map((s) => `${s.networkAddress} (key ${s.keyName})`).join(', ')}`);
  if (notSigning.size > 0) parts.push(`not signing: ${[...notSigning].map(([a, why]) => `${a} (${why})`).join(', ')}`);
  if (unknown > 0n) parts.push(`${unknown} more bonded meta node${unknown === 1n ? '' : 's'} with no owner key in the keyring`);
  parts.push('add the owner keys to the keyring (chaind keys add --recover / keys import), or give --bls-keys');
  throw new Error(parts.join('; '));
}
