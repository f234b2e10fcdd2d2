/**
 * MsgUnjail (reference/sdk-modules.md §6.4): every check in order, with its codespace, code and
 * text, and the success path; staking's unjail replaced by a recorder (fake-staking.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { calls, resetCalls } from './fake-staking.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { CHAIN_ID, signed } from '../../helpers/fixture.ts';
import { eventsOf, FAIL, FEE, putValidator, SEC, STOS, valOf, World } from './harness.ts';

vi.mock('../../../src/modules/staking/slash.ts', async () => await import('./fake-staking.ts'));

const V0 = valOf(0);
const V1 = valOf(1);
const unjail = (address: string): TxMessage => ({ typeName: 'sdk.slashing.v1beta1.MsgUnjail', value: { validator_addr: address } });

beforeEach(() => resetCalls());

/** V0 jailed by downtime until 10 minutes after its jailing at the world's current time. */
function jailedWorld(setup: Partial<Parameters<typeof putValidator>[2]> = {}): World {
  const w = new World();
  w.patch((d, ctx) => {
    putValidator(d, V0, { tokens: 100n * STOS, jailed: true, ...setup }, ctx);
    const infos = d.slashing.signing_infos as any;
    infos[V0.consHex] = { ...infos[V0.consHex], jailed_until: w.timeNs + 600n * SEC };
  }, 0n);
  return w;
}

describe('MsgUnjail', () => {
  it('given no validator at the address, then slashing 2', () => {
    const w = new World();
    w.fails(V0.key, [unjail(V0.operator)], 'slashing', 2, FAIL + 'address is not associated with any known validator');
  });

  it('given no self-delegation, then slashing 6', () => {
    const w = jailedWorld({ selfShares: null });
    w.fails(V0.key, [unjail(V0.operator)], 'slashing', 6, FAIL + 'validator has no self-delegation; cannot be unjailed');
  });

  it('given self-delegated tokens below min_self_delegation, then slashing 7 with "X less than Y"', () => {
    // tokens 100 STOS, shares 100e18 of which self 10 STOS worth; min self 20 STOS
    const w = jailedWorld({ selfShares: 10n * STOS * STOS, minSelfDelegation: 20n * STOS });
    w.fails(
      V0.key,
      [unjail(V0.operator)],
      'slashing',
      7,
      FAIL + `${10n * STOS} less than ${20n * STOS}: validator's self delegation less than minimum; cannot be unjailed`,
    );
  });

  it('given a validator that is not jailed, then slashing 5', () => {
    const w = jailedWorld({ jailed: false });
    w.fails(V0.key, [unjail(V0.operator)], 'slashing', 5, FAIL + 'validator not jailed; cannot be unjailed');
  });

  it('given block time before jailed_until, then slashing 4', () => {
    const w = jailedWorld();
    w.fails(V0.key, [unjail(V0.operator)], 'slashing', 4, FAIL + 'validator still jailed; cannot be unjailed');
  });

  it('given a tombstoned validator, then slashing 4 even after jailed_until', () => {
    const w = jailedWorld();
    w.patch((d) => {
      const infos = d.slashing.signing_infos as any;
      infos[V0.consHex] = { ...infos[V0.consHex], tombstoned: true };
    });
    w.block({ advanceNs: 3600n * SEC });
    w.fails(V0.key, [unjail(V0.operator)], 'slashing', 4, FAIL + 'validator still jailed; cannot be unjailed');
  });

  it('given block time at jailed_until exactly, then the validator is unjailed with only the message event', () => {
    const w = jailedWorld();
    w.block({ advanceNs: 595n * SEC }); // the tx's block comes 5 s later: exactly jailed_until
    const r = w.ok(V0.key, [unjail(V0.operator)]);
    expect(calls.unjail).toEqual([V0.consHex]);
    expect(w.validator(V0).jailed).toBe(false);
    const all = eventsOf(r.events);
    const msgEvents = all.slice(all.findIndex(([t, a]) => t === 'message' && a.action !== undefined));
    expect(msgEvents).toEqual([['message', { action: '/sdk.slashing.v1beta1.MsgUnjail', sender: V0.key.address, module: 'slashing' }]]);
  });

  it('signed in amino-json mode (the message as amino JSON, field `address`), it is accepted', () => {
    const w = jailedWorld();
    w.block({ advanceNs: 600n * SEC });
    const acc = getAccount(w.app.state, V0.key.address)!;
    const tx = signed(V0.key, acc.account_number, acc.sequence, { messages: [unjail(V0.operator)], fee: FEE, gasLimit: 2_000_000n }, { chainId: CHAIN_ID, mode: 'amino-json' });
    const r = w.block({ txs: [tx] }).txResults[0]!;
    expect({ code: r.code, log: r.code === 0 ? '' : r.log }).toEqual({ code: 0, log: '' });
    expect(calls.unjail).toEqual([V0.consHex]);
  });

  it('given a jailed validator with no signing info (never bonded), then it may unjail at once', () => {
    const w = new World();
    w.patch((d, ctx) => putValidator(d, V1, { tokens: 100n * STOS, jailed: true, status: 1 }, ctx), 0n);
    expect(w.app.state.slashing.signing_infos[V1.consHex]).toBeUndefined();
    w.ok(V1.key, [unjail(V1.operator)]);
    expect(calls.unjail).toEqual([V1.consHex]);
  });

  it('given an address that is no operator address, then ValidateBasic fails with sdk 7', () => {
    const w = new World();
    const r = w.deliver(V0.key, [unjail(V0.key.address)]);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'sdk', code: 7 });
    expect(r.log).toMatch(/^validator input address: .*: invalid address$/);
  });
});
