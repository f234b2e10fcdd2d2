/**
 * CosmJS 0.39 against a running node (the deterministic 3-validator node of the staking-family REST
 * tests, over its consensus RPC): every method of `setupStakingExtension`,
 * `setupDistributionExtension`, `setupMintExtension` and `setupSlashingExtension`, and
 * StargateClient's `getBalanceStaked` / `getDelegation`, with the real query paths
 * (`/cosmos.staking.v1beta1.Query/…`), exact values. Decs arrive as CosmJS sees them from the
 * protobuf: the scaled integer text (18 decimals); mint's Decs as `Decimal`s.
 * Figures are recomputed from the scenario where they are simple (stake, slash, pool); rewards are
 * the figures of the REST golden files.
 */
import { bech32 } from 'bech32';
import { Decimal } from '@cosmjs/math';
import { QueryClient, setupDistributionExtension, setupMintExtension, setupSlashingExtension, setupStakingExtension, StargateClient } from '@cosmjs/stargate';
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKey } from '../../helpers/fixture.ts';
import { consKeys, dev, k0, k1, k2, k4, runScenario, startStakingNode, STOS, valoper, type StakingNode } from '../rest/staking-family-node.ts';

let n: StakingNode;
let tm: Tendermint37Client;
let sc: StargateClient;
let q: ReturnType<typeof makeClient>;
const makeClient = (c: Tendermint37Client) => QueryClient.withExtensions(c, setupStakingExtension, setupDistributionExtension, setupMintExtension, setupSlashingExtension);

const [v0, v1, v2] = [valoper(k0), valoper(k1), valoper(k2)];
const consAddress = (i: number) => bech32.encode('stvalcons', bech32.toWords(Buffer.from(consKeys[i]!.address, 'hex')));
/** a Dec as protobuf carries it: the integer scaled by 10^18, as text */
const dec = (units: bigint, frac = 0n) => (units * STOS + frac).toString();
const ts = (seconds: bigint, nanos = 0) => ({ seconds, nanos });
const GENESIS_S = 1_704_067_200n;
const QUARTER = 250_000_000;
const UNBONDING_S = 1_814_400n;
const VAL2_TOKENS = 111n * STOS - (111n * STOS) / 100n;

function validator(i: number, over: Record<string, unknown> = {}) {
  const rate = [100_000_000_000_000_000n, 50_000_000_000_000_000n, 200_000_000_000_000_000n][i]!;
  const tokens = [345n * STOS, 110n * STOS, VAL2_TOKENS][i]!;
  return {
    operatorAddress: [v0, v1, v2][i],
    consensusPubkey: { typeUrl: '/sdk.crypto.ed25519.PubKey', value: Uint8Array.from([0x0a, 32, ...consKeys[i]!.pubKey]) },
    jailed: false,
    status: 3,
    tokens: tokens.toString(),
    delegatorShares: dec([345n, 110n, 111n][i]! * STOS),
    description: { moniker: `val${i}`, identity: '', website: '', securityContact: '', details: '' },
    unbondingHeight: 0n,
    unbondingTime: ts(0n),
    commission: { commissionRates: { rate: rate.toString(), maxRate: dec(0n, 500_000_000_000_000_000n), maxChangeRate: dec(0n, 10_000_000_000_000_000n) }, updateTime: ts(GENESIS_S) },
    minSelfDelegation: '1',
    unbondingOnHoldRefCount: 0n,
    unbondingIds: [],
    ...over,
  };
}
const val2Jailed = () => validator(2, { jailed: true, status: 2, unbondingHeight: 16n, unbondingTime: ts(GENESIS_S + 16n + UNBONDING_S, QUARTER), unbondingIds: [3n] });
const delegationResponse = (del: string, val: string, shares: string, amount: bigint) => ({ delegation: { delegatorAddress: del, validatorAddress: val, shares }, balance: { denom: 'wei', amount: amount.toString() } });
const unbond = () => ({
  delegatorAddress: dev.address,
  validatorAddress: v0,
  entries: [{ creationHeight: 5n, completionTime: ts(GENESIS_S + 5n + UNBONDING_S, QUARTER), initialBalance: (5n * STOS).toString(), balance: (5n * STOS).toString(), unbondingId: 1n, unbondingOnHoldRefCount: 0n }],
});
const page = (total: bigint) => ({ nextKey: new Uint8Array(), total });

beforeAll(async () => {
  n = await startStakingNode();
  await runScenario(n);
  tm = await Tendermint37Client.connect(n.rpcUrl);
  q = makeClient(tm);
  sc = await StargateClient.connect(n.rpcUrl);
}, 60_000);
afterAll(async () => {
  sc?.disconnect();
  tm?.disconnect();
  await n?.close();
});

