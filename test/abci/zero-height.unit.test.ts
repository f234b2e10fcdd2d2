/**
 * `ExportAppStateAndValidators` with zero height (stratos-chain's `prepForZeroHeightGenesis`, src/
 * abci/zero-height.ts): on a chain with rewards, commission, a slashed validator, an unbonding and a
 * redelegation, every reward is paid out, nothing names a height of the old chain, no wei appears
 * or vanishes, and a chain started from the document at height 1 pays rewards as a new chain would.
 */
import { describe, expect, it } from 'vitest';
import { moduleAccountAddress } from '../../src/modules/auth/account.ts';
import { balanceOf } from '../../src/modules/bank/state.ts';
import type { AppState } from '../../src/state/app-state.ts';
import type { Misbehavior, VoteInfo } from '../../src/state/block-info.ts';
import { shardValues } from '../../src/state/sharded.ts';
import { appQuery } from '../helpers/app-query.ts';
import { msgSend } from '../helpers/fixture.ts';
import { Chain, consKey, keys, M, STOS, SEC, valoper } from '../modules/staking/harness.ts';

const [a, b, c, d] = [keys[0]!, keys[1]!, keys[2]!, keys[3]!];
const DISTRIBUTION = moduleAccountAddress('distribution');
const DEC = 10n ** 18n;

/** Decimal text (18 places) → raw Dec. */
const dec = (text: string): bigint => {
  const [i, f = ''] = text.split('.');
  return BigInt(i!) * DEC + BigInt(f.padEnd(18, '0'));
};
/** The staking record of `k`'s validator and its operator hex. */
const validatorOf = (state: AppState, k: (typeof keys)[number]) => {
  const hex = Object.keys(state.staking.validators).find((h) => state.staking.validators[h]!.operator_address === valoper(k))!;
  return { hex, record: state.staking.validators[hex]! };
};
const weiOf = (coins: readonly { denom: string; amount: string }[] | undefined): string => coins?.find((x) => x.denom === 'wei')?.amount ?? '0';

/** The staking harness's chain, with every bonded validator signing each block, and evidence on demand. */
class VotingChain extends Chain {
  misbehavior: Misbehavior[] = [];

  private votes(): VoteInfo[] {
    const s = this.app.state.staking;
    return Object.entries(s.last_validator_powers).map(([hex, power]) => ({ address: s.validators[hex]!.cons_address, power, signed: true }));
  }

  override deliver(key: (typeof keys)[number], msgs: Parameters<Chain['deliver']>[1], advanceNs = 5n * SEC) {
    return this.withVotes(() => super.deliver(key, msgs, advanceNs));
  }

  override emptyBlock(advanceNs: bigint = 5n * SEC) {
    return this.withVotes(() => super.emptyBlock(advanceNs));
  }

  /** Runs one block of the harness with this chain's votes and evidence. */
  private withVotes<T>(run: () => T): T {
    const app = this.app;
    const finalize = app.finalizeBlock.bind(app);
    const votes = this.votes();
    const misbehavior = this.misbehavior;
    this.misbehavior = [];
    app.finalizeBlock = (req, ...rest) => finalize({ ...req, lastCommit: votes, misbehavior }, ...rest);
    try {
      return run();
    } finally {
      app.finalizeBlock = finalize;
    }
  }

  /** A distribution query through the protobuf path. */
  distribution(method: string, req: Record<string, unknown>): any {
    return appQuery(this.app, 'sdk.distribution.v1beta1', method, req);
  }
}

