/** Given/when/then per message and error code (reference/sdk-modules.md §2.3). */
import { describe, expect, it } from 'vitest';
import { Chain, commission, consKey, DAY, description, GOV, keys, M, patchState, SEC, STOS, valoper } from './harness.ts';

const [alice, bob, carol] = keys as [typeof keys[0], typeof keys[0], typeof keys[0]];

function withValidator() {
  const chain = new Chain();
  chain.ok(alice, [M.createValidator(alice, consKey(1), 10n * STOS)]);
  return chain;
}

describe('MsgCreateValidator', () => {
  it('ValidateBasic: addresses, same bytes, pubkey, amount, description, commission, min self delegation', () => {
    const chain = new Chain();
    const cases: [Record<string, unknown>, string, number, string][] = [
      [{ validator_address: valoper(bob) }, 'sdk', 18, 'validator address is invalid: invalid request'],
      [{ pubkey: null }, 'staking', 39, 'empty validator public key'],
      [{ value: { denom: 'wei', amount: '0' } }, 'sdk', 18, 'invalid delegation amount: invalid request'],
      [{ description: description('') }, 'sdk', 18, 'empty description: invalid request'],
      [{ commission: commission('0', '0', '0') }, 'sdk', 18, 'empty commission: invalid request'],
      [{ commission: commission('0.1', '1.5', '0.01') }, 'staking', 10, 'commission cannot be more than 100%'],
      [{ commission: commission('0.3', '0.2', '0.01') }, 'staking', 11, 'commission cannot be more than the max rate'],
      [{ commission: commission('0.1', '0.2', '0.3') }, 'staking', 14, 'commission change rate cannot be more than the max rate'],
      [{ min_self_delegation: '0' }, 'sdk', 18, 'minimum self delegation must be a positive integer: invalid request'],
      [{ min_self_delegation: String(11n * STOS) }, 'staking', 16, "validator's self delegation must be greater than their minimum self delegation"],
    ];
    for (const [extra, cs, code, log] of cases) {
      const r = chain.deliver(alice, [M.createValidator(alice, consKey(1), 10n * STOS, extra)]);
      expect({ cs: r.codespace, code: r.code, log: r.log }, JSON.stringify(extra)).toEqual({ cs, code, log });
    }
  });

  it('handler: min commission (40), operator exists (4), pubkey exists (5), denom, key type (6), funds', () => {
    const chain = withValidator();
    chain.fails(alice, [M.createValidator(alice, consKey(2), STOS)], 'staking', 4, 'failed to execute message; message index: 0: validator already exist for this operator address; must use new validator operator address');
    chain.fails(bob, [M.createValidator(bob, consKey(1), STOS)], 'staking', 5);
    chain.fails(bob, [M.createValidator(bob, consKey(2), STOS, { value: { denom: 'gwei', amount: '1000' }, min_self_delegation: '1' })], 'sdk', 18,
      'failed to execute message; message index: 0: invalid coin denomination: got gwei, expected wei: invalid request');
    const secp = { type_url: '/sdk.crypto.secp256k1.PubKey', value: new Uint8Array([0x0a, 33, 2, ...new Uint8Array(32).fill(7)]) };
    chain.fails(bob, [M.createValidator(bob, consKey(2), STOS, { pubkey: secp })], 'staking', 6,
      'failed to execute message; message index: 0: got: secp256k1, expected: [ed25519]: validator pubkey type is not supported');
    chain.fails(bob, [M.createValidator(bob, consKey(2), 100_000n * STOS)], 'sdk', 5,
      `failed to execute message; message index: 0: failed to delegate; ${chain.balance(bob.address) - 2_000_000_000_000_000n}wei is smaller than ${100_000n * STOS}wei: insufficient funds`);
    // min commission rate raised (as governance would)
    patchState(chain, (d) => {
      d.staking.params = { ...d.staking.params, min_commission_rate: 150_000_000_000_000_000n };
    });
    chain.fails(bob, [M.createValidator(bob, consKey(2), STOS)], 'staking', 40,
      'failed to execute message; message index: 0: cannot set validator commission to less than minimum rate of 0.150000000000000000: commission cannot be less than min rate');
  });
});

