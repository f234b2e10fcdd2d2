/**
 * Given/when/then harness for slashing, evidence and mint: an App at genesis (optional module
 * genesis overrides), validators written straight into the staking slice (records of the state.ts
 * shape, hooks called as staking's bonding would), and blocks with last-commit votes and
 * misbehavior.
 */
import { produce, type Draft } from 'immer';
import { expect } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { appModules } from '../../../src/abci/modules.ts';
import type { TxResult } from '../../../src/abci/tx-result.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { addressFromBech32 } from '../../../src/crypto/address.ts';
import type { AbciEvent } from '../../../src/events/event.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { balanceOf, creditGenesisBalance } from '../../../src/modules/bank/state.ts';
import * as stakingHooks from '../../../src/modules/staking/hooks.ts';
import { BondStatus, consensusPower, type ValidatorRecord } from '../../../src/modules/staking/state.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { parseTimeNs, type Misbehavior, type VoteInfo } from '../../../src/state/block-info.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { shardSet, type Sharded } from '../../../src/state/sharded.ts';
import { CHAIN_ID, GENESIS_TIME, genesisWith, signed, testKey, type TestKey } from '../../helpers/fixture.ts';
import { testValidator, type Val } from '../../helpers/validators.ts';
import { appQuery, eventsOf } from '../../helpers/app-query.ts';

export type { Val };

export const STOS = 10n ** 18n;
export const SEC = 1_000_000_000n;
export const GENESIS_NS = parseTimeNs(GENESIS_TIME);
export const FEE = [{ denom: 'wei', amount: '2000000000000000' }];
export const FAIL = 'failed to execute message; message index: 0: ';
export const GOV = moduleAccountAddress('gov');

/** Slashing genesis with a 20-block window and half of it to sign (reference/sdk-modules.md §9.3). */
export const WINDOW_20 = {
  slashing: {
    params: {
      signed_blocks_window: '20',
      min_signed_per_window: '0.500000000000000000',
      downtime_jail_duration: '600s',
      slash_fraction_double_sign: '0.050000000000000000',
      slash_fraction_downtime: '0.000200000000000000',
    },
    signing_infos: [],
    missed_blocks: [],
  },
};

export const keys = [testKey(0), testKey(1), testKey(2), testKey(3)];

/** Validator `index` is operated by `keys[index]`. */
export function valOf(index: number): Val {
  return testValidator(keys[index]!, 0x40 + index);
}

export interface ValidatorSetup {
  readonly tokens: bigint;
  readonly jailed?: boolean;
  readonly status?: number;
  readonly minSelfDelegation?: bigint;
  /** self-delegation shares (Dec raw); default tokens × 10^18; null for none */
  readonly selfShares?: bigint | null;
}

const hex = (bech32: string) => Buffer.from(addressFromBech32(bech32, bech32.startsWith('stvaloper') ? 'stvaloper' : 'st')).toString('hex');

/**
 * Writes a validator record, its cons index, self-delegation and pool tokens, calling staking's
 * hooks (distribution's, then slashing's) as MsgCreateValidator and the bonding EndBlock would.
 */
export function putValidator(draft: Draft<AppState>, v: Val, s: ValidatorSetup, ctx: Ctx): void {
  const record: ValidatorRecord = {
    operator_address: v.operator,
    consensus_pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', key: v.pubKey },
    cons_address: v.consHex,
    jailed: s.jailed ?? false,
    status: s.status ?? BondStatus.BONDED,
    tokens: s.tokens,
    delegator_shares: s.tokens * STOS,
    description: { moniker: 'v', identity: '', website: '', security_contact: '', details: '' },
    unbonding_height: 0n,
    unbonding_time: 0n,
    commission: { rate: 0n, max_rate: 0n, max_change_rate: 0n, update_time: 0n },
    min_self_delegation: s.minSelfDelegation ?? 1n,
    unbonding_on_hold_ref_count: 0n,
    unbonding_ids: [],
  };
  const opHex = hex(v.operator);
  (draft.staking.validators as Record<string, ValidatorRecord>)[opHex] = record;
  (draft.staking.validator_by_cons as Record<string, string>)[v.consHex] = opHex;
  stakingHooks.afterValidatorCreated(draft, record, ctx);
  const shares = s.selfShares === undefined ? s.tokens * STOS : s.selfShares;
  if (shares !== null) {
    stakingHooks.beforeDelegationCreated(draft, v.key.address, v.operator, ctx);
    shardSet(draft.staking.delegations as Sharded<unknown>, hex(v.key.address) + opHex, { delegator_address: v.key.address, validator_address: v.operator, shares });
    stakingHooks.afterDelegationModified(draft, v.key.address, v.operator, ctx);
  }
  // the staking invariants EndBlock relies on: the tokens in the pool of the status, the bonded set
  const pool = record.status === BondStatus.BONDED ? 'bonded_tokens_pool' : 'not_bonded_tokens_pool';
  creditGenesisBalance(draft, moduleAccountAddress(pool), [{ denom: 'wei', amount: s.tokens }]);
  (draft.bank.supply as Record<string, bigint>).wei = (draft.bank.supply.wei ?? 0n) + s.tokens;
  if (record.status === BondStatus.BONDED && !record.jailed) {
    (draft.staking.last_validator_powers as Record<string, bigint>)[opHex] = consensusPower(s.tokens);
    draft.staking.last_total_power += consensusPower(s.tokens);
  }
  if (record.status === BondStatus.BONDED) stakingHooks.afterValidatorBonded(draft, record, ctx);
}

