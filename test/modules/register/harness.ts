/** Given/when/then harness for register tests: an App with funded owners, ed25519 node keys, tx delivery. */
import { txHash } from '../../../src/codec/tx.ts';
import { expect } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import type { TxResult } from '../../../src/abci/tx-result.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { sdsAddress } from '../../../src/crypto/address.ts';
import { ed25519Address, ed25519KeyPairFromSeed } from '../../../src/crypto/ed25519.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { balanceOf } from '../../../src/modules/bank/state.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { CHAIN_ID, genesisWith, signed, testKey, type TestKey } from '../../helpers/fixture.ts';
import { GENESIS_TIME } from '../../helpers/fixture.ts';
import { parseTimeNs } from '../../../src/state/block-info.ts';
import type { AbciEvent, ChainEvent } from '../../../src/events/event.ts';
import { produce, type Draft } from 'immer';
import type { AppState } from '../../../src/state/app-state.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';

export const STOS = 10n ** 18n;
export const SEC = 1_000_000_000n;
export const DAY = 86_400n * SEC;
export const GENESIS_NS = parseTimeNs(GENESIS_TIME);
export const FEE = [{ denom: 'wei', amount: '2000000000000000' }];
export const FEE_AMOUNT = 2_000_000_000_000_000n;

export interface NodeKey {
  readonly seed: number;
  readonly pub: Uint8Array;
  readonly address: string;
  readonly pubkeyAny: { type_url: string; value: Uint8Array };
}

/** An ed25519 node key from a fixed seed (32 bytes of `seed`). */
export function nodeKeyOf(seed: number): NodeKey {
  const pair = ed25519KeyPairFromSeed(new Uint8Array(32).fill(seed));
  // PubKey proto: field 1 (bytes) = the 32-byte key
  const value = new Uint8Array([0x0a, 32, ...pair.publicKey]);
  return { seed, pub: pair.publicKey, address: sdsAddress(ed25519Address(pair.publicKey)), pubkeyAny: { type_url: '/sdk.crypto.ed25519.PubKey', value } };
}

export const owners = [testKey(0), testKey(1), testKey(2), testKey(3), testKey(4)];

export const desc = (moniker = 'node') => ({ moniker, identity: '', website: '', security_contact: '', details: '' });

export const M = {
  createResourceNode: (owner: string, node: NodeKey, amount: bigint, nodeType = 4, extra: Record<string, unknown> = {}): TxMessage => ({
    typeName: 'chain.register.v1.MsgCreateResourceNode',
    value: { network_address: node.address, pubkey: node.pubkeyAny, value: { denom: 'wei', amount: amount.toString() }, owner_address: owner, beneficiary_address: '', description: desc(), node_type: nodeType, ...extra },
  }),
  createMetaNode: (owner: string, node: NodeKey, amount: bigint, extra: Record<string, unknown> = {}): TxMessage => ({
    typeName: 'chain.register.v1.MsgCreateMetaNode',
    value: { network_address: node.address, pubkey: node.pubkeyAny, value: { denom: 'wei', amount: amount.toString() }, owner_address: owner, beneficiary_address: owner, description: desc(), ...extra },
  }),
  removeResourceNode: (owner: string, node: string): TxMessage => ({ typeName: 'chain.register.v1.MsgRemoveResourceNode', value: { resource_node_address: node, owner_address: owner } }),
  removeMetaNode: (owner: string, node: string): TxMessage => ({ typeName: 'chain.register.v1.MsgRemoveMetaNode', value: { meta_node_address: node, owner_address: owner } }),
  updateResourceNode: (owner: string, node: string, extra: Record<string, unknown> = {}): TxMessage => ({
    typeName: 'chain.register.v1.MsgUpdateResourceNode',
    value: { description: desc('renamed'), beneficiary_address: '', network_address: node, owner_address: owner, node_type: 7, ...extra },
  }),
  updateMetaNode: (owner: string, node: string, extra: Record<string, unknown> = {}): TxMessage => ({
    typeName: 'chain.register.v1.MsgUpdateMetaNode',
    value: { description: desc('renamed'), beneficiary_address: '', network_address: node, owner_address: owner, ...extra },
  }),
  updateResourceNodeDeposit: (owner: string, node: string, delta: bigint, denom = 'wei'): TxMessage => ({
    typeName: 'chain.register.v1.MsgUpdateResourceNodeDeposit',
    value: { network_address: node, owner_address: owner, deposit_delta: { denom, amount: delta.toString() } },
  }),
  updateMetaNodeDeposit: (owner: string, node: string, delta: bigint, denom = 'wei'): TxMessage => ({
    typeName: 'chain.register.v1.MsgUpdateMetaNodeDeposit',
    value: { network_address: node, owner_address: owner, deposit_delta: { denom, amount: delta.toString() } },
  }),
  updateEffectiveDeposit: (reporterOwners: string[], reporters: string[], node: string, tokens: bigint | string): TxMessage => ({
    typeName: 'chain.register.v1.MsgUpdateEffectiveDeposit',
    value: { reporters, reporter_owner: reporterOwners, network_address: node, effective_tokens: tokens.toString() },
  }),
  regVote: (voterOwner: string, voter: string, candidate: string, candidateOwner: string, opinion = true): TxMessage => ({
    typeName: 'chain.register.v1.MsgMetaNodeRegistrationVote',
    value: { candidate_network_address: candidate, candidate_owner_address: candidateOwner, opinion, voter_network_address: voter, voter_owner_address: voterOwner },
  }),
  kickVote: (voterOwner: string, voter: string, target: string, opinion = true): TxMessage => ({
    typeName: 'chain.register.v1.MsgKickMetaNodeVote',
    value: { target_network_address: target, opinion, voter_network_address: voter, voter_owner_address: voterOwner },
  }),
};