/** Three validators (c double-signs and is slashed), d delegating to a and c, unbonding from a and redelegating a→b; rewards from fees. */
function busyChain(): VotingChain {
  const chain = new VotingChain();
  chain.ok(a, [M.createValidator(a, consKey(1), 10n * STOS)]);
  chain.ok(b, [M.createValidator(b, consKey(2), 10n * STOS)]);
  chain.ok(c, [M.createValidator(c, consKey(3), 10n * STOS)]);
  chain.ok(d, [M.delegate(d.address, valoper(a), 5n * STOS)]);
  chain.ok(d, [M.delegate(d.address, valoper(c), 3n * STOS)]);
  for (let i = 0; i < 3; i++) chain.emptyBlock();
  const infraction = chain.app.height;
  const power = chain.app.state.staking.last_validator_powers[validatorOf(chain.app.state, c).hex]!;
  chain.misbehavior = [{ type: 'DUPLICATE_VOTE', address: consKey(3).consHex, power, height: infraction, timeNs: chain.timeNs, totalVotingPower: 33_000n }];
  chain.emptyBlock();
  chain.ok(d, [M.undelegate(d.address, valoper(a), STOS)]);
  chain.ok(d, [M.redelegate(d.address, valoper(a), valoper(b), STOS)]);
  for (let i = 0; i < 3; i++) chain.emptyBlock();
  return chain;
}

