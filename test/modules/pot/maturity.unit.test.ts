/**
 * Maturity (reference/chain-semantics.md §3.6), slashing deduction, the 100-wallet cap, tier
 * crossing (§3.2) and the out-of-issuance / zero-volume failures (§3.5 [EDGE]).
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { ChainError } from '../../../src/errors.ts';
import { distributePotReward, type Distribution, type WalletVolume } from '../../../src/modules/pot/distribute.ts';
import { rewardMatureAndSubSlashing } from '../../../src/modules/pot/mature.ts';
import { immatureTotalOf, matureTotalOf, walletKey } from '../../../src/modules/pot/state.ts';
import { addSlashing, slashingOf } from '../../../src/modules/register/index.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { ctxAt, MN_BENEFICIARIES, pool, RN_WALLETS, STOS, workedExampleState } from './world.ts';
import { accAddress } from '../../../src/crypto/address.ts';
import { Dec } from '../../../src/math/dec.ts';

const VOLUMES: WalletVolume[] = [
  { wallet_address: RN_WALLETS[0]!, volume: 50_000n },
  { wallet_address: RN_WALLETS[1]!, volume: 30_000n },
  { wallet_address: RN_WALLETS[2]!, volume: 20_000n },
];
const RN1_EPOCH1 = 24_000_000_029_792_912_447n;

/** Distributes a report, then runs the pot EndBlock maturation, as one block does. */
function block(state: AppState, epoch: bigint, volumes: WalletVolume[] = VOLUMES): AppState {
  return produce(state, (draft) => {
    distributePotReward(draft, volumes, epoch, ctxAt(epoch));
    rewardMatureAndSubSlashing(draft, ctxAt(epoch));
  });
}

describe('maturity after mature_epoch report epochs', () => {
  it('given the epoch-1 rewards, when reports up to epoch 2016 are distributed, then nothing is mature (not one report early)', () => {
    let s = block(workedExampleState().state, 1n);
    expect(s.pot.matured_epoch).toBe(2016n);
    s = block(s, 2016n);
    expect(matureTotalOf(s, RN_WALLETS[0]!)).toEqual({});
    expect(Object.keys(s.pot.individual_rewards).sort()).toEqual(['2017', '4032']);
  });

  it('when the epoch-2017 report is distributed, then the epoch-1 rewards become mature in that EndBlock', () => {
    let s = block(workedExampleState().state, 1n);
    s = block(s, 2016n);
    const immatureBefore = immatureTotalOf(s, RN_WALLETS[0]!).wei!;
    s = block(s, 2017n);
    expect(matureTotalOf(s, RN_WALLETS[0]!)).toEqual({ wei: RN1_EPOCH1 });
    expect(s.pot.matured_epoch).toBe(2017n);
    expect(s.pot.individual_rewards['2017']).toBeUndefined();
    // immature: what was there minus the matured epoch-1 part plus the epoch-2017 rewards
    const added = s.pot.individual_rewards['4033']![walletKey(RN_WALLETS[0]!)]!;
    expect(immatureTotalOf(s, RN_WALLETS[0]!).wei).toBe(immatureBefore - RN1_EPOCH1 + added.reward_from_mining_pool.wei! + added.reward_from_traffic_pool.wei!);
    expect(matureTotalOf(s, MN_BENEFICIARIES[0]!)).toEqual({ wei: 5_333_333_333_333_333_333n + 6_620_647_210n });
  });

  it('given a skipped range of epochs, when a report at epoch ≥ 2017 arrives, then the rewards mature', () => {
    let s = block(workedExampleState().state, 1n);
    s = block(s, 5000n);
    expect(matureTotalOf(s, RN_WALLETS[0]!)).toEqual({ wei: RN1_EPOCH1 });
    // epochs 2018..5000 have no records: [QUIRK] MaturedEpoch stays at the last epoch with records
    expect(s.pot.matured_epoch).toBe(2017n);
  });
});

describe('slashing deduction at maturity', () => {
  it('given a debt smaller than the reward, then it is deducted and moved from the reward pool to the community pool', () => {
    let s = block(workedExampleState().state, 1n);
    s = produce(s, (d) => addSlashing(d, RN_WALLETS[0]!, 5n * STOS));
    const rewardPool = pool(s, 'total_reward_pool');
    const community = pool(s, 'distribution');
    s = produce(s, (draft) => {
      distributePotReward(draft, VOLUMES, 2017n, ctxAt(3n));
    });
    const poolAfterReport = pool(s, 'total_reward_pool');
    const communityAfterReport = pool(s, 'distribution');
    s = produce(s, (draft) => rewardMatureAndSubSlashing(draft, ctxAt(3n)));
    expect(matureTotalOf(s, RN_WALLETS[0]!)).toEqual({ wei: RN1_EPOCH1 - 5n * STOS });
    expect(slashingOf(s, RN_WALLETS[0]!)).toBe(0n);
    expect(pool(s, 'total_reward_pool')).toBe(poolAfterReport - 5n * STOS);
    expect(pool(s, 'distribution')).toBe(communityAfterReport + 5n * STOS);
    expect(poolAfterReport).toBeGreaterThan(rewardPool);
    expect(communityAfterReport).toBeGreaterThan(community);
  });

  it('given a debt larger than the reward, then the whole reward is taken and the rest stays owed', () => {
    let s = block(workedExampleState().state, 1n);
    s = produce(s, (d) => addSlashing(d, RN_WALLETS[0]!, 30n * STOS));
    s = block(s, 2017n);
    expect(matureTotalOf(s, RN_WALLETS[0]!)).toEqual({});
    expect(slashingOf(s, RN_WALLETS[0]!)).toBe(30n * STOS - RN1_EPOCH1);
  });
});

