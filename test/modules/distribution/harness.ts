/**
 * Given/when/then harness for distribution: an App at genesis, validators and delegations written
 * into the staking slice the way staking's messages would (with distribution's hooks called in
 * staking's order), blocks with last-commit votes, txs, and queries through the protobuf path.
 */
import { produce, type Draft } from 'immer';
import { expect } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { appModules } from '../../../src/abci/modules.ts';
import type { TxResult } from '../../../src/abci/tx-result.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { addressFromBech32 } from '../../../src/crypto/address.ts';
import type { AbciEvent, ChainEvent } from '../../../src/events/event.ts';
import { toAbciEvent } from '../../../src/events/event.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { balanceOf, burnCoins, sendCoinsFromAccountToModule, sendCoinsFromModuleToAccount } from '../../../src/modules/bank/state.ts';
import * as hooks from '../../../src/modules/distribution/hooks.ts';
import { BondStatus, type DelegationRecord, type ValidatorRecord } from '../../../src/modules/staking/state.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { parseTimeNs, type VoteInfo } from '../../../src/state/block-info.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { shardDelete, shardGet, shardSet, type Sharded } from '../../../src/state/sharded.ts';
import { CHAIN_ID, GENESIS_TIME, genesisWith, signed, testKey, type TestKey } from '../../helpers/fixture.ts';
import { testValidator, type Val } from '../../helpers/validators.ts';
import { appQuery, eventsOf } from '../../helpers/app-query.ts';

export type { Val };

export const STOS = 10n ** 18n;
export const DEC = 10n ** 18n;
export const SEC = 1_000_000_000n;
export const GENESIS_NS = parseTimeNs(GENESIS_TIME);
export const FAIL = 'failed to execute message; message index: 0: ';
export const GOV = moduleAccountAddress('gov');
export const DISTR = moduleAccountAddress('distribution');
export const FEE_COLLECTOR = moduleAccountAddress('fee_collector');

export const keys = [testKey(0), testKey(1), testKey(2), testKey(3), testKey(4), testKey(5)];

export function valOf(index: number): Val {
  return testValidator(keys[index]!, 0x50 + index);
}

export const hexOf = (bech32: string) => Buffer.from(addressFromBech32(bech32, bech32.startsWith('stvaloper') ? 'stvaloper' : 'st')).toString('hex');

/** Dec raw of a decimal text. */
export const dec = (text: string): bigint => {
  const [i, f = ''] = text.split('.');
  return BigInt(i!) * DEC + BigInt(f.padEnd(18, '0'));
};

function validatorRecord(v: Val, commissionRate: bigint): ValidatorRecord {
  return {
    operator_address: v.operator,
    consensus_pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', key: v.pubKey },
    cons_address: v.consHex,
    jailed: false,
    status: BondStatus.BONDED,
    tokens: 0n,
    delegator_shares: 0n,
    description: { moniker: 'v', identity: '', website: '', security_contact: '', details: '' },
    unbonding_height: 0n,
    unbonding_time: 0n,
    commission: { rate: commissionRate, max_rate: DEC, max_change_rate: DEC, update_time: 0n },
    min_self_delegation: 1n,
    unbonding_on_hold_ref_count: 0n,
    unbonding_ids: [],
  };
}

const validators = (d: Draft<AppState>) => d.staking.validators as Record<string, ValidatorRecord>;

/** The staking pool holding a validator's tokens: bonded or not bonded, by its status. */
const poolOf = (v: ValidatorRecord) => (v.status === BondStatus.BONDED ? 'bonded_tokens_pool' : 'not_bonded_tokens_pool');

/** MsgCreateValidator as staking runs it: the record, AfterValidatorCreated, then the self-delegation. */
export function createValidator(draft: Draft<AppState>, v: Val, selfBond: bigint, commissionRate: bigint, ctx: Ctx): void {
  const record = validatorRecord(v, commissionRate);
  const opHex = hexOf(v.operator);
  validators(draft)[opHex] = record;
  (draft.staking.validator_by_cons as Record<string, string>)[v.consHex] = opHex;
  hooks.afterValidatorCreated(draft, record, ctx);
  delegate(draft, v.key.address, v, selfBond, ctx);
}

/**
 * Delegate as staking does: BeforeDelegationCreated or BeforeDelegationSharesModified, the shares
 * at the validator's exchange rate (tokens and shares added), then AfterDelegationModified.
 */
