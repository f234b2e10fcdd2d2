/**
 * Golden test: the worked example of reference/chain-semantics.md §5, every number reproduced.
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { toAbciEvent, type ChainEvent } from '../../../src/events/event.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { distributePotReward, type Distribution } from '../../../src/modules/pot/distribute.ts';
import { getTotalReward, immatureTotalOf, walletKey } from '../../../src/modules/pot/state.ts';
import { Dec } from '../../../src/math/dec.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { ctxAt, MN_BENEFICIARIES, pool, RN_WALLETS, STOS, workedExampleState } from './world.ts';

const VOLUMES = [
  { wallet_address: RN_WALLETS[0]!, volume: 50_000n },
  { wallet_address: RN_WALLETS[1]!, volume: 30_000n },
  { wallet_address: RN_WALLETS[2]!, volume: 20_000n },
];

function runEpoch1() {
  const { state: before, purchased } = workedExampleState();
  const events: ChainEvent[] = [];
  let d!: Distribution;
  const after: AppState = produce(before, (draft) => {
    d = distributePotReward(draft, VOLUMES, 1n, ctxAt(10n, events));
  });
  return { before, after, d, events, purchased };
}

describe('§5 worked example: one epoch with default parameters', () => {
  it('given the genesis, the 20 stos prepay buys 19,867,681,111,478 noz and leaves Lt = 2,983,132,318,888,522', () => {
    const { state, purchased } = workedExampleState();
    expect(state.register.effective_total_deposit).toBe(3_003_000_000_000_000_000_000n);
    expect(purchased).toBe(19_867_681_111_478n);
    expect(state.register.remaining_ozone_limit).toBe(2_983_132_318_888_522n);
    expect(pool(state, 'total_unissued_prepay')).toBe(20_000_000_000_000_000_000n);
  });

  it('when the epoch-1 report is distributed, then the pools and splits are exactly the reference ones', () => {
    const { d } = runEpoch1();
    expect(d.r.eq(Dec.fromString('101336436897.475461805926424731'))).toBe(true);
    expect(d.stakeTraffic).toBe(20_267_287_379n);
    expect(d.trn).toBe(60_801_862_138n);
    expect(d.tmn).toBe(20_267_287_379n);
    expect(d.stakeMining).toBe(16n * STOS);
    expect(d.mrn).toBe(48n * STOS);
    expect(d.mmn).toBe(16n * STOS);
    expect(d.taxDec.toString()).toBe('1621382990.339999999999999999');
    expect(d.foundationToReward).toBe(63_999_999_999_999_999_999n);
    expect(d.prepayToReward).toBe(79_447_766_524n);
  });

  it('then each resource wallet and meta beneficiary gets the reference reward', () => {
    const { d } = runEpoch1();
    const rec = (w: string) => d.rewards.get(walletKey(w));
    const expectRecord = (w: string, mining: bigint, traffic: bigint) =>
      expect(rec(w)).toEqual({ wallet_address: w, reward_from_mining_pool: { wei: mining }, reward_from_traffic_pool: { wei: traffic } });
    expectRecord(RN_WALLETS[0]!, 24_000_000_000_000_000_000n, 29_792_912_447n);
    expectRecord(RN_WALLETS[1]!, 14_400_000_000_000_000_000n, 17_875_747_468n);
    expectRecord(RN_WALLETS[2]!, 9_600_000_000_000_000_000n, 11_917_164_979n);
    for (const b of MN_BENEFICIARIES) expectRecord(b, 5_333_333_333_333_333_333n, 6_620_647_210n);
    expect(d.rewards.size).toBe(6);
  });

  it('then totals, Lt, epochs and the stored records are the reference ones', () => {
    const { after } = runEpoch1();
    expect(getTotalReward(after, 1n)).toEqual({ mining_reward: { wei: 79_999_999_999_999_999_999n }, traffic_reward: { wei: 101_336_436_893n } });
    expect(20_267_287_379n + 79_447_766_524n + 1_621_382_990n).toBe(101_336_436_893n);
    expect(after.pot.total_mined_tokens).toBe(79_999_999_999_999_999_999n);
    expect(after.register.remaining_ozone_limit).toBe(2_983_132_318_988_522n);
    expect(after.pot.last_distributed_epoch).toBe(1n);
    // records under mature epoch 1 + 2016
    expect(Object.keys(after.pot.individual_rewards)).toEqual(['2017']);
    expect(Object.keys(after.pot.individual_rewards['2017']!)).toHaveLength(6);
    expect(after.pot.individual_rewards['2017']![walletKey(RN_WALLETS[0]!)]).toEqual({
      wallet_address: RN_WALLETS[0]!,
      reward_from_mining_pool: { wei: 24_000_000_000_000_000_000n },
      reward_from_traffic_pool: { wei: 29_792_912_447n },
    });
    expect(immatureTotalOf(after, RN_WALLETS[0]!)).toEqual({ wei: 24_000_000_029_792_912_447n });
  });

  it('then the balance moves are the five of the reference, in order, with the dust left in place', () => {
    const { before, after, events } = runEpoch1();
    const delta = (name: string) => pool(after, name) - pool(before, name);
    expect(delta('fee_collector')).toBe(16_000_000_000_000_000_000n + 20_267_287_379n);
    expect(delta('total_reward_pool')).toBe(63_999_999_999_999_999_999n + 79_447_766_524n);
    expect(delta('distribution')).toBe(1_621_382_990n);
    expect(delta('foundation_account')).toBe(-(16_000_000_000_000_000_000n + 63_999_999_999_999_999_999n));
    expect(pool(after, 'total_unissued_prepay')).toBe(19_999_999_898_663_563_107n);
    // 1 wei of mining dust stays in the foundation: 64·10^18 − 1 was moved to the reward pool
    expect(pool(after, 'foundation_account')).toBe(40_000_000n * STOS - 80n * STOS + 1n);
    const transfers = events
      .map((e) => toAbciEvent(e))
      .filter((e) => e.type === 'transfer')
      .map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
    const addr = moduleAccountAddress;
    expect(transfers).toEqual([
      { recipient: addr('fee_collector'), sender: addr('foundation_account'), amount: '16000000000000000000wei' },
      { recipient: addr('fee_collector'), sender: addr('total_unissued_prepay'), amount: '20267287379wei' },
      { recipient: addr('total_reward_pool'), sender: addr('foundation_account'), amount: '63999999999999999999wei' },
      { recipient: addr('total_reward_pool'), sender: addr('total_unissued_prepay'), amount: '79447766524wei' },
      { recipient: addr('distribution'), sender: addr('total_unissued_prepay'), amount: '1621382990wei' },
    ]);
  });

  it('then the bank supply is unchanged (rewards move, nothing is minted)', () => {
    const { before, after } = runEpoch1();
    expect(after.bank.supply).toEqual(before.bank.supply);
  });
});
