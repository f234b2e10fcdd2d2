/** Given/when/then harness for staking tests: an App with funded accounts, ed25519 consensus keys, tx delivery, queries. */
import { expect } from 'vitest';
import { produce, type Draft } from 'immer';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import type { TxResult } from '../../../src/abci/tx-result.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { addressFromBech32, Hrp, valAddress } from '../../../src/crypto/address.ts';
import { ed25519KeyPairFromSeed, validatorKeyAddressHex } from '../../../src/crypto/ed25519.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { balanceOf } from '../../../src/modules/bank/state.ts';
import type { AbciEvent, ChainEvent } from '../../../src/events/event.ts';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { parseTimeNs, type ValidatorUpdate } from '../../../src/state/block-info.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { CHAIN_ID, GENESIS_TIME, genesisWith, signed, testKey, type TestKey } from '../../helpers/fixture.ts';

export const STOS = 10n ** 18n;
export const SEC = 1_000_000_000n;
export const DAY = 86_400n * SEC;
export const UNBONDING = 1_814_400n * SEC;
export const GENESIS_NS = parseTimeNs(GENESIS_TIME);
export const FEE = [{ denom: 'wei', amount: '2000000000000000' }];
export const FEE_AMOUNT = 2_000_000_000_000_000n;
export const GOV = moduleAccountAddress('gov');
export const BONDED_POOL = moduleAccountAddress('bonded_tokens_pool');
export const NOT_BONDED_POOL = moduleAccountAddress('not_bonded_tokens_pool');

export const keys = [0, 1, 2, 3, 4, 5].map((i) => testKey(i));

/** The operator address (`stvaloper1…`) of an account. */
export const valoper = (k: TestKey): string => valAddress(addressFromBech32(k.address, Hrp.account));

export interface ConsKey {
  readonly pub: Uint8Array;
  readonly base64: string;
  readonly consHex: string;
  readonly any: { type_url: string; value: Uint8Array };
}

/** An ed25519 consensus key from a fixed seed. */
export function consKey(seed: number): ConsKey {
  const pair = ed25519KeyPairFromSeed(new Uint8Array(32).fill(seed));
  return {
    pub: pair.publicKey,
    base64: Buffer.from(pair.publicKey).toString('base64'),
    consHex: validatorKeyAddressHex(pair.publicKey),
    any: { type_url: '/sdk.crypto.ed25519.PubKey', value: new Uint8Array([0x0a, 32, ...pair.publicKey]) },
  };
}

const coin = (amount: bigint | string, denom = 'wei') => ({ denom, amount: amount.toString() });
export const description = (moniker = 'val') => ({ moniker, identity: '', website: '', security_contact: '', details: '' });
export const commission = (rate = '0.100000000000000000', max = '0.200000000000000000', change = '0.010000000000000000') => ({ rate, max_rate: max, max_change_rate: change });

const T = 'sdk.staking.v1beta1';
export const M = {
  createValidator: (k: TestKey, cons: ConsKey, amount: bigint, extra: Record<string, unknown> = {}): TxMessage => ({
    typeName: `${T}.MsgCreateValidator`,
    value: { description: description(), commission: commission(), min_self_delegation: '1', delegator_address: k.address, validator_address: valoper(k), pubkey: cons.any, value: coin(amount), ...extra },
  }),
  editValidator: (k: TestKey, extra: Record<string, unknown> = {}): TxMessage => ({
    typeName: `${T}.MsgEditValidator`,
    value: { description: { moniker: '[do-not-modify]', identity: '[do-not-modify]', website: '[do-not-modify]', security_contact: '[do-not-modify]', details: '[do-not-modify]' }, validator_address: valoper(k), commission_rate: null, min_self_delegation: null, ...extra },
  }),
  delegate: (del: string, val: string, amount: bigint, denom = 'wei'): TxMessage => ({ typeName: `${T}.MsgDelegate`, value: { delegator_address: del, validator_address: val, amount: coin(amount, denom) } }),
  undelegate: (del: string, val: string, amount: bigint, denom = 'wei'): TxMessage => ({ typeName: `${T}.MsgUndelegate`, value: { delegator_address: del, validator_address: val, amount: coin(amount, denom) } }),
  redelegate: (del: string, src: string, dst: string, amount: bigint): TxMessage => ({
    typeName: `${T}.MsgBeginRedelegate`,
    value: { delegator_address: del, validator_src_address: src, validator_dst_address: dst, amount: coin(amount) },
  }),
  cancelUnbond: (del: string, val: string, amount: bigint, height: bigint): TxMessage => ({
    typeName: `${T}.MsgCancelUnbondingDelegation`,
    value: { delegator_address: del, validator_address: val, amount: coin(amount), creation_height: height },
  }),
  updateParams: (authority: string, params: Record<string, unknown>): TxMessage => ({ typeName: `${T}.MsgUpdateParams`, value: { authority, params } }),
};

/** An App at genesis with the keys funded; captures the validator updates handed to consensus. */
export class Chain {
  readonly app: App;
  readonly accNum = new Map<string, bigint>();
  timeNs = GENESIS_NS;
  /** the updates of the last finalized block's EndBlock (or InitChain) */
  updates: readonly ValidatorUpdate[] | undefined;