export function delegate(draft: Draft<AppState>, delegator: string, v: Val, amount: bigint, ctx: Ctx): void {
  const opHex = hexOf(v.operator);
  const key = hexOf(delegator) + opHex;
  const existing = shardGet(draft.staking.delegations as Sharded<DelegationRecord>, key);
  if (existing) hooks.beforeDelegationSharesModified(draft, delegator, v.operator, ctx);
  else hooks.beforeDelegationCreated(draft, delegator, v.operator, ctx);
  const val = validators(draft)[opHex]!;
  sendCoinsFromAccountToModule(draft, delegator, poolOf(val), [{ denom: 'wei', amount }], ctx);
  const shares = val.tokens === 0n ? amount * DEC : (val.delegator_shares * amount) / val.tokens;
  validators(draft)[opHex] = { ...val, tokens: val.tokens + amount, delegator_shares: val.delegator_shares + shares };
  shardSet(draft.staking.delegations as Sharded<DelegationRecord>, key, {
    delegator_address: delegator,
    validator_address: v.operator,
    shares: (existing?.shares ?? 0n) + shares,
  });
  hooks.afterDelegationModified(draft, delegator, v.operator, ctx);
}

/** Undelegate `shares` (Dec raw) as staking does: the hook withdraws, shares and tokens go, then starting info (if any left). */
export function undelegate(draft: Draft<AppState>, delegator: string, v: Val, shares: bigint, ctx: Ctx): void {
  const opHex = hexOf(v.operator);
  const key = hexOf(delegator) + opHex;
  const existing = shardGet(draft.staking.delegations as Sharded<DelegationRecord>, key)!;
  hooks.beforeDelegationSharesModified(draft, delegator, v.operator, ctx);
  const val = validators(draft)[opHex]!;
  const tokens = val.delegator_shares === shares ? val.tokens : (shares * val.tokens) / val.delegator_shares;
  validators(draft)[opHex] = { ...val, tokens: val.tokens - tokens, delegator_shares: val.delegator_shares - shares };
  // (no unbonding entry: the tokens go straight back)
  if (tokens > 0n) sendCoinsFromModuleToAccount(draft, poolOf(val), delegator, [{ denom: 'wei', amount: tokens }], ctx);
  if (existing.shares === shares) shardDelete(draft.staking.delegations as Sharded<DelegationRecord>, key);
  else {
    shardSet(draft.staking.delegations as Sharded<DelegationRecord>, key, { ...existing, shares: existing.shares - shares });
    hooks.afterDelegationModified(draft, delegator, v.operator, ctx);
  }
}

/** Slash as staking does: BeforeValidatorSlashed(fraction), then trunc(tokens × fraction) burned. Returns the burned amount. */
export function slashValidator(draft: Draft<AppState>, v: Val, fraction: bigint, ctx: Ctx): bigint {
  const opHex = hexOf(v.operator);
  hooks.beforeValidatorSlashed(draft, v.operator, fraction, ctx);
  const val = validators(draft)[opHex]!;
  const burned = (val.tokens * fraction) / DEC;
  validators(draft)[opHex] = { ...val, tokens: val.tokens - burned };
  if (burned > 0n) burnCoins(draft, poolOf(val), [{ denom: 'wei', amount: burned }], ctx);
  return burned;
}

export interface BlockOptions {
  readonly votes?: readonly VoteInfo[];
  readonly txs?: readonly Uint8Array[];
  readonly proposer?: string;
}

export class World {
  readonly app: App;
  timeNs = GENESIS_NS;

  constructor(appState: Record<string, unknown> = {}, funds: readonly [string, bigint][] = keys.map((k) => [k.address, 1000n * STOS])) {
    this.app = new App({ ...appModules });
    const g = genesisWith(funds);
    Object.assign(g.app_state, appState);
    this.app.initChain(g);
  }

  /** Runs a reducer on the committed state at `height` (state set-up outside txs); returns the events in ABCI form. */
  patch(f: (draft: Draft<AppState>, ctx: Ctx) => unknown, height = this.app.height): [string, Record<string, string>][] {
    const events: ChainEvent[] = [];
    const ctx: Ctx = { block: { chainId: CHAIN_ID, height, timeNs: this.timeNs, proposer: '' }, gas: infiniteGasMeter(), emit: (e) => events.push(e) };
    const next = produce(this.app.state, (d) => {
      f(d, ctx);
    });
    this.app.restore(next, this.app.height, CHAIN_ID);
    return eventsOf(events.map((e) => toAbciEvent(e)));
  }

