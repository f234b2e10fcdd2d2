/**
 * The audit's recorder on the worked example of reference/chain-semantics.md §5 (direct state, no
 * txs): the observer changes nothing the distribution returns or writes, the recorded figures are
 * the reference ones, and a trace that does not add up is reported with texts that say what.
 */
import { produce } from 'immer';
import { afterEach, describe, expect, it } from 'vitest';
import { stateDigest } from '../../../src/state/canonical.ts';
import { distributePotReward, setDistributionObserver, type Distribution, type DistributionTrace } from '../../../src/modules/pot/distribute.ts';
import { AuditRecorder } from '../../../src/sim/audit/recorder.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { ctxAt, MN_BENEFICIARIES, RN_WALLETS, workedExampleState } from '../../modules/pot/world.ts';

const VOLUMES = [
  { wallet_address: RN_WALLETS[0]!, volume: 50_000n },
  { wallet_address: RN_WALLETS[1]!, volume: 30_000n },
  { wallet_address: RN_WALLETS[2]!, volume: 20_000n },
];

afterEach(() => {
  setDistributionObserver(undefined);
});

function distribute(before: AppState): { after: AppState; d: Distribution } {
  let d!: Distribution;
  const after = produce(before, (draft) => {
    d = distributePotReward(draft, VOLUMES, 1n, { ...ctxAt(10n), txHash: 'AB' });
  });
  return { after, d };
}

function recorded(recorder: AuditRecorder) {
  const [r] = recorder.committed(() => true);
  return r!.audit;
}

describe('the audit recorder on the §5 worked example', () => {
  it('the observer changes neither the result nor the state (same app hash)', () => {
    const { state } = workedExampleState();
    const plain = distribute(state);
    const recorder = new AuditRecorder(undefined, undefined);
    setDistributionObserver(recorder.distributionObserver);
    const observed = distribute(state);
    expect(observed.d).toEqual(plain.d);
    expect(Buffer.from(stateDigest(observed.after)).toString('hex')).toBe(Buffer.from(stateDigest(plain.after)).toString('hex'));
  });

  it('records the reference figures, and every wei is accounted for', () => {
    const recorder = new AuditRecorder(undefined, undefined);
    setDistributionObserver(recorder.distributionObserver);
    distribute(workedExampleState().state);
    const e = recorded(recorder);
    expect(e.check).toEqual({ ok: true, failures: [] });
    expect(e.r).toBe('101336436897.475461805926424731');
    expect([e.splits.stakeTraffic, e.splits.trn, e.splits.tmn]).toEqual([20_267_287_379n, 60_801_862_138n, 20_267_287_379n]);
    expect(e.communityTax.dec).toBe('1621382990.339999999999999999');
    expect([e.foundationToReward, e.prepayToReward]).toEqual([63_999_999_999_999_999_999n, 79_447_766_524n]);
    const byWallet = new Map(e.wallets.map((w) => [w.wallet, [w.miningReward, w.trafficReward]]));
    expect(byWallet.get(RN_WALLETS[0]!)).toEqual([24_000_000_000_000_000_000n, 29_792_912_447n]);
    expect(byWallet.get(RN_WALLETS[1]!)).toEqual([14_400_000_000_000_000_000n, 17_875_747_468n]);
    expect(byWallet.get(RN_WALLETS[2]!)).toEqual([9_600_000_000_000_000_000n, 11_917_164_979n]);
    for (const b of MN_BENEFICIARIES) expect(byWallet.get(b)?.[0]).toBe(5_333_333_333_333_333_333n);
    expect(e.dust.mining).toBe(80n * 10n ** 18n - 16n * 10n ** 18n - 63_999_999_999_999_999_999n);
  });

  it('a trace that does not add up is reported, each failure saying what', () => {
    const recorder = new AuditRecorder(undefined, undefined);
    const observer = recorder.distributionObserver;
    setDistributionObserver({
      started: observer.started,
      // one wei more traffic to the reward pool than the wallets got, as a broken implementation might
      distributed: (t: DistributionTrace, s, ctx) => observer.distributed({ ...t, prepayToReward: t.prepayToReward + 1n, moves: t.moves.map((m, i) => (i === 3 ? { ...m, amount: m.amount + 1n } : m)) }, s, ctx),
    });
    distribute(workedExampleState().state);
    expect(recorded(recorder).check).toEqual({
      ok: false,
      failures: [
        'Σ wallet traffic rewards 79447766524 ≠ total_unissued_prepay → total_reward_pool 79447766525',
        'total_unissued_prepay wei moved by -101336436893, expected -101336436894',
        'total_reward_pool wei moved by 64000000079447766523, expected 64000000079447766524',
        'TotalReward record (mining 79999999999999999999, traffic 101336436893) ≠ (79999999999999999999, 101336436894)',
      ],
    });
  });

  it('--epochs outside the report and --wallet narrow what is kept', () => {
    const outside = new AuditRecorder([2n, 5n], undefined);
    setDistributionObserver(outside.distributionObserver);
    distribute(workedExampleState().state);
    expect(outside.committed(() => true)).toEqual([]);

    const one = new AuditRecorder(undefined, Buffer.from(new Uint8Array(20).fill(0x12)).toString('hex'));
    setDistributionObserver(one.distributionObserver);
    distribute(workedExampleState().state);
    const e = recorded(one);
    expect(e.wallets.map((w) => w.wallet)).toEqual([RN_WALLETS[1]!]);
    // the sums still cover every wallet
    expect(e.roleTotals.resource.credits).toBe(3);
    expect(e.check.ok).toBe(true);
  });

  it('a distribution whose tx did not succeed is dropped', () => {
    const recorder = new AuditRecorder(undefined, undefined);
    setDistributionObserver(recorder.distributionObserver);
    distribute(workedExampleState().state);
    expect(recorder.committed((hash, height) => !(hash === 'AB' && height === 10n))).toEqual([]);
  });
});
