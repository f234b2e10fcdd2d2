/**
 * Register invariants under random message sequences (issue 5 "Done when"):
 * - deposits are conserved: no wei is created or lost, and each kind's bonded + not-bonded pools hold
 *   exactly its nodes' tokens, the not-bonded pool exactly the unbonding entries plus Unbonded nodes;
 * - St and Lt follow the reference formulas (§1.4), checked against an independent bigint model;
 * - a node never has more than `max_entries` unbonding entries.
 */
import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { ChainError } from '../src/errors.ts';
import { moduleAccountAddress } from '../src/modules/auth/account.ts';
import { balanceOf } from '../src/modules/bank/state.ts';
import { decreaseOzoneLimitBySubtractDeposit, increaseOzoneLimitByAddDeposit } from '../src/modules/register/ozone.ts';
import { BondStatus, emptyRegisterState, getMetaNode, type HasRegister } from '../src/modules/register/state.ts';
import { decreaseMetaNodeDeposit, unbondMetaNode } from '../src/modules/register/unbonding.ts';
import { shardValues } from '../src/state/sharded.ts';
import type { AppState } from '../src/state/app-state.ts';
import { Chain, DAY, genesisMetaNode, M, nodeKeyOf, owners, patchState, STOS } from '../test/modules/register/harness.ts';
import type { TxMessage } from '../src/client/sign-tx.ts';

const SEED = 20240101;
const E6 = 1_000_000n;
const metaKeys = [nodeKeyOf(10), nodeKeyOf(11), nodeKeyOf(12)];
const nodeKeys = [1, 2, 3].map(nodeKeyOf);

type Step = { kind: string; owner: number; node: number; amount: bigint; flag: boolean; advance: bigint };

const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('createRN', 'createMN', 'removeRN', 'removeMN', 'depRN', 'depMN', 'vote', 'kick', 'effective', 'wait'),
  owner: fc.integer({ min: 0, max: 2 }),
  node: fc.integer({ min: 0, max: nodeKeys.length - 1 }),
  // multiples of the rate so that Lt·rate = St stays exact (§1.4 with rate 10^6)
  amount: fc.bigInt({ min: 1n, max: 3_000_000n }).map((k) => k * E6),
  flag: fc.boolean(),
  advance: fc.constantFrom(5n * 1_000_000_000n, DAY, 15n * DAY, 200n * DAY),
});

/** Messages about one of `nodeKeys` are signed by that node's owner (node index mod 3), so that most succeed. */
const NODE_BOUND = new Set(['createRN', 'createMN', 'removeRN', 'depRN']);
const signerOf = (s: Step) => (NODE_BOUND.has(s.kind) || (s.flag && (s.kind === 'removeMN' || s.kind === 'depMN')) ? s.node % 3 : s.owner);

function msgOf(s: Step): TxMessage | undefined {
  const owner = owners[signerOf(s)]!.address;
  const node = nodeKeys[s.node]!;
  switch (s.kind) {
    case 'createRN':
      return M.createResourceNode(owner, node, STOS + s.amount);
    case 'createMN':
      return M.createMetaNode(owner, node, s.amount);
    case 'removeRN':
      return M.removeResourceNode(owner, node.address);
    case 'removeMN':
      return M.removeMetaNode(owner, s.flag ? node.address : metaKeys[s.owner]!.address);
    case 'depRN':
      return M.updateResourceNodeDeposit(owner, node.address, s.amount);
    case 'depMN':
      return M.updateMetaNodeDeposit(owner, s.flag ? node.address : metaKeys[s.owner]!.address, s.amount);
    case 'vote':
      return M.regVote(owner, metaKeys[s.owner]!.address, node.address, owners[s.node % 3]!.address, s.flag);
    case 'kick':
      return M.kickVote(owner, metaKeys[s.owner]!.address, metaKeys[s.node % 3]!.address, s.flag);
    case 'effective':
      return M.updateEffectiveDeposit([owner], [metaKeys[s.owner]!.address], node.address, s.amount);
    default:
      return undefined;
  }
}

const pool = (state: AppState, name: string) => balanceOf(state, moduleAccountAddress(name), 'wei');

function checkInvariants(state: AppState, supply: bigint): void {
  // no wei created or lost: the sum of all balances is the (unchanged) supply
  let total = 0n;
  for (const b of shardValues(state.bank.balances)) total += b.wei ?? 0n;
  expect(total).toBe(supply);
  expect(state.bank.supply.wei).toBe(supply);
  const r = state.register;
  const entries = new Map<string, bigint>();
  for (const u of shardValues(r.unbonding_nodes)) {
    expect(u.entries.length).toBeLessThanOrEqual(r.params.max_entries);
    entries.set(u.network_addr, u.entries.reduce((a, e) => a + e.balance, 0n));
  }
  const sides = [
    { nodes: [...shardValues(r.resource_nodes)], bonded: 'resource_node_bonded_pool', notBonded: 'resource_node_not_bonded_pool' },
    { nodes: [...shardValues(r.meta_nodes)], bonded: 'meta_node_bonded_pool', notBonded: 'meta_node_not_bonded_pool' },
  ];
  for (const side of sides) {
    const tokens = side.nodes.reduce((a, n) => a + n.tokens, 0n);
    expect(pool(state, side.bonded) + pool(state, side.notBonded)).toBe(tokens);
    const unbondedTokens = side.nodes.filter((n) => n.status === BondStatus.UNBONDED).reduce((a, n) => a + n.tokens, 0n);
    const unbonding = side.nodes.reduce((a, n) => a + (entries.get(n.network_address) ?? 0n), 0n);
    expect(pool(state, side.notBonded)).toBe(unbondedTokens + unbonding);
  }
  // counters
  expect(r.bonded_resource_node_count).toBe(BigInt([...shardValues(r.resource_nodes)].filter((n) => n.status === BondStatus.BONDED).length));
  expect(r.bonded_meta_node_count).toBe(BigInt([...shardValues(r.meta_nodes)].filter((n) => n.status === BondStatus.BONDED).length));
  // with every amount a multiple of the rate, Increase / Decrease are exact: Lt · rate = St
  expect(r.remaining_ozone_limit * E6).toBe(r.effective_total_deposit);
}