describe('setupStakingExtension', () => {
  it('validators (by status), validator', async () => {
    expect(await q.staking.validators('BOND_STATUS_BONDED')).toEqual({ validators: [validator(0), validator(1)], pagination: page(2n) });
    expect(await q.staking.validators('BOND_STATUS_UNBONDING')).toEqual({ validators: [val2Jailed()], pagination: page(1n) });
    expect(await q.staking.validators('BOND_STATUS_UNBONDED')).toEqual({ validators: [], pagination: page(0n) });
    expect(await q.staking.validator(v2)).toEqual({ validator: val2Jailed() });
  });

  it('delegation, delegatorDelegations, validatorDelegations', async () => {
    expect(await q.staking.delegation(dev.address, v0)).toEqual({ delegationResponse: delegationResponse(dev.address, v0, dec(45n * STOS), 45n * STOS) });
    expect(await q.staking.delegatorDelegations(dev.address)).toEqual({
      delegationResponses: [
        delegationResponse(dev.address, v0, dec(45n * STOS), 45n * STOS),
        delegationResponse(dev.address, v1, dec(10n * STOS), 10n * STOS),
        delegationResponse(dev.address, v2, dec(10n * STOS), (10n * STOS * VAL2_TOKENS) / (111n * STOS)),
      ],
      pagination: page(3n),
    });
    expect(await q.staking.validatorDelegations(v0)).toEqual({
      delegationResponses: [delegationResponse(k0.address, v0, dec(300n * STOS), 300n * STOS), delegationResponse(dev.address, v0, dec(45n * STOS), 45n * STOS)],
      pagination: page(2n),
    });
  });

  it('unbondingDelegation, delegatorUnbondingDelegations, validatorUnbondingDelegations', async () => {
    expect(await q.staking.unbondingDelegation(dev.address, v0)).toEqual({ unbond: unbond() });
    expect(await q.staking.delegatorUnbondingDelegations(dev.address)).toEqual({ unbondingResponses: [unbond()], pagination: page(1n) });
    expect(await q.staking.validatorUnbondingDelegations(v0)).toEqual({ unbondingResponses: [unbond()], pagination: page(1n) });
  });

  it('redelegations (src and dst given: that one, no pagination)', async () => {
    expect(await q.staking.redelegations(dev.address, v1, v2)).toEqual({
      redelegationResponses: [
        {
          redelegation: { delegatorAddress: dev.address, validatorSrcAddress: v1, validatorDstAddress: v2, entries: [] },
          entries: [
            {
              redelegationEntry: { creationHeight: 6n, completionTime: ts(GENESIS_S + 6n + UNBONDING_S, QUARTER), initialBalance: (10n * STOS).toString(), sharesDst: dec(10n * STOS), unbondingId: 2n, unbondingOnHoldRefCount: 0n },
              balance: ((10n * STOS * VAL2_TOKENS) / (111n * STOS)).toString(),
            },
          ],
        },
      ],
      pagination: undefined,
    });
  });

  it('delegatorValidators, delegatorValidator', async () => {
    expect(await q.staking.delegatorValidators(dev.address)).toEqual({ validators: [validator(0), validator(1), val2Jailed()], pagination: page(3n) });
    expect(await q.staking.delegatorValidator(dev.address, v1)).toEqual({ validator: validator(1) });
  });

  it('historicalInfo of the jailing block: its header, the last bonded set by power (val2 jailed, still bonded)', async () => {
    const { hist } = await q.staking.historicalInfo(16);
    const block = n.node.block(16n)!.header as any;
    expect(hist!.header!.height).toBe(16n);
    expect(hist!.header!.time).toEqual(ts(GENESIS_S + 16n, QUARTER));
    expect(hist!.header!.chainId).toBe('stratos-test');
    expect(Buffer.from(hist!.header!.appHash).toString('hex').toUpperCase()).toBe(block.header.app_hash);
    expect(hist!.valset).toEqual([validator(0), validator(1), validator(2, { jailed: true, status: 3 })]);
  });

  it('pool, params', async () => {
    expect(await q.staking.pool()).toEqual({ pool: { notBondedTokens: (VAL2_TOKENS + 5n * STOS).toString(), bondedTokens: (455n * STOS).toString() } });
    expect(await q.staking.params()).toEqual({ params: { unbondingTime: ts(UNBONDING_S), maxValidators: 100, maxEntries: 7, historicalEntries: 5, bondDenom: 'wei', minCommissionRate: '0' } });
  });
});