  constructor(funds: bigint = 10_000n * STOS, extraAppState: Record<string, unknown> = {}) {
    this.app = new App({ ...appModules });
    const g = genesisWith(keys.map((k) => [k.address, funds] as [string, bigint]));
    Object.assign(g.app_state, extraAppState);
    this.app.initChain(g);
    keys.forEach((k, i) => this.accNum.set(k.address, BigInt(i)));
  }

  deliver(key: TestKey, msgs: TxMessage[], advanceNs = 5n * SEC): TxResult & { endEvents: readonly AbciEvent[] } {
    const seq = getAccount(this.app.state, key.address)?.sequence ?? 0n;
    const tx = signed(key, this.accNum.get(key.address)!, seq, { messages: msgs, fee: FEE, gasLimit: 3_000_000n }, { chainId: CHAIN_ID });
    this.timeNs += advanceNs;
    const res = this.app.finalizeBlock({ height: this.app.height + 1n, timeNs: this.timeNs, proposer: '', txs: [tx] });
    this.app.commit();
    this.updates = res.validatorUpdates;
    return { ...res.txResults[0]!, endEvents: res.endBlockEvents };
  }

  ok(key: TestKey, msgs: TxMessage[], advanceNs?: bigint) {
    const r = this.deliver(key, msgs, advanceNs);
    expect({ code: r.code, log: r.code === 0 ? '' : r.log }).toEqual({ code: 0, log: '' });
    return r;
  }

  /** Then: refused with codespace/code (and log), the staking slice unchanged. */
  fails(key: TestKey, msgs: TxMessage[], codespace: string, code: number, log?: string) {
    const before = this.app.state.staking;
    const r = this.deliver(key, msgs);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace, code });
    if (log !== undefined) expect(r.log).toBe(log);
    expect(this.app.state.staking.validators).toEqual(before.validators);
    expect(this.app.state.staking.unbonding_queue).toEqual(before.unbonding_queue);
    return r;
  }

  emptyBlock(advanceNs: bigint = 5n * SEC): readonly AbciEvent[] {
    this.timeNs += advanceNs;
    const res = this.app.finalizeBlock({ height: this.app.height + 1n, timeNs: this.timeNs, proposer: '', txs: [] });
    this.app.commit();
    this.updates = res.validatorUpdates;
    return res.endBlockEvents;
  }

  balance(address: string): bigint {
    return balanceOf(this.app.state, address, 'wei');
  }

  /** A query through the protobuf path; `{error}` on failure. */
  query(method: string, req: Record<string, unknown> = {}): any {
    const c = this.app.codec;
    const reqType = `${T}.Query${method}Request`;
    const r = this.app.query(`/${T}.Query/${method}`, c.encode(reqType, c.create(reqType, req)));
    if (r.code !== 0) return { error: { code: r.code, log: r.log } };
    return c.decode(`${T}.Query${method}Response`, r.value);
  }

  validator(k: TestKey) {
    return this.query('Validator', { validator_addr: valoper(k) }).validator;
  }
}

/** The events of a type as attribute objects. */
export function eventsOf(events: readonly AbciEvent[], type: string): Record<string, string>[] {
  return events.filter((e) => e.type === type).map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
}

/** Runs a reducer on the committed state outside a tx and keeps its result. */
export function patchState(chain: Chain, f: (draft: Draft<AppState>, ctx: Ctx) => void): ChainEvent[] {
  const events: ChainEvent[] = [];
  const ctx: Ctx = { block: { chainId: CHAIN_ID, height: chain.app.height, timeNs: chain.timeNs, proposer: '' }, gas: infiniteGasMeter(), emit: (e) => events.push(e) };
  const next = produce(chain.app.state, (d) => f(d, ctx));
  chain.app.restore(next, chain.app.height, CHAIN_ID);
  return events;
}

/** A BONDED genesis validator of `k` with `tokens` self-delegated (JSON of app_state.staking.validators). */
export function genesisValidator(k: TestKey, cons: ConsKey, tokens: bigint, status = 'BOND_STATUS_BONDED') {
  return {
    operator_address: valoper(k),
    consensus_pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: cons.base64 },
    jailed: false,
    status,
    tokens: tokens.toString(),
    delegator_shares: `${tokens}.000000000000000000`,
    description: description('genesis'),
    unbonding_height: '0',
    unbonding_time: '1970-01-01T00:00:00Z',
    commission: { commission_rates: { rate: '0.050000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' }, update_time: GENESIS_TIME },
    min_self_delegation: '1',
    unbonding_on_hold_ref_count: '0',
    unbonding_ids: [],
  };
}

/**
 * app_state.staking with bonded validators self-delegated, and the bonded pool's bank balance that
 * InitGenesis checks (to be added to the bank genesis with `poolBalances`).
 */
export function stakingGenesis(vals: { key: TestKey; cons: ConsKey; tokens: bigint }[], params: Record<string, unknown> = {}) {
  return {
    params: { unbonding_time: '1814400s', max_validators: 100, max_entries: 7, historical_entries: 10000, bond_denom: 'wei', min_commission_rate: '0.000000000000000000', ...params },
    last_total_power: '0',
    last_validator_powers: [],
    validators: vals.map((v) => genesisValidator(v.key, v.cons, v.tokens)),
    delegations: vals.map((v) => ({ delegator_address: v.key.address, validator_address: valoper(v.key), shares: `${v.tokens}.000000000000000000` })),
    unbonding_delegations: [],
    redelegations: [],
    exported: false,
  };
}