describe('MsgEditValidator', () => {
  it('missing validator (3); 24 h rule (12); rate above max (11); increase above max change (15); below min rate (plain error); min self delegation (17, 16)', () => {
    const chain = withValidator();
    chain.fails(bob, [M.editValidator(bob)], 'staking', 3);
    chain.fails(alice, [M.editValidator(alice, { commission_rate: '0.105000000000000000' })], 'staking', 12);
    chain.emptyBlock(DAY);
    chain.fails(alice, [M.editValidator(alice, { commission_rate: '0.300000000000000000' })], 'staking', 11);
    chain.fails(alice, [M.editValidator(alice, { commission_rate: '0.120000000000000000' })], 'staking', 15);
    chain.fails(alice, [M.editValidator(alice, { min_self_delegation: '1' })], 'staking', 17);
    chain.fails(alice, [M.editValidator(alice, { min_self_delegation: String(11n * STOS) })], 'staking', 16);
    // a decrease of any size is allowed; the event prints the commission as YAML
    const r = chain.ok(alice, [M.editValidator(alice, { commission_rate: '0.010000000000000000', description: { ...description('[do-not-modify]'), website: 'https://v.example' } })]);
    const v = chain.validator(alice);
    expect(v.description).toEqual({ moniker: 'val', identity: '', website: 'https://v.example', security_contact: '', details: '' });
    expect(v.commission.commission_rates.rate).toBe('0.010000000000000000');
    const t = new Date(Number(chain.timeNs / 1_000_000n)).toISOString().replace('.000', '');
    expect(r.events.find((e) => e.type === 'edit_validator')!.attributes.map((a) => [a.key, a.value])).toEqual([
      ['commission_rate', `commission_rates:\n  max_change_rate: "0.010000000000000000"\n  max_rate: "0.200000000000000000"\n  rate: "0.010000000000000000"\nupdate_time: "${t}"\n`],
      ['min_self_delegation', '1'],
    ]);
  });

  it('ValidateBasic: empty description, rate out of [0,1]', () => {
    const chain = withValidator();
    chain.fails(alice, [M.editValidator(alice, { description: description('') })], 'sdk', 18, 'empty description: invalid request');
    chain.fails(alice, [M.editValidator(alice, { commission_rate: '1.500000000000000000' })], 'sdk', 18, 'commission rate must be between 0 and 1 (inclusive): invalid request');
  });
});