describe('the 100-wallets-per-block cap on the newest epoch', () => {
  it('given 153 rewarded wallets at epoch 1, when epoch 2017 is the newest, then 100 mature in the first block and the rest in the next', () => {
    const many: WalletVolume[] = Array.from({ length: 150 }, (_, i) => ({ wallet_address: walletN(i), volume: 10n }));
    let s = block(workedExampleState().state, 1n, many);
    // the epoch-1 records are stored under 2017: 150 resource wallets + 3 meta beneficiaries
    expect(Object.keys(s.pot.individual_rewards['2017']!).length).toBe(153);
    s = produce(s, (draft) => {
      distributePotReward(draft, many, 2017n, ctxAt(2n));
      rewardMatureAndSubSlashing(draft, ctxAt(2n));
    });
    expect(Object.keys(s.pot.individual_rewards['2017']!).length).toBe(53);
    expect(s.pot.matured_epoch).toBe(2016n);
    s = produce(s, (draft) => rewardMatureAndSubSlashing(draft, ctxAt(3n)));
    expect(s.pot.individual_rewards['2017']).toBeUndefined();
    expect(s.pot.matured_epoch).toBe(2017n);
  });
});

/** 150 distinct wallets 0xa0…00ii. */
function walletN(i: number): string {
  const b = new Uint8Array(20);
  b[0] = 0xa0;
  b[19] = i;
  return accAddress(b);
}

describe('tier selection by TotalMinedTokens before the report', () => {
  function withMined(mined: bigint) {
    return produce(workedExampleState().state, (d) => {
      d.pot.total_mined_tokens = mined;
    });
  }
  function distribute(s: AppState, epoch: bigint): { s: AppState; d: Distribution } {
    let d!: Distribution;
    const next = produce(s, (draft) => {
      d = distributePotReward(draft, VOLUMES, epoch, ctxAt(1n));
    });
    return { s: next, d };
  }

  it('given mined just below the tier-1 end, then the report pays tier 1 and crosses the boundary; the next one pays tier 2', () => {
    const end1 = 16_819_200n * STOS;
    const first = distribute(withMined(end1 - 1n), 1n);
    expect(first.d.stakeMining).toBe(16n * STOS);
    expect(first.d.mrn).toBe(48n * STOS);
    expect(first.s.pot.total_mined_tokens).toBe(end1 - 1n + 79_999_999_999_999_999_999n);
    const second = distribute(first.s, 2n);
    expect(second.d.stakeMining).toBe(8n * STOS);
    expect(second.d.mrn).toBe(24_800_000_000_000_000_000n);
    expect(second.d.mmn).toBe(7_200_000_000_000_000_000n);
    expect(second.d.trn).toBe(second.d.r.mul(Dec.fromInt(6200n)).quo(Dec.fromInt(10000n)).truncateInt());
  });

  it('given the last tier (2.5 stos, 7000/1000 bp), then the splits follow it', () => {
    const { d } = distribute(withMined(32_587_200n * STOS), 1n);
    expect([d.stakeMining, d.mrn, d.mmn]).toEqual([500_000_000_000_000_000n, 1_750_000_000_000_000_000n, 250_000_000_000_000_000n]);
  });

  it('given mined at the last tier end (out of issuance), then the report fails with ErrVolumeReport', () => {
    const s = withMined(40_000_000n * STOS);
    expect(() => distribute(s, 1n)).toThrow(ChainError);
    try {
      distribute(s, 1n);
    } catch (e) {
      expect([(e as ChainError).codespace, (e as ChainError).code]).toEqual(['pot', 32]);
      expect((e as ChainError).message).toBe(
        `mining reward reaches the issuance limit: total mined tokens ${40_000_000n * STOS} reached the end of the last tier: volume report failed`,
      );
    }
  });

  it('given a report whose volumes are all zero, then it fails with ErrVolumeReport', () => {
    const s = workedExampleState().state;
    const zero = VOLUMES.map((v) => ({ ...v, volume: 0n }));
    expect(() => produce(s, (draft) => void distributePotReward(draft, zero, 1n, ctxAt(1n)))).toThrow(
      'total volume of the report is zero: cannot compute the wallet shares: volume report failed',
    );
  });

  it('given consumed + remaining ozone above the total, then the supply check fails', () => {
    const s = workedExampleState().state;
    expect(() => produce(s, (draft) => void distributePotReward(draft, [{ wallet_address: RN_WALLETS[0]!, volume: 10n ** 17n }], 1n, ctxAt(1n)))).toThrow(
      'remaining+consumed Noz exceeds total Noz supply: volume report failed',
    );
  });
});