describe('setupDistributionExtension', () => {
  const wei = (amount: string) => [{ denom: 'wei', amount }];
  it('delegationRewards, delegationTotalRewards, delegatorValidators, delegatorWithdrawAddress', async () => {
    expect(await q.distribution.delegationRewards(dev.address, v0)).toEqual({ rewards: wei('72366036992505000000000000000000') });
    expect(await q.distribution.delegationTotalRewards(dev.address)).toEqual({
      rewards: [
        { validatorAddress: v0, reward: wei('72366036992505000000000000000000') },
        { validatorAddress: v1, reward: wei('14030571198710000000000000000000') },
        { validatorAddress: v2, reward: wei('10738943202840000000000000000000') },
      ],
      total: wei('97135551394055000000000000000000'),
    });
    expect(await q.distribution.delegatorValidators(dev.address)).toEqual({ validators: [v0, v1, v2] });
    expect(await q.distribution.delegatorWithdrawAddress(k4.address)).toEqual({ withdrawAddress: dev.address });
    expect(await q.distribution.delegatorWithdrawAddress(dev.address)).toEqual({ withdrawAddress: dev.address });
  });

  it('validatorCommission, validatorOutstandingRewards, validatorSlashes, communityPool, params', async () => {
    expect(await q.distribution.validatorCommission(v0)).toEqual({ commission: { commission: wei('85645142623251612480000000000000') } });
    expect(await q.distribution.validatorOutstandingRewards(v0)).toEqual({ rewards: { rewards: wei('825594283375416124800000000000000') } });
    expect(await q.distribution.validatorSlashes(v2, 1, 100)).toEqual({ slashes: [{ validatorPeriod: 4n, fraction: dec(0n, 10_000_000_000_000_000n) }], pagination: page(1n) });
    // the 3 stos funded, and 0.0014 wei of allocation dust
    expect(await q.distribution.communityPool()).toEqual({ pool: wei(dec(3n * STOS, 1_400_000_000_000_000n)) });
    expect(await q.distribution.params()).toEqual({ params: { communityTax: '0', baseProposerReward: '0', bonusProposerReward: '0', withdrawAddrEnabled: true } });
  });
});

describe('setupMintExtension', () => {
  it('params, inflation, annualProvisions (Decimals from the Dec bytes)', async () => {
    expect(await q.mint.params()).toEqual({
      blocksPerYear: 6311520n,
      goalBonded: Decimal.fromUserInput('0.67', 18),
      inflationMin: Decimal.fromUserInput('0', 18),
      inflationMax: Decimal.fromUserInput('0', 18),
      inflationRateChange: Decimal.fromUserInput('0', 18),
      mintDenom: 'wei',
    });
    expect((await q.mint.inflation()).toString()).toBe('0');
    expect((await q.mint.annualProvisions()).toString()).toBe('0');
  });
});

describe('setupSlashingExtension', () => {
  const info = (i: number, over: Record<string, unknown> = {}) => ({ address: consAddress(i), startHeight: 0n, indexOffset: 18n, jailedUntil: ts(0n), tombstoned: false, missedBlocksCounter: 0n, ...over });
  const jailedInfo = () => info(2, { indexOffset: 0n, jailedUntil: ts(GENESIS_S + 16n + 600n, QUARTER) });
  it('signingInfo, signingInfos (consensus address order), params (Dec bytes as ASCII atomics)', async () => {
    expect(await q.slashing.signingInfo(consAddress(2))).toEqual({ valSigningInfo: jailedInfo() });
    const all = await q.slashing.signingInfos();
    const byAddressBytes = [info(0), info(1), jailedInfo()].sort((a, b) => Buffer.compare(Buffer.from(bech32.fromWords(bech32.decode(a.address).words)), Buffer.from(bech32.fromWords(bech32.decode(b.address).words))));
    expect(all).toEqual({ info: byAddressBytes, pagination: page(3n) });
    const ascii = (s: string) => new TextEncoder().encode(s);
    expect(await q.slashing.params()).toEqual({
      params: {
        signedBlocksWindow: 10n,
        minSignedPerWindow: ascii('500000000000000000'),
        downtimeJailDuration: ts(600n),
        slashFractionDoubleSign: ascii('50000000000000000'),
        slashFractionDowntime: ascii('10000000000000000'),
      },
    });
  });
});

describe('StargateClient', () => {
  it('getBalanceStaked sums the delegations (45 + 10 + 9.9 stos); null without any', async () => {
    expect(await sc.getBalanceStaked(dev.address)).toEqual({ denom: 'wei', amount: (55n * STOS + (10n * STOS * VAL2_TOKENS) / (111n * STOS)).toString() });
    expect(await sc.getBalanceStaked(k4.address)).toEqual({ denom: 'wei', amount: ((STOS * VAL2_TOKENS) / (111n * STOS)).toString() });
    expect(await sc.getBalanceStaked(testKey(5).address)).toBeNull();
  });

  it('getDelegation: the balance, null for no delegation (the "key not found" answer)', async () => {
    expect(await sc.getDelegation(dev.address, v2)).toEqual({ denom: 'wei', amount: '9900000000000000000' });
    expect(await sc.getDelegation(k4.address, v0)).toBeNull();
  });
});