describe('MsgDelegate / MsgUndelegate', () => {
  it('unknown validator (3), wrong denom (sdk 18), zero amount; undelegate without delegation (19), too much (sdk 18), max entries (27)', () => {
    const chain = withValidator();
    chain.fails(bob, [M.delegate(bob.address, valoper(carol), STOS)], 'staking', 3);
    chain.fails(bob, [M.delegate(bob.address, valoper(alice), STOS, 'gwei')], 'sdk', 18);
    chain.fails(bob, [M.delegate(bob.address, valoper(alice), 0n)], 'sdk', 18, 'invalid delegation amount: invalid request');
    chain.fails(bob, [M.undelegate(bob.address, valoper(alice), STOS)], 'staking', 19);
    chain.fails(bob, [M.undelegate(bob.address, valoper(alice), 0n)], 'sdk', 18, 'invalid shares amount: invalid request');
    chain.ok(bob, [M.delegate(bob.address, valoper(alice), 10n * STOS)]);
    chain.fails(bob, [M.undelegate(bob.address, valoper(alice), 11n * STOS)], 'sdk', 18, 'failed to execute message; message index: 0: invalid shares amount: invalid request');
    for (let i = 0; i < 7; i++) chain.ok(bob, [M.undelegate(bob.address, valoper(alice), STOS)]);
    chain.fails(bob, [M.undelegate(bob.address, valoper(alice), STOS)], 'staking', 27);
    expect(chain.query('UnbondingDelegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).unbond.entries.map((e: any) => e.unbonding_id)).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n]);
  });

  it('[QUIRK] two undelegations in one block merge into one entry; the second id is consumed', () => {
    const chain = withValidator();
    chain.ok(bob, [M.delegate(bob.address, valoper(alice), 10n * STOS)]);
    chain.ok(bob, [M.undelegate(bob.address, valoper(alice), STOS), M.undelegate(bob.address, valoper(alice), 2n * STOS)]);
    const entries = chain.query('UnbondingDelegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).unbond.entries;
    expect(entries.map((e: any) => [e.initial_balance, e.balance, e.unbonding_id])).toEqual([['3000000000000000000', '3000000000000000000', 1n]]);
    expect(chain.app.state.staking.unbonding_id).toBe(2n);
  });
});

describe('MsgBeginRedelegate', () => {
  it('same validator (29), missing destination or source (31), transitive (32), max entries (33)', () => {
    const chain = withValidator();
    chain.ok(bob, [M.createValidator(bob, consKey(2), 10n * STOS)]);
    chain.ok(carol, [M.createValidator(carol, consKey(3), 10n * STOS)]);
    chain.ok(keys[3]!, [M.delegate(keys[3]!.address, valoper(alice), 10n * STOS)]);
    const d = keys[3]!;
    chain.fails(d, [M.redelegate(d.address, valoper(alice), valoper(alice), STOS)], 'staking', 29);
    chain.fails(d, [M.redelegate(d.address, valoper(alice), valoper(keys[4]!), STOS)], 'staking', 31);
    chain.ok(d, [M.redelegate(d.address, valoper(alice), valoper(bob), STOS)]);
    // bob is now the destination of a redelegation of d: redelegating from bob is transitive
    chain.fails(d, [M.redelegate(d.address, valoper(bob), valoper(carol), STOS)], 'staking', 32);
    for (let i = 0; i < 6; i++) chain.ok(d, [M.redelegate(d.address, valoper(alice), valoper(bob), STOS)]);
    chain.fails(d, [M.redelegate(d.address, valoper(alice), valoper(bob), STOS)], 'staking', 33);
  });
});

describe('MsgCancelUnbondingDelegation', () => {
  it('denom, validator (3), no record (undefined 1), no entry at height (sdk 38), too much (sdk 18), partial then full cancel', () => {
    const chain = withValidator();
    chain.ok(bob, [M.delegate(bob.address, valoper(alice), 10n * STOS)]);
    chain.fails(bob, [M.cancelUnbond(bob.address, valoper(carol), STOS, 1n)], 'staking', 3);
    chain.fails(bob, [M.cancelUnbond(bob.address, valoper(alice), STOS, 1n)], 'undefined', 1,
      `failed to execute message; message index: 0: rpc error: code = NotFound desc = unbonding delegation with delegator ${bob.address} not found for validator ${valoper(alice)}`);
    chain.fails(bob, [M.cancelUnbond(bob.address, valoper(alice), STOS, 0n)], 'sdk', 18, 'invalid height: invalid request');
    const u = chain.ok(bob, [M.undelegate(bob.address, valoper(alice), 4n * STOS)]);
    void u;
    const h = chain.app.height;
    chain.fails(bob, [M.cancelUnbond(bob.address, valoper(alice), STOS, h + 100n)], 'sdk', 38, `failed to execute message; message index: 0: unbonding delegation entry is not found at block height ${h + 100n}: not found`);
    chain.fails(bob, [M.cancelUnbond(bob.address, valoper(alice), 5n * STOS, h)], 'sdk', 18);
    const c = chain.ok(bob, [M.cancelUnbond(bob.address, valoper(alice), STOS, h)]);
    expect(c.events.find((e) => e.type === 'cancel_unbonding_delegation')!.attributes.map((a) => [a.key, a.value])).toEqual([
      ['amount', '1000000000000000000wei'], ['validator', valoper(alice)], ['delegator', bob.address], ['creation_height', h.toString()],
    ]);
    const entry = chain.query('UnbondingDelegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).unbond.entries[0];
    expect([entry.initial_balance, entry.balance]).toEqual(['3000000000000000000', '3000000000000000000']);
    expect(chain.query('Delegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).delegation_response.balance.amount).toBe(String(7n * STOS));
    chain.ok(bob, [M.cancelUnbond(bob.address, valoper(alice), 3n * STOS, h)]);
    expect(chain.query('UnbondingDelegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).error.code).toBe(22);
    chain.emptyBlock(SEC);
  });
});

describe('MsgUpdateParams', () => {
  it('authority must be gov (gov 13); params must validate (undefined 1)', () => {
    const chain = new Chain();
    const good = { unbonding_time: { seconds: 60n, nanos: 0 }, max_validators: 3, max_entries: 7, historical_entries: 5, bond_denom: 'wei', min_commission_rate: '0.050000000000000000' };
    chain.fails(alice, [M.updateParams(alice.address, good)], 'gov', 13, `failed to execute message; message index: 0: invalid authority; expected ${GOV}, got ${alice.address}: expected gov account as only signer for proposal message`);
  });
});
