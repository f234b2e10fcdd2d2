/**
 * Distribution genesis (SDK v0.47 `distribution.v1beta1.GenesisState` in proto-JSON): the default
 * document, a round trip of every record kind, and shape errors naming the field.
 */
import { describe, expect, it } from 'vitest';
import { defaultDistributionGenesis, validateDistributionGenesis } from '../../../src/modules/distribution/genesis.ts';
import { distributionModule } from '../../../src/modules/distribution/index.ts';
import { addressFromBech32 } from '../../../src/crypto/address.ts';
import { bytesToHex } from '@noble/hashes/utils.js';
import { M, STOS, World, createValidator, dec, delegate, keys, slashValidator, valOf, vote } from './harness.ts';

const V = valOf(0);
const hex = (bech32: string) => bytesToHex(addressFromBech32(bech32, bech32.split('1')[0]));

describe('distribution genesis', () => {
  it('the default document', () => {
    expect(defaultDistributionGenesis()).toEqual({
      params: { community_tax: '0.000000000000000000', base_proposer_reward: '0.000000000000000000', bonus_proposer_reward: '0.000000000000000000', withdraw_addr_enabled: true },
      fee_pool: { community_pool: [] },
      delegator_withdraw_infos: [],
      previous_proposer: '',
      outstanding_rewards: [],
      validator_accumulated_commissions: [],
      validator_historical_rewards: [],
      validator_current_rewards: [],
      delegator_starting_infos: [],
      validator_slash_events: [],
    });
  });

  it('Given a state with every kind of record, when exported and imported into a new chain, then it exports the same document', () => {
    const w = new World();
    w.patch((d, ctx) => {
      createValidator(d, V, 10n * STOS, dec('0.1'), ctx);
      delegate(d, keys[1]!.address, V, STOS, ctx);
    }, 0n);
    w.block();
    w.ok(keys[1]!, [M.setWithdrawAddress(keys[1]!.address, keys[2]!.address), M.fundCommunityPool(keys[1]!.address, [{ denom: 'wei', amount: '5' }])], {
      fee: 777n,
      votes: [vote(V, 11_000n)],
    });
    w.block({ votes: [vote(V, 11_000n)], proposer: V.consHex });
    w.patch((d, ctx) => slashValidator(d, V, dec('0.01'), ctx), w.app.height);
    const doc = distributionModule.exportGenesis(w.app.state);
    for (const list of [doc.delegator_withdraw_infos, doc.outstanding_rewards, doc.validator_accumulated_commissions, doc.validator_historical_rewards, doc.validator_current_rewards, doc.delegator_starting_infos, doc.validator_slash_events]) {
      expect(list.length).toBeGreaterThan(0);
    }
    expect(doc.previous_proposer).toBe(V.consAddr);
    expect(doc.fee_pool.community_pool).toEqual([{ denom: 'wei', amount: '5.000000000000000000' }]);
    const again = new World({ distribution: JSON.parse(JSON.stringify(doc)) });
    expect(distributionModule.exportGenesis(again.app.state)).toEqual(doc);
  });

  it('Given historical rewards and starting infos listed out of order, with periods past 255, when imported and exported, then they come back in the store order (validator bytes, then the period little-endian; validator, then delegator)', () => {
    const [a, b] = [valOf(0), valOf(1)].sort((x, y) => (hex(x.operator) < hex(y.operator) ? -1 : 1));
    const [d1, d2, d3] = [keys[1]!, keys[2]!, keys[3]!].map((k) => k.address).sort((x, y) => (hex(x) < hex(y) ? -1 : 1));
    const hist = (v: string, period: string) => ({ validator_address: v, period, rewards: { cumulative_reward_ratio: [], reference_count: 1 } });
    const start = (v: string, d: string) => ({ delegator_address: d, validator_address: v, starting_info: { previous_period: '1', stake: '1.000000000000000000', height: '0' } });
    const doc = {
      ...defaultDistributionGenesis(),
      validator_historical_rewards: [hist(b!.operator, '1'), hist(a!.operator, '2'), hist(a!.operator, '257'), hist(a!.operator, '1'), hist(a!.operator, '256'), hist(a!.operator, '0')],
      delegator_starting_infos: [start(b!.operator, d1!), start(a!.operator, d3!), start(a!.operator, d1!), start(b!.operator, d2!)],
    };
    const out = distributionModule.exportGenesis(new World({ distribution: doc }).app.state);
    // the period is keyed by its 8 little-endian bytes: 0 (00 00 …), 256 (00 01 …), 1 (01 00 …), 257 (01 01 …), 2 (02 00 …)
    expect(out.validator_historical_rewards.map((h) => [h.validator_address, h.period])).toEqual([
      [a!.operator, '0'],
      [a!.operator, '256'],
      [a!.operator, '1'],
      [a!.operator, '257'],
      [a!.operator, '2'],
      [b!.operator, '1'],
    ]);
    expect(out.delegator_starting_infos.map((s) => [s.validator_address, s.delegator_address])).toEqual([
      [a!.operator, d1],
      [a!.operator, d3],
      [b!.operator, d1],
      [b!.operator, d2],
    ]);
  });

  it('shape errors name the field', () => {
    const g = defaultDistributionGenesis();
    expect(() => validateDistributionGenesis({ ...g, params: { ...g.params, community_tax: '2' } })).toThrow('distribution genesis: params community tax too large: 2.000000000000000000');
    expect(() => validateDistributionGenesis({ ...g, fee_pool: { community_pool: [{ denom: 'wei', amount: 'x' }] } })).toThrow(/^distribution genesis: fee_pool.community_pool\[0\].amount is not a decimal/);
    expect(() => new World({ distribution: { ...g, outstanding_rewards: [{ validator_address: keys[0]!.address, outstanding_rewards: [] }] } })).toThrow(
      /distribution genesis: outstanding_rewards\[0\].validator_address is not a valid stvaloper1… address/,
    );
  });
});

describe('snapshot of the distribution slice', () => {
  it('a state with distribution records serializes, revives (Sharded collections listed) and hashes the same; a later write works', async () => {
    const { serializeState, deserializeState, stateDigest } = await import('../../../src/state/canonical.ts');
    const { reviveAppState } = await import('../../../src/state/app-state.ts');
    const w = new World();
    w.patch((d, ctx) => {
      createValidator(d, V, 10n * STOS, dec('0.1'), ctx);
      delegate(d, keys[1]!.address, V, STOS, ctx);
    }, 0n);
    w.ok(keys[1]!, [M.setWithdrawAddress(keys[1]!.address, keys[2]!.address)], { fee: 0n });
    const state = w.app.state;
    const revived = reviveAppState(deserializeState(serializeState(state)));
    expect(stateDigest(revived)).toBe(stateDigest(state));
    w.app.restore(revived, w.app.height, 'stratos-test');
    w.patch((d, ctx) => delegate(d, keys[3]!.address, V, STOS, ctx), w.app.height + 1n);
    expect(distributionModule.exportGenesis(w.app.state).delegator_starting_infos).toHaveLength(3);
  });
});
