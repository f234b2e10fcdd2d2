/**
 * A snapshot made in slices (src/state/snapshot-job.ts) is exactly `serializeState` of its state,
 * however many slices it takes, and stays the text of that state while later states share and
 * replace its nodes.
 */
import { describe, expect, it } from 'vitest';
import { Immer } from 'immer';
import { serializeState } from '../../src/state/canonical.ts';
import { shardFrom, shardSet, type Sharded } from '../../src/state/sharded.ts';
import { SnapshotJob } from '../../src/state/snapshot-job.ts';
import { snapshotDelta } from '../../src/state/snapshot-delta.ts';

const immer = new Immer({ autoFreeze: false });
/** What `serializeState` writes, by the native writer (no text kept): property-tests/state-json.property.test.ts */
const oracle = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? { $int: x.toString() } : x));
const key = (i: number) => (i * 2654435761 % 2 ** 32).toString(16).padStart(8, '0') + 'ab'.repeat(16);

function state(n: number) {
  return {
    bank: { balances: shardFrom<{ amount: bigint; denom: string }>(Array.from({ length: n }, (_, i) => [key(i), { amount: BigInt(i), denom: 'wei' }])) },
    params: { rate: 5, list: [1, { x: 'y' }], flag: true, nothing: null },
  };
}

describe('SnapshotJob', () => {
  it('gives serializeState of its state in one step without a budget', () => {
    const s = state(300);
    expect(new SnapshotJob(7n, s).finish()).toBe(serializeState(s));
  });

  it('gives the same text over many slices, each stopping once the clock has passed its budget', () => {
    const s = state(2000);
    const expected = oracle(s);
    let clock = 0;
    const job = new SnapshotJob(3n, s);
    let slices = 0;
    let text: string | undefined;
    while (text === undefined) {
      text = job.step(1, () => clock++); // the clock passes the budget at the first look
      slices++;
    }
    expect(slices).toBeGreaterThan(20);
    expect(text).toBe(expected);
    expect(job.step(1, () => clock++)).toBe(expected); // answered again once done
  });

  it('keeps its state\'s text while later states replace entries it holds', () => {
    const s0 = state(500);
    const expected = oracle(s0);
    const job = new SnapshotJob(1n, s0);
    let clock = 0;
    let s = s0;
    let text: string | undefined;
    for (let i = 0; text === undefined; i++) {
      s = immer.produce(s, (d) => {
        shardSet(d.bank.balances as Sharded<{ amount: bigint; denom: string }>, key(i), { amount: -1n, denom: 'changed' });
        d.params.rate = i;
      });
      text = job.step(1, () => clock++);
    }
    expect(text).toBe(expected);
    expect(serializeState(s)).not.toBe(expected);
  });

  it('with a base, gives the delta from it over many slices, while later states replace entries', () => {
    const s0 = state(2000);
    const s1 = immer.produce(s0, (d) => {
      for (let i = 0; i < 300; i++) shardSet(d.bank.balances as Sharded<{ amount: bigint; denom: string }>, key(i * 7), { amount: BigInt(-i), denom: 'moved' });
      d.params.rate = 6;
    });
    const expected = snapshotDelta(s1, s0);
    expect(JSON.parse(expected)).toHaveLength(301);
    const job = new SnapshotJob(2n, s1, { height: 1n, state: s0 });
    let clock = 0;
    let s = s1;
    let text: string | undefined;
    let slices = 0;
    for (let i = 0; text === undefined; i++, slices++) {
      s = immer.produce(s, (d) => shardSet(d.bank.balances as Sharded<{ amount: bigint; denom: string }>, key(i), { amount: 1n, denom: 'later' }));
      text = job.step(1, () => clock++);
    }
    expect(slices).toBeGreaterThan(5);
    expect(text).toBe(expected);
    expect(new SnapshotJob(2n, s1, { height: 1n, state: s0 }).finish()).toBe(expected);
  });
});