  block(o: BlockOptions = {}): { begin: readonly AbciEvent[]; txResults: readonly TxResult[] } {
    this.timeNs += 5n * SEC;
    const res = this.app.finalizeBlock({
      height: this.app.height + 1n,
      timeNs: this.timeNs,
      proposer: o.proposer ?? '',
      txs: o.txs ?? [],
      ...(o.votes ? { lastCommit: o.votes } : {}),
    });
    this.app.commit();
    return { begin: res.beginBlockEvents, txResults: res.txResults };
  }

  signedTx(key: TestKey, msgs: TxMessage[], fee: bigint): Uint8Array {
    const acc = getAccount(this.app.state, key.address);
    return signed(key, acc?.account_number ?? 0n, acc?.sequence ?? 0n, { messages: msgs, fee: [{ denom: 'wei', amount: fee.toString() }], gasLimit: 2_000_000n }, { chainId: CHAIN_ID });
  }

  deliver(key: TestKey, msgs: TxMessage[], o: BlockOptions & { fee?: bigint } = {}): TxResult & { begin: readonly AbciEvent[] } {
    const b = this.block({ ...o, txs: [this.signedTx(key, msgs, o.fee ?? 200_000_000_000_000n)] });
    return { ...b.txResults[0]!, begin: b.begin };
  }

  ok(key: TestKey, msgs: TxMessage[], o: BlockOptions & { fee?: bigint } = {}) {
    const r = this.deliver(key, msgs, o);
    expect({ code: r.code, log: r.code === 0 ? '' : r.log }).toEqual({ code: 0, log: '' });
    return r;
  }

  fails(key: TestKey, msgs: TxMessage[], codespace: string, code: number, log: string, o: BlockOptions = {}) {
    const before = this.app.state.distribution;
    const r = this.deliver(key, msgs, o);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace, code, log });
    if (!o.votes) expect(this.app.state.distribution).toEqual(before);
    return r;
  }

  balance(address: string, denom = 'wei'): bigint {
    return balanceOf(this.app.state, address, denom);
  }

  query(method: string, req: Record<string, unknown> = {}): any {
    return appQuery(this.app, 'sdk.distribution.v1beta1', method, req);
  }

  validator(v: Val): ValidatorRecord {
    return this.app.state.staking.validators[hexOf(v.operator)]!;
  }
}

export { eventsOf };

export const vote = (v: Val, power: bigint, signedBlock = true): VoteInfo => ({ address: v.consHex, power, signed: signedBlock });

export const M = {
  withdrawReward: (delegator: string, validator: string): TxMessage => ({
    typeName: 'sdk.distribution.v1beta1.MsgWithdrawDelegatorReward',
    value: { delegator_address: delegator, validator_address: validator },
  }),
  withdrawCommission: (validator: string): TxMessage => ({
    typeName: 'sdk.distribution.v1beta1.MsgWithdrawValidatorCommission',
    value: { validator_address: validator },
  }),
  setWithdrawAddress: (delegator: string, withdraw: string): TxMessage => ({
    typeName: 'sdk.distribution.v1beta1.MsgSetWithdrawAddress',
    value: { delegator_address: delegator, withdraw_address: withdraw },
  }),
  fundCommunityPool: (depositor: string, amount: { denom: string; amount: string }[]): TxMessage => ({
    typeName: 'sdk.distribution.v1beta1.MsgFundCommunityPool',
    value: { amount, depositor },
  }),
  updateParams: (authority: string, params: Record<string, unknown>): TxMessage => ({
    typeName: 'sdk.distribution.v1beta1.MsgUpdateParams',
    value: { authority, params },
  }),
  communityPoolSpend: (authority: string, recipient: string, amount: { denom: string; amount: string }[]): TxMessage => ({
    typeName: 'sdk.distribution.v1beta1.MsgCommunityPoolSpend',
    value: { authority, recipient, amount },
  }),
};

/** Distribution's BeginBlock events: the fee_collector → distribution send and `commission`/`rewards` of `validators` votes. */
export function allocationEvents(begin: readonly AbciEvent[], validators: number): [string, Record<string, string>][] {
  const start = begin.findIndex((e) => e.type === 'coin_spent' && e.attributes.some((a) => a.key === 'spender' && a.value === FEE_COLLECTOR));
  if (start < 0) return [];
  return eventsOf(begin.slice(start, start + 4 + 2 * validators));
}

/** The events a message emitted (from its `message{action}` event on). */
export function msgEvents(events: readonly AbciEvent[]): [string, Record<string, string>][] {
  const i = events.findIndex((e) => e.type === 'message' && e.attributes.some((a) => a.key === 'action'));
  return eventsOf(events.slice(i));
}
