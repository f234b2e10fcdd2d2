/**
 * A Dec param of a hand-written genesis.json (`"0.02"`) and the same value as the SDK writes it
 * (`"0.020000000000000000"`) give the same state: the modules parse a `LegacyDec` param and keep
 * its value (re-marshalled with 18 decimals), so the app hash and the export are the same — for
 * pot, register, staking, distribution, slashing and mint. Gov v1's params (quorum, threshold,
 * veto_threshold, min_initial_deposit_ratio) are plain strings in SDK v0.47: checked as decimals but
 * stored as written, so there the text is the state (reference/chain-semantics.md §1.2).
 */
import { describe, expect, it } from 'vitest';
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { defaultAppState } from '../../src/node/init.ts';
import { mergeJson } from '../../src/sim/scenario/merge-json.ts';
import { genesisWith, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);

/** The app hash after one empty block, the exported app state and pot's and gov's params as queried. */
function chainOf(overrides: Record<string, unknown>) {
  const base = genesisWith([[alice.address, 10n ** 21n]]);
  const genesis = { ...base, app_state: mergeJson(mergeJson(defaultAppState(), base.app_state), overrides) as Record<string, unknown> };
  const chain = Chain.open({ ...appModules, dbPath: ':memory:', genesis });
  try {
    chain.commitBlock([]);
    return {
      appHash: Buffer.from(chain.app.info().lastBlockAppHash).toString('hex'),
      exported: JSON.stringify(chain.app.exportAppStateAndValidators({ forZeroHeight: false, jailAllowedAddrs: [] }).appState, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    };
  } finally {
    chain.close();
  }
}

/** Each module's Dec params, the default values written short and as the SDK writes them. */
const SHORT = {
  pot: { params: { community_tax: '0.02' } },
  register: { deposit_noz_rate: '1000000' },
  staking: { params: { min_commission_rate: '0' } },
  distribution: { params: { community_tax: '0', base_proposer_reward: '0.0', bonus_proposer_reward: '0.00' } },
  slashing: { params: { min_signed_per_window: '0.05', slash_fraction_double_sign: '0.050', slash_fraction_downtime: '0.0002' } },
  mint: { params: { goal_bonded: '0.67', inflation_max: '0' }, minter: { inflation: '0', annual_provisions: '0' } },
};
const CANONICAL = {
  pot: { params: { community_tax: '0.020000000000000000' } },
  register: { deposit_noz_rate: '1000000.000000000000000000' },
  staking: { params: { min_commission_rate: '0.000000000000000000' } },
  distribution: { params: { community_tax: '0.000000000000000000', base_proposer_reward: '0.000000000000000000', bonus_proposer_reward: '0.000000000000000000' } },
  slashing: { params: { min_signed_per_window: '0.050000000000000000', slash_fraction_double_sign: '0.050000000000000000', slash_fraction_downtime: '0.000200000000000000' } },
  mint: { params: { goal_bonded: '0.670000000000000000', inflation_max: '0.000000000000000000' }, minter: { inflation: '0.000000000000000000', annual_provisions: '0.000000000000000000' } },
};

describe('genesis Dec params written short or with 18 decimals', () => {
  it('give the same state, app hash and export (pot, register, staking, distribution, slashing, mint)', () => {
    const short = chainOf(SHORT);
    const canonical = chainOf(CANONICAL);
    expect(short.appHash).toBe(canonical.appHash);
    expect(short.exported).toBe(canonical.exported);
    // the export writes each one as the SDK does
    const exported = JSON.parse(short.exported) as Record<string, any>;
    expect([exported.pot.params.community_tax, exported.register.deposit_noz_rate, exported.slashing.params.slash_fraction_downtime, exported.mint.params.goal_bonded]).toStrictEqual([
      '0.020000000000000000',
      '1000000.000000000000000000',
      '0.000200000000000000',
      '0.670000000000000000',
    ]);
  });

  it("but gov v1's params are strings kept as written, as the SDK keeps them", () => {
    const short = chainOf({ gov: { params: { quorum: '0.334' } } });
    const canonical = chainOf({ gov: { params: { quorum: '0.334000000000000000' } } });
    expect(short.appHash).not.toBe(canonical.appHash);
    expect((JSON.parse(short.exported) as Record<string, any>).gov.params.quorum).toBe('0.334');
  });
});