describe('export for zero height (prepForZeroHeightGenesis)', () => {
  it('pays every reward and commission, leaves only the community pool in distribution, and names no old height', () => {
    const chain = busyChain();
    const app = chain.app;
    const before = app.state;
    const staking = before.staking;
    expect(Object.keys(before.distribution.slash_events)).toHaveLength(1); // c's slash is on record
    expect(validatorOf(before, c).record.jailed).toBe(true);

    // what the queries say each account is owed, truncated to whole wei
    const owed = new Map<string, bigint>();
    const add = (addr: string, amount: bigint) => owed.set(addr, (owed.get(addr) ?? 0n) + amount);
    for (const del of shardValues(staking.delegations)) {
      const r = chain.distribution('DelegationRewards', { delegator_address: del.delegator_address, validator_address: del.validator_address });
      add(del.delegator_address, dec(weiOf(r.rewards)) / DEC);
    }
    for (const k of [a, b, c]) add(k.address, dec(weiOf(chain.distribution('ValidatorCommission', { validator_address: valoper(k) }).commission.commission)) / DEC);
    expect(owed.get(d.address)).toBeGreaterThan(0n);

    const { appState, validators } = app.exportAppStateAndValidators({ forZeroHeight: true });
    expect(app.state).toBe(before); // the committed state is untouched

    const bank = appState.bank as { balances: { address: string; coins: { denom: string; amount: string }[] }[]; supply: { denom: string; amount: string }[] };
    const balance = (addr: string) => BigInt(weiOf(bank.balances.find((x) => x.address === addr)?.coins));
    for (const k of [a, b, c, d]) expect(balance(k.address) - balanceOf(before, k.address, 'wei')).toBe(owed.get(k.address) ?? 0n);
    expect(bank.supply).toEqual([{ denom: 'wei', amount: before.bank.supply.wei!.toString() }]);

    const distr = appState.distribution as Record<string, any>;
    // nothing outstanding: the distribution account holds the community pool, whole wei of it
    expect(distr.outstanding_rewards.map((o: any) => o.outstanding_rewards)).toEqual([[], [], []]);
    expect(distr.validator_accumulated_commissions.map((o: any) => o.accumulated)).toEqual([{ commission: [] }, { commission: [] }, { commission: [] }]);
    expect(balance(DISTRIBUTION)).toBe(dec(weiOf(distr.fee_pool.community_pool)) / DEC);
    expect(distr.validator_slash_events).toEqual([]);
    // every delegation starts at height 0 from its validator's new period
    expect(distr.delegator_starting_infos.map((s: any) => s.starting_info.height)).toEqual(distr.delegator_starting_infos.map(() => '0'));
    expect(distr.validator_current_rewards.every((r: any) => r.rewards.rewards.length === 0)).toBe(true);
    expect(distr.validator_historical_rewards.every((h: any) => h.rewards.cumulative_reward_ratio.length === 0)).toBe(true);

    const st = appState.staking as Record<string, any>;
    expect(st.unbonding_delegations.flatMap((u: any) => u.entries.map((e: any) => e.creation_height))).toEqual(['0']);
    expect(st.redelegations.flatMap((r: any) => r.entries.map((e: any) => e.creation_height))).toEqual(['0']);
    expect(st.validators.map((v: any) => v.unbonding_height)).toEqual(['0', '0', '0']);
    const sl = appState.slashing as Record<string, any>;
    expect(sl.signing_infos.map((s: any) => s.validator_signing_info.start_height)).toEqual(['0', '0', '0']);

    // WriteValidators: the bonded set (c is jailed) in operator order, consensus power and moniker
    expect(validators).toEqual([
      { pubKey: consKey(1).base64, power: 13_000n, name: 'val' }, // a: 10 + 5 − 1 unbonding − 1 redelegated STOS
      { pubKey: consKey(2).base64, power: 11_000n, name: 'val' }, // b: 10 + 1 redelegated
    ]);
  });

  it('with --jail-allowed-addrs, jails every validator not listed: it leaves the bonded set and unbonds from Go zero time', () => {
    const chain = busyChain();
    const { appState, validators } = chain.app.exportAppStateAndValidators({ forZeroHeight: true, jailAllowedAddrs: [valoper(b)] });
    const st = appState.staking as Record<string, any>;
    const byOperator = (k: (typeof keys)[number]) => st.validators.find((v: any) => v.operator_address === valoper(k));
    expect([a, b, c].map((k) => [byOperator(k).jailed, byOperator(k).status])).toEqual([
      [true, 'BOND_STATUS_UNBONDING'],
      [false, 'BOND_STATUS_BONDED'],
      [true, 'BOND_STATUS_UNBONDING'],
    ]);
    // a began unbonding in the export context: the last height, at Go's zero time
    expect([byOperator(a).unbonding_height, byOperator(a).unbonding_time]).toEqual([chain.app.height.toString(), '0001-01-22T00:00:00Z']);
    expect(st.last_validator_powers).toEqual([{ address: valoper(b), power: '11000' }]);
    expect(validators).toEqual([{ pubKey: consKey(2).base64, power: 11_000n, name: 'val' }]);
    // a's 13 STOS moved from the bonded pool to the not-bonded pool
    const bank = appState.bank as { balances: { address: string; coins: { denom: string; amount: string }[] }[] };
    const pool = (name: string) => BigInt(weiOf(bank.balances.find((x) => x.address === moduleAccountAddress(name))?.coins));
    expect(pool('bonded_tokens_pool')).toBe(11n * STOS);
    expect(pool('bonded_tokens_pool') + pool('not_bonded_tokens_pool')).toBe(balanceOf(chain.app.state, moduleAccountAddress('bonded_tokens_pool'), 'wei') + balanceOf(chain.app.state, moduleAccountAddress('not_bonded_tokens_pool'), 'wei'));
  });

  it('a chain started from the document at height 1 pays and withdraws rewards (without the preparation, the slashed validator\'s delegation cannot be queried)', () => {
    const chain = busyChain();
    const startFrom = (forZeroHeight: boolean) => {
      const { appState, validators } = chain.app.exportAppStateAndValidators({ forZeroHeight });
      const next = new VotingChain(undefined, { ...appState, genutil: { gen_txs: [] } });
      expect(next.app.initialValidators.map((u) => [u.pubKey, u.power])).toEqual(validators.map((v) => [v.pubKey, v.power]));
      // fees to share: two transfers, then a block that allocates the second's
      for (let i = 0; i < 2; i++) next.ok(b, [msgSend(b.address, a.address, 1n)]);
      next.emptyBlock();
      return next;
    };
    const next = startFrom(true);
    expect(next.app.height).toBe(3n);
    const onA = next.distribution('DelegationRewards', { delegator_address: d.address, validator_address: valoper(a) });
    expect(dec(weiOf(onA.rewards))).toBeGreaterThan(0n);
    expect(next.distribution('DelegationRewards', { delegator_address: d.address, validator_address: valoper(c) })).toEqual({ rewards: [] });
    const paid = next.ok(d, [{ typeName: 'sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', value: { delegator_address: d.address, validator_address: valoper(c) } }]);
    expect(paid.code).toBe(0);

    // the same chain's export without the preparation, started at height 1: c's slash event at an old height is ahead of it
    const unprepared = startFrom(false);
    expect(unprepared.distribution('DelegationRewards', { delegator_address: d.address, validator_address: valoper(c) }).error?.log).toMatch(/calculated final stake/);
  });
});