describe('register: random message sequences through the app', () => {
  it('conserve deposits, keep Lt·rate = St and at most max_entries entries', () => {
    const outcomes: string[] = [];
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 25 }), (steps) => {
        const chain = new Chain(1000n * STOS, { meta_nodes: metaKeys.map((k, i) => genesisMetaNode(k, owners[i]!.address, 10n * STOS)) });
        const supply = chain.app.state.bank.supply.wei!;
        checkInvariants(chain.app.state, supply);
        for (const s of steps) {
          const msg = msgOf(s);
          if (msg) outcomes.push(`${s.kind}:${chain.deliver(owners[signerOf(s)]!, [msg], s.advance).code}`);
          else chain.emptyBlock(s.advance);
          checkInvariants(chain.app.state, supply);
        }
      }),
      { seed: SEED, numRuns: 80 },
    );
    // the sequences reach the success paths of every message kind
    const succeeded = new Set(outcomes.filter((o) => o.endsWith(':0')).map((o) => o.split(':')[0]));
    expect([...succeeded].sort()).toEqual(['createMN', 'createRN', 'depMN', 'depRN', 'effective', 'kick', 'removeMN', 'removeRN', 'vote']);
  });
});

describe('register: ozone formulas against an independent bigint model', () => {
  it('Increase / Decrease with an integer rate R ≤ 10^12 match trunc-toward-zero of exact rationals', () => {
    const op = fc.record({ inc: fc.boolean(), d: fc.bigInt({ min: 0n, max: 10n ** 30n }) });
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.array(op, { maxLength: 20 }), (R, lt0, st0, ops) => {
        let state: HasRegister = { register: { ...emptyRegisterState(), effective_total_deposit: st0, remaining_ozone_limit: lt0, deposit_noz_rate: R * 10n ** 18n } };
        let st = st0;
        let lt = lt0;
        for (const o of ops) {
          let reported = 0n;
          state = produce(state, (d) => {
            reported = o.inc ? increaseOzoneLimitByAddDeposit(d as never, o.d) : decreaseOzoneLimitBySubtractDeposit(d as never, o.d);
          });
          const before = st;
          st = o.inc ? st + o.d : st - o.d;
          let expectReported = 0n;
          if (before !== 0n) {
            // trunc(Lt ± d/R), exact rational; bigint division truncates toward zero like truncateInt
            lt = o.inc ? (lt * R + o.d) / R : (lt * R - o.d) / R;
            expectReported = o.d / R;
          }
          expect([state.register.effective_total_deposit, state.register.remaining_ozone_limit, reported]).toEqual([st, lt, expectReported]);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('register: unbonding entries never exceed max_entries', () => {
  it('partial decreases and removal on one meta node stop at the cap with code 40', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.tuple(fc.boolean(), fc.bigInt({ min: 1n, max: 4n * STOS })), { maxLength: 12 }), (maxEntries, ops) => {
        const chain = new Chain(1000n * STOS, { meta_nodes: metaKeys.map((k, i) => genesisMetaNode(k, owners[i]!.address, 10n * STOS)), params: { max_entries: maxEntries } });
        const addr = metaKeys[0]!.address;
        for (const [full, amount] of ops) {
          const state = chain.app.state;
          const entriesBefore = [...shardValues(state.register.unbonding_nodes)].find((u) => u.network_addr === addr)?.entries.length ?? 0;
          let err: unknown;
          try {
            patchState(chain, (d, ctx) => {
              const node = getMetaNode(d, addr)!;
              if (full) unbondMetaNode(d, addr, node.owner_address, ctx);
              else decreaseMetaNodeDeposit(d, node, amount, ctx);
            });
          } catch (e) {
            err = e;
          }
          const entries = [...shardValues(chain.app.state.register.unbonding_nodes)].find((u) => u.network_addr === addr)?.entries.length ?? 0;
          expect(entries).toBeLessThanOrEqual(maxEntries);
          if (entriesBefore >= maxEntries) {
            expect(err).toBeInstanceOf(ChainError);
            expect((err as ChainError).code).not.toBe(0);
            expect(entries).toBe(entriesBefore);
          }
          if (entriesBefore >= maxEntries && (err as ChainError).code === 40) expect((err as ChainError).message).toBe('too many unbonding node entries for networkAddr tuple');
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
