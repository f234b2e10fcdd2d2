/** Genesis (validate, init with the pool checks, export) and the queries' shapes, errors and pagination (§2.2, §1.4). */
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { exportStakingGenesis } from '../../../src/modules/staking/genesis.ts';
import { historicalInfoKey } from '../../../src/modules/staking/historical-info.ts';
import { genesisWith } from '../../helpers/fixture.ts';
import { addressFromBech32 } from '../../../src/crypto/address.ts';
import { BONDED_POOL, Chain, consKey, keys, M, patchState, STOS, stakingGenesis, valoper } from './harness.ts';

function genesisApp(staking: unknown, bonded: bigint) {
  const app = new App({ ...appModules });
  const g = genesisWith(keys.map((k) => [k.address, 1000n * STOS] as [string, bigint]));
  (g.app_state.bank as any).balances.push({ address: BONDED_POOL, coins: bonded > 0n ? [{ denom: 'wei', amount: bonded.toString() }] : [] });
  g.app_state.staking = staking;
  return { app, g };
}

describe('staking genesis', () => {
  it('InitGenesis bonds the validators and hands the set to consensus; export round-trips with exported: true', () => {
    const { app, g } = genesisApp(stakingGenesis([{ key: keys[0]!, cons: consKey(1), tokens: 5n * STOS }, { key: keys[1]!, cons: consKey(2), tokens: 7n * STOS }]), 12n * STOS);
    app.initChain(g);
    expect(app.state.staking.last_total_power).toBe(12_000n);
    expect(app.state.staking.last_validator_powers).toEqual({ [Object.keys(app.state.staking.validators).find((h) => app.state.staking.validators[h]!.tokens === 7n * STOS)!]: 7000n, [Object.keys(app.state.staking.validators).find((h) => app.state.staking.validators[h]!.tokens === 5n * STOS)!]: 5000n });
    const exported = exportStakingGenesis(app.state);
    expect(exported.exported).toBe(true);
    // validators in operator byte order
    const byBytes = [keys[0]!, keys[1]!].sort((x, y) => Buffer.compare(Buffer.from(addressFromBech32(x.address)), Buffer.from(addressFromBech32(y.address))));
    expect(exported.validators.map((v) => [v.operator_address, v.status])).toEqual(byBytes.map((k) => [valoper(k), 'BOND_STATUS_BONDED']));
    expect(exported.last_total_power).toBe('12000');
    // re-import of the export: the last powers are taken as they are
    const again = genesisApp(exported, 12n * STOS);
    again.app.initChain(again.g);
    expect(again.app.state.staking.last_validator_powers).toEqual(app.state.staking.last_validator_powers);
  });

  it('the pool balances must match the validators (the SDK panics at InitChain)', () => {
    const { app, g } = genesisApp(stakingGenesis([{ key: keys[0]!, cons: consKey(1), tokens: 5n * STOS }]), 4n * STOS);
    expect(() => app.initChain(g)).toThrow('bonded pool balance is different from bonded coins: 4000000000000000000wei <-> 5000000000000000000wei');
  });

  it('ValidateGenesis: duplicate key, bonded and jailed, bad params', () => {
    const dup = stakingGenesis([{ key: keys[0]!, cons: consKey(1), tokens: STOS }, { key: keys[1]!, cons: consKey(1), tokens: STOS }]);
    expect(() => genesisApp(dup, 2n * STOS).app.initChain(genesisApp(dup, 2n * STOS).g)).toThrow(/^duplicate validator in genesis state: moniker genesis, address stvalcons1/);
    const jailed = stakingGenesis([{ key: keys[0]!, cons: consKey(1), tokens: STOS }]);
    jailed.validators[0]!.jailed = true;
    expect(() => genesisApp(jailed, STOS).app.initChain(genesisApp(jailed, STOS).g)).toThrow(/^validator is bonded and jailed in genesis state/);
    const bad = stakingGenesis([], { max_validators: 0 });
    expect(() => genesisApp(bad, 0n).app.initChain(genesisApp(bad, 0n).g)).toThrow('app_state.staking.params: max validators must be positive');
  });
});

