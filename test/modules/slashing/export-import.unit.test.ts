/**
 * Genesis export → import round trip of slashing, mint and evidence after activity (misses,
 * downtime jail, double sign, minting), through JSON text as `chaind export` writes it.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { genesisWith } from '../../helpers/fixture.ts';
import { keys, putValidator, STOS, valOf, vote, World } from './harness.ts';

const V0 = valOf(0);
const V1 = valOf(1);
const V2 = valOf(2);

describe('export → import', () => {
  it('slashing, mint and evidence come back unchanged', () => {
    const w = new World({
      slashing: {
        params: { signed_blocks_window: '20', min_signed_per_window: '0.5', downtime_jail_duration: '600s', slash_fraction_double_sign: '0.05', slash_fraction_downtime: '0.0002' },
        signing_infos: [],
        missed_blocks: [],
      },
      mint: {
        minter: { inflation: '0.130000000000000000', annual_provisions: '0' },
        params: { mint_denom: 'wei', inflation_rate_change: '0.13', inflation_max: '0.2', inflation_min: '0.07', goal_bonded: '0.67', blocks_per_year: '6311520' },
      },
    });
    w.patch((d, ctx) => [V0, V1, V2].forEach((v) => putValidator(d, v, { tokens: 100n * STOS }, ctx)), 0n);
    for (let h = 1; h <= 24; h++) w.block({ votes: [vote(V0, 100_000n, false), vote(V1, 100_000n, h % 3 !== 0), vote(V2, 100_000n, true)] });
    w.block({ misbehavior: [{ type: 'DUPLICATE_VOTE', address: V2.consHex, power: 100_000n, height: 20n, timeNs: w.timeNs - 25n * 1_000_000_000n, totalVotingPower: 300_000n }] });

    const exported = JSON.parse(JSON.stringify(w.app.exportGenesis()));
    expect(exported.slashing.signing_infos).toHaveLength(3);
    expect(exported.evidence.evidence).toHaveLength(1);

    const doc = genesisWith(keys.map((k) => [k.address, 1000n * STOS]));
    const app = new App({ ...appModules });
    app.initChain({ ...doc, app_state: { ...doc.app_state, slashing: exported.slashing, mint: exported.mint, evidence: exported.evidence } });
    const again = JSON.parse(JSON.stringify(app.exportGenesis()));
    expect({ slashing: again.slashing, mint: again.mint, evidence: again.evidence }).toEqual({ slashing: exported.slashing, mint: exported.mint, evidence: exported.evidence });
    expect(app.state.slashing.missed_blocks).toEqual(w.app.state.slashing.missed_blocks);
    expect(app.state.slashing.signing_infos).toEqual(w.app.state.slashing.signing_infos);
  });
});