export interface BlockOptions {
  readonly votes?: readonly VoteInfo[];
  readonly misbehavior?: readonly Misbehavior[];
  readonly txs?: readonly Uint8Array[];
  readonly advanceNs?: bigint;
  readonly evidenceParams?: { maxAgeNumBlocks: bigint; maxAgeDurationNs: bigint };
}

export interface BlockResult {
  readonly begin: readonly AbciEvent[];
  readonly txResults: readonly TxResult[];
}

export class World {
  readonly app: App;
  timeNs = GENESIS_NS;

  /** `appState` overrides module genesis (e.g. `{slashing: {...}}`); `funds` per key. */
  constructor(appState: Record<string, unknown> = {}, funds: readonly [string, bigint][] = keys.map((k) => [k.address, 1000n * STOS])) {
    this.app = new App({ ...appModules });
    const g = genesisWith(funds);
    Object.assign(g.app_state, appState);
    this.app.initChain(g);
  }

  /** Runs a reducer on the committed state as of the next block (state set-up outside txs). */
  patch(f: (draft: Draft<AppState>, ctx: Ctx) => void, height = this.app.height): void {
    const ctx: Ctx = { block: { chainId: CHAIN_ID, height, timeNs: this.timeNs, proposer: '' }, gas: infiniteGasMeter(), emit: () => {} };
    const next = produce(this.app.state, (d) => f(d, ctx));
    this.app.restore(next, this.app.height, CHAIN_ID);
  }

  block(o: BlockOptions = {}): BlockResult {
    this.timeNs += o.advanceNs ?? 5n * SEC;
    const res = this.app.finalizeBlock({
      height: this.app.height + 1n,
      timeNs: this.timeNs,
      proposer: '',
      txs: o.txs ?? [],
      ...(o.votes ? { lastCommit: o.votes } : {}),
      ...(o.misbehavior ? { misbehavior: o.misbehavior } : {}),
      ...(o.evidenceParams ? { evidenceParams: o.evidenceParams } : {}),
    });
    this.app.commit();
    return { begin: res.beginBlockEvents, txResults: res.txResults };
  }

  signedTx(key: TestKey, msgs: TxMessage[]): Uint8Array {
    const acc = getAccount(this.app.state, key.address);
    return signed(key, acc?.account_number ?? 0n, acc?.sequence ?? 0n, { messages: msgs, fee: FEE, gasLimit: 2_000_000n }, { chainId: CHAIN_ID });
  }

  /** One tx in a new block (with optional votes); returns its result. */
  deliver(key: TestKey, msgs: TxMessage[], o: BlockOptions = {}): TxResult {
    return this.block({ ...o, txs: [this.signedTx(key, msgs)] }).txResults[0]!;
  }

  ok(key: TestKey, msgs: TxMessage[], o: BlockOptions = {}): TxResult {
    const r = this.deliver(key, msgs, o);
    expect({ code: r.code, log: r.code === 0 ? '' : r.log }).toEqual({ code: 0, log: '' });
    return r;
  }

  fails(key: TestKey, msgs: TxMessage[], codespace: string, code: number, log: string): TxResult {
    // (staking's historical info and mint's minter move every block; the rest must not)
    const watched = () => ({ slashing: this.app.state.slashing, validators: this.app.state.staking.validators, mint: this.app.state.mint.params });
    const before = watched();
    const r = this.deliver(key, msgs);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace, code, log });
    expect(watched()).toEqual(before);
    return r;
  }

  balance(address: string, denom = 'wei'): bigint {
    return balanceOf(this.app.state, address, denom);
  }

  /** A query through the protobuf path (request encoded, response decoded), or `{error}`. */
  query(service: string, method: string, req: Record<string, unknown> = {}): any {
    return appQuery(this.app, service, method, req);
  }

  validator(v: Val): ValidatorRecord {
    return this.app.state.staking.validators[hex(v.operator)]!;
  }
}

export { eventsOf };

export const vote = (v: Val, power: bigint, signedBlock: boolean): VoteInfo => ({ address: v.consHex, power, signed: signedBlock });
