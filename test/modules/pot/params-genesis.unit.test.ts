/**
 * Pot params (spec part 2, reference §3.2), error table (§3.11), genesis (§3.12) and queries (§3.10).
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { PotErrors } from '../../../src/modules/pot/errors.ts';
import { defaultPotGenesis, exportPotGenesis } from '../../../src/modules/pot/genesis.ts';
import { DEFAULT_POT_PARAMS, potParamsFromProto, potParamsToProto, tierForMinedTokens, validatePotParams } from '../../../src/modules/pot/params.ts';
import { blsThreshold } from '../../../src/modules/pot/report-msg.ts';
import { clearedReportBytes } from '../../../src/modules/pot/tx-data.ts';
import { ChainError } from '../../../src/errors.ts';
import { setImmatureTotal } from '../../../src/modules/pot/state.ts';
import { owners, potChain, potQuery, STOS } from './harness.ts';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

describe('pot params', () => {
  it('defaults: the six tiers of the spec table, mature_epoch 2016, tax 2%, initial supply 4·10^8 stos (spec part 2)', () => {
    const p = potParamsToProto(DEFAULT_POT_PARAMS);
    expect({ ...p, mining_reward_params: undefined }).toEqual({
      bond_denom: 'wei',
      reward_denom: 'wei',
      mature_epoch: 2016n,
      mining_reward_params: undefined,
      community_tax: '0.020000000000000000',
      initial_total_supply: { denom: 'wei', amount: '400000000000000000000000000' },
    });
    const row = (s: string, e: string, r: string, c: string, rn: string, m: string) => ({
      total_mined_valve_start: { denom: 'wei', amount: s },
      total_mined_valve_end: { denom: 'wei', amount: e },
      mining_reward: { denom: 'wei', amount: r },
      block_chain_percentage_in_bp: c,
      resource_node_percentage_in_bp: rn,
      meta_node_percentage_in_bp: m,
    });
    const z = '000000000000000000';
    expect(p.mining_reward_params).toEqual([
      row('0', `16819200${z}`, `80${z}`, '2000', '6000', '2000'),
      row(`16819200${z}`, `25228800${z}`, `40${z}`, '2000', '6200', '1800'),
      row(`25228800${z}`, `29433600${z}`, `20${z}`, '2000', '6400', '1600'),
      row(`29433600${z}`, `31536000${z}`, `10${z}`, '2000', '6600', '1400'),
      row(`31536000${z}`, `32587200${z}`, `5${z}`, '2000', '6800', '1200'),
      row(`32587200${z}`, `40000000${z}`, '2500000000000000000', '2000', '7000', '1000'),
    ]);
    expect(potParamsFromProto(p as never)).toEqual(DEFAULT_POT_PARAMS);
  });

  it('tier selection: first tier with start ≤ mined < end; past the end the last tier and out-of-issuance', () => {
    expect(tierForMinedTokens(DEFAULT_POT_PARAMS, 16_819_200n * STOS - 1n).tier.mining_reward.amount).toBe(80n * STOS);
    expect(tierForMinedTokens(DEFAULT_POT_PARAMS, 16_819_200n * STOS).tier.mining_reward.amount).toBe(40n * STOS);
    expect(tierForMinedTokens(DEFAULT_POT_PARAMS, 40_000_000n * STOS)).toMatchObject({ outOfIssuance: true, tier: { mining_reward: { amount: 2_500_000_000_000_000_000n } } });
  });

  it('validation: each failure is the pot sentinel of the reference', () => {
    const bad = (over: object, code: number) => {
      try {
        validatePotParams({ ...DEFAULT_POT_PARAMS, ...over });
        expect.unreachable();
      } catch (e) {
        expect([(e as ChainError).codespace, (e as ChainError).code]).toEqual(['pot', code]);
      }
    };
    bad({ bond_denom: '1x' }, 28);
    bad({ mature_epoch: 0n }, 8);
    bad({ mining_reward_params: [{ ...DEFAULT_POT_PARAMS.mining_reward_params[0]!, meta_node_percentage_in_bp: 1999n }] }, 9);
    bad({ community_tax: 10n ** 18n + 1n }, 10);
    bad({ initial_total_supply: { denom: 'wei', amount: -1n } }, 11);
  });
});

describe('pot error table (§3.11)', () => {
  it('codes 2..36 in declaration order', () => {
    const codes = Object.values(PotErrors).map((k) => k.code);
    expect(codes).toEqual(Array.from({ length: 35 }, (_, i) => i + 2));
    expect(PotErrors.VolumeReport.code).toBe(32);
    expect(PotErrors.ReporterAddressOrOwner.code).toBe(33);
  });
});

describe('BLS threshold and txData (§3.3)', () => {
  it('max(1, floor(2n/3)): 1→1, 2→1, 3→2, 4→2, 5→3, 6→4', () => {
    expect([1n, 2n, 3n, 4n, 5n, 6n].map(blsThreshold)).toEqual([1n, 1n, 2n, 2n, 3n, 4n]);
  });

  it('the cleared message bytes end with 0x32 0x00 and always carry the epoch', () => {
    const bytes = clearedReportBytes({ wallet_volumes: [{ wallet_address: 'st1a', volume: '7' }], reporter: '', epoch: '12', report_reference: '', reporter_owner: '' });
    // 0a 09 (0a 04 "st1a" 12 01 "7") 1a 02 "12" 32 00
    expect(bytesToHex(bytes)).toBe('0a090a04737431611201371a0231323200');
    expect(bytesToHex(keccak_256(bytes))).toHaveLength(64);
  });
});

describe('pot genesis and queries', () => {
  it('default genesis', () => {
    const g = defaultPotGenesis();
    expect({ ...g, params: undefined }).toEqual({
      params: undefined,
      total_mined_token: { denom: 'wei', amount: '0' },
      last_distributed_epoch: '0',
      immature_total_info: [],
      mature_total_info: [],
      individual_reward_info: [],
      matured_epoch: '0',
      reward_total_info: [],
    });
    expect((g.params as Record<string, unknown>).mature_epoch).toBe('2016');
  });

  it('export: [QUIRK] every immature total is also exported as an individual reward', () => {
    const c = potChain();
    const s = produce(c.app.state, (d) => {
      setImmatureTotal(d, '0'.repeat(40), { wei: 5n });
    });
    const g = exportPotGenesis(s);
    expect(g.immature_total_info).toHaveLength(1);
    expect(g.individual_reward_info).toEqual([{ wallet_address: g.immature_total_info[0]!.wallet_address, reward_from_mining_pool: [{ denom: 'wei', amount: '5' }], reward_from_traffic_pool: [{ denom: 'wei', amount: '5' }] }]);
  });

  it('queries: params, total mined, circulation supply, invalid epochs, empty report', () => {
    const c = potChain();
    expect(potQuery(c, 'Params').params.mature_epoch).toBe(2016n);
    expect(potQuery(c, 'TotalMinedToken').total_mined_token).toEqual({ denom: 'wei', amount: '0' });
    const supply = c.app.state.bank.supply.wei!;
    expect(potQuery(c, 'CirculationSupply').circulation_supply).toEqual([{ denom: 'wei', amount: (supply - 40_000_000n * STOS).toString() }]);
    expect(potQuery(c, 'RewardsByEpoch', { epoch: 0n }).error.code).toBe(18);
    expect(potQuery(c, 'TotalRewardByEpoch', { epoch: 0n }).error.code).toBe(18);
    expect(potQuery(c, 'VolumeReport', { epoch: 3n }).report_info).toEqual({ epoch: 0n, reference: '', tx_hash: '', reporter: '' });
    expect(potQuery(c, 'TotalRewardByEpoch', { epoch: 3n })).toEqual({ total_reward: { mining_reward: [], traffic_reward: [] }, is_legacy: false });
    expect(potQuery(c, 'SlashingByOwner', { wallet_address: owners[0]!.address }).slashing).toBe('0');
    const m = potQuery(c, 'Metrics').metrics;
    expect([m.total_mining_supply, m.total_mining_reward, m.chain_mining_reward, m.resource_mining_reward, m.meta_mining_reward]).toEqual([
      (40_000_000n * STOS).toString(),
      (80n * STOS).toString(),
      (16n * STOS).toString(),
      (48n * STOS).toString(),
      (16n * STOS).toString(),
    ]);
  });
});
