/**
 * Staking invariants under any sequence of delegate / redelegate / undelegate / slash and blocks
 * (reference/sdk-modules.md §2.4): the bonded pool holds exactly the BONDED validators' tokens; the
 * not-bonded pool the other validators' tokens plus the unbonding entries' balances; wei is neither
 * created nor destroyed except by burns; a validator's delegator_shares is the sum of its
 * delegations' shares, each of them at most that.
 */
import fc from 'fast-check';
import { produce, type Draft } from 'immer';
import { describe, expect, it } from 'vitest';
import { ChainError } from '../src/errors.ts';
import { infiniteGasMeter } from '../src/abci/gas.ts';
import type { ChainEvent } from '../src/events/event.ts';
import { moduleAccountAddress } from '../src/modules/auth/account.ts';
import { balanceOf } from '../src/modules/bank/state.ts';
import { stakingModule } from '../src/modules/staking/index.ts';
import { msgBeginRedelegate, msgDelegate, msgUndelegate } from '../src/modules/staking/msgs.ts';
import { slash } from '../src/modules/staking/slash.ts';
import { BondStatus } from '../src/modules/staking/state.ts';
import type { AppState } from '../src/state/app-state.ts';
import type { BlockInfo } from '../src/state/block-info.ts';
import type { Ctx, MsgSpec } from '../src/state/module.ts';
import { shardValues } from '../src/state/sharded.ts';
import { Chain, consKey, keys, M, STOS, valoper } from '../test/modules/staking/harness.ts';

const SEED = Number(process.env.FC_SEED ?? 20261124);
const VALIDATORS = [0, 1, 2];
const DELEGATORS = [3, 4, 5];

/** A chain with three bonded validators (1, 2 and 3 STOS) made by real txs. */
function baseState(): AppState {
  const chain = new Chain(10_000n * STOS);
  for (const i of VALIDATORS) chain.ok(keys[i]!, [M.createValidator(keys[i]!, consKey(i + 1), BigInt(i + 1) * STOS)]);
  for (const d of DELEGATORS) chain.ok(keys[d]!, VALIDATORS.map((v) => M.delegate(keys[d]!.address, valoper(keys[v]!), 2n * STOS)));
  return chain.app.state;
}

type Op =
  | { kind: 'delegate'; d: number; v: number; amount: bigint }
  | { kind: 'undelegate'; d: number; v: number; amount: bigint }
  | { kind: 'redelegate'; d: number; v: number; w: number; amount: bigint }
  | { kind: 'slash'; v: number; fraction: bigint; back: bigint }
  | { kind: 'block'; advanceS: bigint };

const amount = fc.bigInt({ min: 1n, max: 3n * STOS });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('delegate' as const), d: fc.constantFrom(...DELEGATORS), v: fc.constantFrom(...VALIDATORS), amount }),
  fc.record({ kind: fc.constant('undelegate' as const), d: fc.constantFrom(...DELEGATORS, ...VALIDATORS), v: fc.constantFrom(...VALIDATORS), amount }),
  fc.record({ kind: fc.constant('redelegate' as const), d: fc.constantFrom(...DELEGATORS), v: fc.constantFrom(...VALIDATORS), w: fc.constantFrom(...VALIDATORS), amount }),
  fc.record({ kind: fc.constant('slash' as const), v: fc.constantFrom(...VALIDATORS), fraction: fc.bigInt({ min: 0n, max: 10n ** 18n }), back: fc.bigInt({ min: 0n, max: 3n }) }),
  fc.record({ kind: fc.constant('block' as const), advanceS: fc.constantFrom(5n, 3600n, 86_400n * 7n, 1_814_400n) }),
);

const coin = (a: bigint) => ({ denom: 'wei', amount: a.toString() });