export const GOV = moduleAccountAddress('gov');

/** An App at genesis with the owners funded, plus optional register genesis. */
export class Chain {
  readonly app: App;
  readonly accNum = new Map<string, bigint>();
  timeNs = GENESIS_NS;

  constructor(funds: bigint = 1000n * STOS, register?: unknown, extraAppState: Record<string, unknown> = {}, initialHeight = '1') {
    this.app = new App({ ...appModules });
    const g = genesisWith(owners.map((o) => [o.address, funds] as [string, bigint]), { initial_height: initialHeight });
    if (register !== undefined) (g.app_state as Record<string, unknown>).register = register;
    Object.assign(g.app_state, extraAppState);
    this.app.initChain(g);
    owners.forEach((o, i) => this.accNum.set(o.address, BigInt(i)));
  }

  /** Delivers one tx signed by `key` in a new block `advanceNs` after the last. */
  deliver(key: TestKey, msgs: TxMessage[], advanceNs = 5n * SEC): TxResult & { endEvents: readonly AbciEvent[]; hash: string } {
    const seq = getAccount(this.app.state, key.address)?.sequence ?? 0n;
    const tx = signed(key, this.accNum.get(key.address)!, seq, { messages: msgs, fee: FEE, gasLimit: 2_000_000n }, { chainId: CHAIN_ID });
    this.timeNs += advanceNs;
    const res = this.app.finalizeBlock({ height: this.app.height + 1n, timeNs: this.timeNs, proposer: '', txs: [tx] });
    this.app.commit();
    const r = res.txResults[0]!;
    return { ...r, endEvents: res.endBlockEvents, hash: txHash(tx) };
  }

  /** Then: success. */
  ok(key: TestKey, msgs: TxMessage[], advanceNs?: bigint) {
    const r = this.deliver(key, msgs, advanceNs);
    expect({ code: r.code, log: r.code === 0 ? '' : r.log }).toEqual({ code: 0, log: '' });
    return r;
  }

  /** Then: failure with codespace/code/log and the register and pool state unchanged. */
  fails(key: TestKey, msgs: TxMessage[], codespace: string, code: number, log?: string) {
    const before = this.app.state.register;
    const r = this.deliver(key, msgs);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace, code });
    if (log !== undefined) expect(r.log).toBe(log);
    expect(this.app.state.register).toEqual(before);
    return r;
  }

  /** An empty block `advanceNs` later; returns its end-block events. */
  emptyBlock(advanceNs: bigint): readonly AbciEvent[] {
    this.timeNs += advanceNs;
    const res = this.app.finalizeBlock({ height: this.app.height + 1n, timeNs: this.timeNs, proposer: '', txs: [] });
    this.app.commit();
    return res.endBlockEvents;
  }

  balance(address: string): bigint {
    return balanceOf(this.app.state, address, 'wei');
  }

  pool(name: string): bigint {
    return this.balance(moduleAccountAddress(name));
  }

  /** A query through the protobuf path (request encoded, response decoded). */
  query(method: string, req: Record<string, unknown> = {}): any {
    const spec = `chain.register.v1.Query/${method}`;
    const c = this.app.codec;
    const reqType = `chain.register.v1.Query${method}Request`;
    const r = this.app.query(`/${spec}`, c.encode(reqType, c.create(reqType, req)));
    if (r.code !== 0) return { error: { code: r.code, log: r.log } };
    return c.decode(`chain.register.v1.Query${method}Response`, r.value);
  }
}

/** The typed events of a result as {type → attributes object}, values JSON-decoded. */
export function typedEvents(events: readonly AbciEvent[], prefix = 'chain.register.v1.'): { type: string; attrs: Record<string, unknown> }[] {
  return events
    .filter((e) => e.type.startsWith(prefix))
    .map((e) => ({ type: e.type.slice(prefix.length), attrs: Object.fromEntries(e.attributes.map((a) => [a.key, JSON.parse(a.value)])) }));
}

/** Genesis JSON of a Bonded, active meta node owned by `owner` with `tokens` wei. */
export function genesisMetaNode(node: NodeKey, owner: string, tokens: bigint, extra: Record<string, unknown> = {}) {
  return {
    network_address: node.address,
    pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: Buffer.from(node.pub).toString('base64') },
    suspend: false,
    status: 'BOND_STATUS_BONDED',
    tokens: tokens.toString(),
    owner_address: owner,
    description: desc('meta'),
    creation_time: '2024-01-01T00:00:00Z',
    beneficiary_address: owner,
    ...extra,
  };
}

/** Runs a reducer on the committed state outside a tx (state set-up the messages cannot reach) and restores it. */
export function patchState(chain: Chain, f: (draft: Draft<AppState>, ctx: Ctx) => void): ChainEvent[] {
  const events: ChainEvent[] = [];
  const ctx: Ctx = { block: { chainId: CHAIN_ID, height: chain.app.height + 1n, timeNs: chain.timeNs, proposer: '' }, gas: infiniteGasMeter(), emit: (e) => events.push(e) };
  const next = produce(chain.app.state, (d) => f(d, ctx));
  chain.app.restore(next, chain.app.height, CHAIN_ID);
  return events;
}
