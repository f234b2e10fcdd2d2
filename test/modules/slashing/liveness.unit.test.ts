/**
 * Slashing BeginBlock liveness (reference/sdk-modules.md §6.2) over a window of 20 blocks with
 * min_signed_per_window 0.5 (so at most 10 misses; §9.3), against staking's slash/jail contract
 * replaced by a recorder (fake-staking.ts): what slashing asks of staking, its events and its
 * signing-info bookkeeping.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exportSlashingGenesis } from '../../../src/modules/slashing/genesis.ts';
import { afterValidatorBonded } from '../../../src/modules/slashing/hooks.ts';
import { calls, resetCalls } from './fake-staking.ts';
import { eventsOf, putValidator, SEC, STOS, valOf, vote, WINDOW_20, World } from './harness.ts';

vi.mock('../../../src/modules/staking/slash.ts', async () => await import('./fake-staking.ts'));


const V0 = valOf(0);
const V1 = valOf(1);
const POWER = 100_000n; // 100 STOS at power reduction 10^15

function world(): World {
  const w = new World(WINDOW_20);
  // bonded at genesis (height 0): start_height 0
  w.patch((d, ctx) => {
    putValidator(d, V0, { tokens: 100n * STOS }, ctx);
    putValidator(d, V1, { tokens: 100n * STOS }, ctx);
  }, 0n);
  return w;
}

const info = (w: World, v = V0) => w.app.state.slashing.signing_infos[v.consHex]!;

beforeEach(() => resetCalls());

describe('signing info bookkeeping', () => {
  it('given a validator bonded at genesis, then its signing info starts at height 0 with jailed_until 1970', () => {
    const w = world();
    expect(info(w)).toEqual({ address: V0.consAddr, start_height: 0n, index_offset: 0n, jailed_until: 0n, tombstoned: false, missed_blocks_counter: 0n });
  });

  it('given no last commit (no consensus modelled), when blocks pass, then nothing is counted', () => {
    const w = world();
    w.block();
    w.block();
    expect(info(w).index_offset).toBe(0n);
  });

  it('when a validator signs, then index_offset advances and no event is emitted', () => {
    const w = world();
    const r = w.block({ votes: [vote(V0, POWER, true), vote(V1, POWER, true)] });
    expect(info(w)).toMatchObject({ index_offset: 1n, missed_blocks_counter: 0n });
    expect(eventsOf(r.begin, 'liveness', 'slash')).toEqual([]);
  });

  it('when a validator misses, then the counter rises and a liveness event names it, the counter and the height', () => {
    const w = world();
    w.block({ votes: [vote(V0, POWER, true)] });
    const r = w.block({ votes: [vote(V0, POWER, false), vote(V1, POWER, true)] });
    expect(info(w)).toMatchObject({ index_offset: 2n, missed_blocks_counter: 1n });
    expect(eventsOf(r.begin, 'liveness')).toEqual([['liveness', { address: V0.consAddr, missed_blocks: '1', height: '2' }]]);
  });

  it('given a vote of an address that is no staking validator, then it is skipped', () => {
    const w = world();
    const stranger = { address: 'AB'.repeat(20), power: 5n, signed: false };
    const r = w.block({ votes: [stranger, vote(V0, POWER, true)] });
    expect(eventsOf(r.begin, 'liveness')).toEqual([]);
    expect(w.app.state.slashing.signing_infos['AB'.repeat(20)]).toBeUndefined();
    expect(info(w).index_offset).toBe(1n);
  });

  it('given a jailed validator, then its votes are not counted and its index does not advance', () => {
    const w = world();
    w.patch((d) => {
      const op = d.staking.validator_by_cons[V0.consHex]!;
      (d.staking.validators as any)[op] = { ...d.staking.validators[op]!, jailed: true };
    });
    const r = w.block({ votes: [vote(V0, POWER, false)] });
    expect(info(w)).toMatchObject({ index_offset: 0n, missed_blocks_counter: 0n });
    expect(eventsOf(r.begin, 'liveness')).toEqual([]);
  });

  it('when a missed index comes round again signed, then the bit is cleared, the counter falls, and the export keeps the false entry', () => {
    const w = world();
    for (let h = 1; h <= 20; h++) w.block({ votes: [vote(V0, POWER, h > 3)] });
    expect(info(w)).toMatchObject({ index_offset: 20n, missed_blocks_counter: 3n });
    w.block({ votes: [vote(V0, POWER, true)] }); // index 0 again
    expect(info(w)).toMatchObject({ index_offset: 21n, missed_blocks_counter: 2n });
    const g = exportSlashingGenesis(w.app.state);
    expect(g.missed_blocks.find((m) => m.address === V0.consAddr)!.missed_blocks).toEqual([
      { index: '0', missed: false },
      { index: '1', missed: true },
      { index: '2', missed: true },
    ]);
    expect(g.missed_blocks.find((m) => m.address === V1.consAddr)!.missed_blocks).toEqual([]);
  });
});

describe('downtime', () => {
  it('given 20 misses in a row, then nothing happens at height 20 (not past start + window) and the validator is slashed and jailed at 21', () => {
    const w = world();
    for (let h = 1; h <= 20; h++) w.block({ votes: [vote(V0, POWER, false), vote(V1, POWER, true)] });
    expect(info(w)).toMatchObject({ index_offset: 20n, missed_blocks_counter: 20n });
    expect(calls.slash).toEqual([]);

    const r = w.block({ votes: [vote(V0, POWER, false), vote(V1, POWER, true)] });
    // infraction (distribution) height = 21 − ValidatorUpdateDelay − 1; the vote's power; the downtime fraction
    expect(calls.slash).toEqual([{ consHex: V0.consHex, infractionHeight: 19n, power: POWER, fraction: '0.000200000000000000' }]);
    expect(calls.jail).toEqual([V0.consHex]);
    expect(eventsOf(r.begin, 'liveness', 'slash')).toEqual([
      ['liveness', { address: V0.consAddr, missed_blocks: '20', height: '21' }],
      ['slash', { address: V0.consAddr, power: '100000', reason: 'missing_signature', jailed: V0.consAddr, burned_coins: '20000000000000000' }],
    ]);
    expect(info(w)).toEqual({
      address: V0.consAddr,
      start_height: 0n,
      index_offset: 0n,
      jailed_until: w.timeNs + 600n * SEC,
      tombstoned: false,
      missed_blocks_counter: 0n,
    });
    expect(w.app.state.slashing.missed_blocks[V0.consHex]).toBeUndefined();
    expect(w.validator(V0)).toMatchObject({ jailed: true, tokens: 100n * STOS - 20_000_000_000_000_000n });
    expect(info(w, V1)).toMatchObject({ index_offset: 21n, missed_blocks_counter: 0n });
  });

  it('given exactly max_missed (10) misses past the window, then the validator is not slashed; the 11th miss slashes', () => {
    const w = world();
    for (let h = 1; h <= 21; h++) w.block({ votes: [vote(V0, POWER, h <= 10)] }); // misses 11..21 but index 0 (h 21) was signed at h 1
    // window of indexes 0..19 holds h 2..21 → misses at h 11..21 → 11 > 10 at h 21
    expect(calls.slash).toHaveLength(1);
    const w2 = world();
    for (let h = 1; h <= 21; h++) w2.block({ votes: [vote(V0, POWER, h <= 11)] }); // misses h 12..21: 10
    expect(calls.slash).toHaveLength(1);
    expect(info(w2)).toMatchObject({ index_offset: 21n, missed_blocks_counter: 10n });
  });

  it('given a validator re-bonded at height 30, then downtime is judged against start height 30', () => {
    const w = world();
    for (let h = 1; h <= 29; h++) w.block({ votes: [vote(V0, POWER, true)] });
    w.patch((d, ctx) => afterValidatorBonded(d, w.validator(V0), ctx), 30n); // bonded again at height 30: only start_height changes
    expect(info(w)).toMatchObject({ start_height: 30n, index_offset: 29n });
    for (let h = 30; h <= 50; h++) w.block({ votes: [vote(V0, POWER, false)] });
    expect(calls.slash).toEqual([]); // height 50 is not past 30 + 20
    w.block({ votes: [vote(V0, POWER, false)] });
    expect(calls.slash).toHaveLength(1);
  });
});
