/**
 * Evidence BeginBlock (reference/sdk-modules.md §6.3): double-sign misbehavior handled against
 * staking's slash/jail contract replaced by a recorder (../slashing/fake-staking.ts): the ignore
 * rules, what is asked of staking, the events, tombstoning and the stored evidence.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { equivocationHash } from '../../../src/modules/evidence/equivocation.ts';
import { exportEvidenceGenesis } from '../../../src/modules/evidence/genesis.ts';
import type { Misbehavior } from '../../../src/state/block-info.ts';
import { calls, resetCalls } from '../slashing/fake-staking.ts';
import { eventsOf, putValidator, SEC, STOS, valOf, World, type Val } from '../slashing/harness.ts';

vi.mock('../../../src/modules/staking/slash.ts', async () => await import('../slashing/fake-staking.ts'));

const V0 = valOf(0);
const V1 = valOf(1);
const POWER = 100_000n;
const HOUR = 3600n * SEC;

beforeEach(() => resetCalls());

function world(setup: Parameters<typeof putValidator>[2] = { tokens: 100n * STOS }): World {
  const w = new World();
  w.patch((d, ctx) => {
    putValidator(d, V0, setup, ctx);
    putValidator(d, V1, { tokens: 100n * STOS }, ctx);
  }, 0n);
  for (let i = 0; i < 5; i++) w.block();
  return w;
}

/** Evidence of `v` double-signing at `height`, at the time that height had in the world (5 s blocks). */
function dv(w: World, v: Val, height: bigint, power = POWER): Misbehavior {
  const timeNs = w.timeNs - (w.app.height - height) * 5n * SEC;
  return { type: 'DUPLICATE_VOTE', address: v.consHex, power, height, timeNs, totalVotingPower: 2n * POWER };
}

const info = (w: World, v = V0) => w.app.state.slashing.signing_infos[v.consHex]!;
const JAIL_FOREVER = 253_402_300_799n * SEC;

describe('double sign', () => {
  it('slashes at infraction height − 1 with the evidence power and 5 %, jails, tombstones, jails until 9999-12-31T23:59:59Z and stores the evidence', () => {
    const w = world();
    const m = dv(w, V0, 4n);
    const r = w.block({ misbehavior: [m] });
    expect(calls.slash).toEqual([{ consHex: V0.consHex, infractionHeight: 3n, power: POWER, fraction: '0.050000000000000000' }]);
    expect(calls.jail).toEqual([V0.consHex]);
    expect(eventsOf(r.begin, 'slash')).toEqual([
      ['slash', { address: V0.consAddr, power: '100000', reason: 'double_sign', burned_coins: (5n * STOS).toString() }],
      ['slash', { jailed: V0.consAddr }],
    ]);
    expect(info(w)).toMatchObject({ tombstoned: true, jailed_until: JAIL_FOREVER });
    const stored = { height: 4n, time: m.timeNs, power: POWER, consensus_address: V0.consAddr };
    expect(w.app.state.evidence.evidence).toEqual({ [equivocationHash(stored)]: stored });
    expect(exportEvidenceGenesis(w.app.state)).toEqual({
      evidence: [{ '@type': '/sdk.evidence.v1beta1.Equivocation', height: '4', time: '2024-01-01T00:00:20Z', power: '100000', consensus_address: V0.consAddr }],
    });
  });

  it('given an already jailed validator, then it is slashed and tombstoned without a second jail', () => {
    const w = world({ tokens: 100n * STOS, jailed: true });
    const r = w.block({ misbehavior: [dv(w, V0, 4n)] });
    expect(calls.slash).toHaveLength(1);
    expect(calls.jail).toEqual([]);
    expect(eventsOf(r.begin, 'slash').map(([, a]) => a.reason ?? 'jailed')).toEqual(['double_sign']);
    expect(info(w).tombstoned).toBe(true);
  });

  it('given a tombstoned validator, then later evidence is ignored', () => {
    const w = world();
    w.block({ misbehavior: [dv(w, V0, 4n)] });
    resetCalls();
    const r = w.block({ misbehavior: [dv(w, V0, 5n)] });
    expect(calls.slash).toEqual([]);
    expect(eventsOf(r.begin, 'slash')).toEqual([]);
    expect(Object.keys(w.app.state.evidence.evidence)).toHaveLength(1);
  });

  it('given an unknown validator, an unbonded one or an unknown pubkey, then the evidence is ignored', () => {
    const w = new World();
    w.patch((d, ctx) => {
      putValidator(d, V0, { tokens: 100n * STOS }, ctx);
      putValidator(d, V1, { tokens: 100n * STOS, status: 1, jailed: true }, ctx); // unbonded (jailed, so EndBlock leaves it so)
    }, 0n);
    for (let i = 0; i < 5; i++) w.block();
    const stranger: Misbehavior = { ...dv(w, V0, 4n), address: 'CD'.repeat(20) };
    const r = w.block({ misbehavior: [stranger, dv(w, V1, 4n)] });
    expect(calls.slash).toEqual([]);
    expect(eventsOf(r.begin, 'slash')).toEqual([]);
    const w2 = world();
    w2.patch((d) => {
      delete (d.slashing.pubkeys as any)[V0.consHex];
    });
    w2.block({ misbehavior: [dv(w2, V0, 4n)] });
    expect(calls.slash).toEqual([]);
  });

  it('is ignored only when too old in both time and blocks (the block evidence params)', () => {
    const params = { maxAgeNumBlocks: 3n, maxAgeDurationNs: HOUR };
    // old in blocks (6 − 2 = 4 > 3) but not in time: handled
    const w = world();
    w.block({ misbehavior: [dv(w, V0, 2n)], evidenceParams: params });
    expect(calls.slash).toHaveLength(1);
    // old in blocks and in time: ignored
    resetCalls();
    const w2 = world();
    const old = { ...dv(w2, V0, 2n), timeNs: w2.timeNs - 2n * HOUR };
    w2.block({ misbehavior: [old], evidenceParams: params });
    expect(calls.slash).toEqual([]);
    // old in time only: handled
    const w3 = world();
    w3.block({ misbehavior: [{ ...dv(w3, V0, 5n), timeNs: w3.timeNs - 2n * HOUR }], evidenceParams: params });
    expect(calls.slash).toHaveLength(1);
  });

  it('with CometBFT defaults (100000 blocks, 48 h) when the block carries no evidence params', () => {
    const w = world();
    w.block({ misbehavior: [{ ...dv(w, V0, 1n), timeNs: w.timeNs - 49n * HOUR }] }); // old in time only
    expect(calls.slash).toHaveLength(1);
  });
});