describe('staking queries', () => {
  it('validators: status filter, pagination with len-prefixed next_key, invalid status', () => {
    const chain = new Chain();
    for (let i = 0; i < 3; i++) chain.ok(keys[i]!, [M.createValidator(keys[i]!, consKey(i + 1), BigInt(i + 1) * STOS)]);
    const all = chain.query('Validators');
    expect(all.pagination.total).toBe(3n);
    expect(all.pagination.next_key).toHaveLength(0);
    const ops = all.validators.map((v: any) => v.operator_address);
    const page1 = chain.query('Validators', { pagination: { limit: 2n } });
    expect(page1.validators.map((v: any) => v.operator_address)).toEqual(ops.slice(0, 2));
    const third = Buffer.from(Object.keys(chain.app.state.staking.validators).sort()[2]!, 'hex');
    expect(Buffer.from(page1.pagination.next_key)).toEqual(Buffer.concat([Buffer.from([20]), third]));
    expect(page1.pagination.total).toBe(0n);
    expect(chain.query('Validators', { pagination: { key: page1.pagination.next_key } }).validators.map((v: any) => v.operator_address)).toEqual(ops.slice(2));
    expect(chain.query('Validators', { status: 'BOND_STATUS_UNBONDED' }).validators).toEqual([]);
    expect(chain.query('Validators', { status: 'bonded' }).error).toEqual({ code: 18, log: 'rpc error: code = InvalidArgument desc = invalid validator status bonded: invalid request' });
    const v = chain.query('Validator', { validator_addr: valoper(keys[0]!) }).validator;
    expect(v.consensus_pubkey.type_url).toBe('/sdk.crypto.ed25519.PubKey');
    expect(v.unbonding_time).toEqual({ seconds: 0n, nanos: 0 });
  });

  it('errors: empty address (InvalidArgument), unknown validator (NotFound), delegator validator without delegation (Internal)', () => {
    const chain = new Chain();
    chain.ok(keys[0]!, [M.createValidator(keys[0]!, consKey(1), STOS)]);
    expect(chain.query('Validator', { validator_addr: '' }).error.code).toBe(18);
    expect(chain.query('Validator', { validator_addr: valoper(keys[1]!) }).error).toEqual({ code: 22, log: `rpc error: code = NotFound desc = validator ${valoper(keys[1]!)} not found: key not found` });
    expect(chain.query('DelegatorValidator', { delegator_addr: keys[1]!.address, validator_addr: valoper(keys[0]!) }).error.log).toBe('rpc error: code = Internal desc = no delegation for (address, validator) tuple: unknown request');
    expect(chain.query('DelegatorValidators', { delegator_addr: keys[0]!.address }).validators.map((v: any) => v.operator_address)).toEqual([valoper(keys[0]!)]);
    expect(chain.query('ValidatorDelegations', { validator_addr: valoper(keys[0]!) }).delegation_responses.map((d: any) => d.balance.amount)).toEqual([String(STOS)]);
    expect(chain.query('Pool').pool).toEqual({ not_bonded_tokens: '0', bonded_tokens: String(STOS) });
    expect(chain.query('Params').params).toEqual({ unbonding_time: { seconds: 1814400n, nanos: 0 }, max_validators: 100, max_entries: 7, historical_entries: 10000, bond_denom: 'wei', min_commission_rate: '0.000000000000000000' });
  });

  it('historical info: one entry per block with the last bonded set, pruned beyond historical_entries; minimal header without consensus', () => {
    const chain = new Chain();
    patchState(chain, (d) => {
      d.staking.params = { ...d.staking.params, historical_entries: 3 };
    });
    chain.ok(keys[0]!, [M.createValidator(keys[0]!, consKey(1), STOS)]);
    for (let i = 0; i < 4; i++) chain.emptyBlock();
    const h = chain.app.height;
    const hist = chain.query('HistoricalInfo', { height: h }).hist;
    expect(hist.header.height).toBe(h);
    expect(hist.header.chain_id).toBe('stratos-test');
    expect(hist.valset.map((v: any) => v.operator_address)).toEqual([valoper(keys[0]!)]);
    expect(chain.query('HistoricalInfo', { height: h - 3n }).error.code).toBe(22);
    expect(chain.query('HistoricalInfo', { height: h - 2n }).hist.header.height).toBe(h - 2n);
    expect(chain.query('HistoricalInfo', { height: -1n }).error.code).toBe(18);
    expect(historicalInfoKey(0x1a2bn)).toBe('b2a1000000000000');
  });
});

describe("pot's Metrics reads the staking pools", () => {
  it('total_bonded_delegation, total_unbonded_delegation (not-bonded pool) and total_unbonding_delegation (Σ entries)', () => {
    const chain = new Chain();
    chain.ok(keys[0]!, [M.createValidator(keys[0]!, consKey(1), 5n * STOS)]);
    chain.ok(keys[1]!, [M.delegate(keys[1]!.address, valoper(keys[0]!), 3n * STOS)]);
    chain.ok(keys[1]!, [M.undelegate(keys[1]!.address, valoper(keys[0]!), STOS)]);
    const c = chain.app.codec;
    const r = chain.app.query('/chain.pot.v1.Query/Metrics', c.encode('chain.pot.v1.QueryMetricsRequest', {}));
    const m = c.decode('chain.pot.v1.QueryMetricsResponse', r.value).metrics as Record<string, string>;
    expect([m.total_bonded_delegation, m.total_unbonded_delegation, m.total_unbonding_delegation]).toEqual([String(7n * STOS), String(STOS), String(STOS)]);
  });
});