function msgOf(op: Op): [MsgSpec, unknown] | undefined {
  const d = keys[op.kind === 'slash' || op.kind === 'block' ? 0 : op.d]!.address;
  switch (op.kind) {
    case 'delegate':
      return [msgDelegate, { delegator_address: d, validator_address: valoper(keys[op.v]!), amount: coin(op.amount) }];
    case 'undelegate':
      return [msgUndelegate, { delegator_address: d, validator_address: valoper(keys[op.v]!), amount: coin(op.amount) }];
    case 'redelegate':
      return [msgBeginRedelegate, { delegator_address: d, validator_src_address: valoper(keys[op.v]!), validator_dst_address: valoper(keys[op.w]!), amount: coin(op.amount) }];
    default:
      return undefined;
  }
}

function checkInvariants(state: AppState): void {
  const s = state.staking;
  let bonded = 0n;
  let notBonded = 0n;
  const shares = new Map<string, bigint>();
  for (const v of Object.values(s.validators)) {
    if (v.status === BondStatus.BONDED) bonded += v.tokens;
    else notBonded += v.tokens;
  }
  for (const u of shardValues(s.unbonding_delegations)) for (const e of u.entries) notBonded += e.balance;
  for (const d of shardValues(s.delegations)) {
    const v = Object.values(s.validators).find((x) => x.operator_address === d.validator_address);
    expect(v, `delegation to a missing validator ${d.validator_address}`).toBeDefined();
    expect(d.shares <= v!.delegator_shares).toBe(true);
    shares.set(d.validator_address, (shares.get(d.validator_address) ?? 0n) + d.shares);
  }
  for (const v of Object.values(s.validators)) expect(shares.get(v.operator_address) ?? 0n).toBe(v.delegator_shares);
  expect(balanceOf(state, moduleAccountAddress('bonded_tokens_pool'), 'wei')).toBe(bonded);
  expect(balanceOf(state, moduleAccountAddress('not_bonded_tokens_pool'), 'wei')).toBe(notBonded);
  let total = 0n;
  for (const b of shardValues(state.bank.balances)) total += b.wei ?? 0n;
  expect(total).toBe(state.bank.supply.wei ?? 0n);
}

describe('staking properties', () => {
  const base = baseState();
  it('pools match the validators and entries, shares add up, only burns remove wei', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 30 }), (ops) => {
        let state = base;
        let block: BlockInfo = { chainId: 'stratos-test', height: 10n, timeNs: 1_800_000_000n * 1_000_000_000n, proposer: '' };
        const supply0 = state.bank.supply.wei!;
        let burned = 0n;
        for (const op of ops) {
          const events: ChainEvent[] = [];
          const ctx: Ctx = { block, gas: infiniteGasMeter(), emit: (e) => events.push(e), setValidatorUpdates: () => {} };
          let run: ((d: Draft<AppState>) => void) | undefined;
          const m = msgOf(op);
          if (m) {
            run = (d) => {
              m[0].validateBasic?.(m[1]);
              m[0].handle(d, m[1], ctx);
            };
          } else if (op.kind === 'slash') {
            const cons = consKey(op.v + 1).consHex;
            run = (d) => void slash(d, cons, block.height - op.back, 3000n, op.fraction, ctx);
          } else if (op.kind === 'block') {
            block = { ...block, height: block.height + 1n, timeNs: block.timeNs + op.advanceS * 1_000_000_000n };
            const bctx = { ...ctx, block };
            run = (d) => {
              stakingModule.beginBlock!(d, bctx);
              stakingModule.endBlock!(d, bctx);
            };
          }
          try {
            state = produce(state, (d) => run!(d));
          } catch (e) {
            // refusals leave the state as it was; so does slashing an unbonded or unknown validator
            if (e instanceof ChainError || /should not be slashing unbonded validator/.test((e as Error).message)) {
              if (process.env.STAKING_PROP_DEBUG) console.log("refused", op.kind, (e as Error).message);
              continue;
            }
            if (process.env.STAKING_PROP_DEBUG) console.log("threw", op.kind, e);
            throw e;
          }
          for (const e of events) if (e.type === 'burn') burned += e.data.amount.reduce((a, c) => a + c.amount, 0n);
          if (process.env.STAKING_PROP_DEBUG) console.log("ok", op.kind);
          checkInvariants(state);
        }
        expect(state.bank.supply.wei).toBe(supply0 - burned);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
