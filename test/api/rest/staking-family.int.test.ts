/**
 * Every staking, distribution, mint and slashing GET route of spec §4.6 on a running 3-validator
 * node with real data (staking-family-node.ts: delegations, an unbonding delegation, a
 * redelegation, a validator jailed and slashed for downtime, rewards and commission accrued from
 * fees): each 200 answer is compared byte for byte with its golden file in
 * snapshots/rest/staking-family/ (the served compact JSON plus a newline; nothing is masked: keys,
 * clock and txs are fixed, so every hash and time is the same on every run), and the error answers
 * of reference/sdk-modules.md §2.2, §4.3 and §6.5 are checked here with their HTTP status and body.
 * A few figures are recomputed here from the scenario, not read from the code under test.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consKeys, dev, HEIGHT, k0, k1, k2, k4, restGet, runScenario, STOS, startStakingNode, valoper, type StakingNode } from './staking-family-node.ts';

let n: StakingNode;
const [v0, v1, v2] = [valoper(k0), valoper(k1), valoper(k2)];
/** an operator address nobody registered (dev's own) */
const unknownVal = valoper(dev);
/** v0 with its last character changed: a bad checksum */
const badVal = `${v0.slice(0, -1)}${v0.endsWith('e') ? 'd' : 'e'}`;
const consAddress = (i: number) => bech32.encode('stvalcons', bech32.toWords(Buffer.from(consKeys[i]!.address, 'hex')));
const unknownCons = bech32.encode('stvalcons', bech32.toWords(Buffer.alloc(20, 1)));

beforeAll(async () => {
  n = await startStakingNode();
  await runScenario(n);
}, 60_000);
afterAll(() => n?.close());

const get = (path: string) => restGet(n, path);

const S = '/sdk/staking/v1beta1';
const D = '/sdk/distribution/v1beta1';

/** [golden file, route] of every 200 answer, in spec §4.6 order, plus the filter/parameter variants */
const GOLDEN: readonly [string, () => string][] = [
  // staking (14 routes)
  // without status: the bonded ones only (spec §4.6; src/api/rest/request-defaults.ts); `status=` lists all, as the SDK
  ['staking-validators', () => `${S}/validators`],
  ['staking-validators-all', () => `${S}/validators?status=`],
  ['staking-validators-unbonding', () => `${S}/validators?status=BOND_STATUS_UNBONDING`],
  ['staking-validators-page', () => `${S}/validators?pagination.limit=1&pagination.count_total=true`],
  ['staking-validator-jailed', () => `${S}/validators/${v2}`],
  ['staking-validator-delegations', () => `${S}/validators/${v0}/delegations`],
  ['staking-delegation', () => `${S}/validators/${v2}/delegations/${dev.address}`],
  ['staking-unbonding-delegation', () => `${S}/validators/${v0}/delegations/${dev.address}/unbonding_delegation`],
  ['staking-validator-unbonding-delegations', () => `${S}/validators/${v0}/unbonding_delegations`],
  ['staking-delegator-delegations', () => `${S}/delegations/${dev.address}`],
  ['staking-delegator-redelegations', () => `${S}/delegators/${dev.address}/redelegations`],
  ['staking-delegator-redelegation-src-dst', () => `${S}/delegators/${dev.address}/redelegations?src_validator_addr=${v1}&dst_validator_addr=${v2}`],
  ['staking-delegator-unbonding-delegations', () => `${S}/delegators/${dev.address}/unbonding_delegations`],
  ['staking-delegator-validators', () => `${S}/delegators/${dev.address}/validators`],
  ['staking-delegator-validator', () => `${S}/delegators/${dev.address}/validators/${v1}`],
  ['staking-historical-info', () => `${S}/historical_info/16`],
  ['staking-pool', () => `${S}/pool`],
  ['staking-params', () => `${S}/params`],
  // distribution (10 routes)
  ['distribution-community-pool', () => `${D}/community_pool`],
  ['distribution-delegator-rewards', () => `${D}/delegators/${dev.address}/rewards`],
  ['distribution-delegation-rewards', () => `${D}/delegators/${dev.address}/rewards/${v0}`],
  ['distribution-delegator-validators', () => `${D}/delegators/${dev.address}/validators`],
  ['distribution-withdraw-address', () => `${D}/delegators/${k4.address}/withdraw_address`],
  ['distribution-validator-commission', () => `${D}/validators/${v0}/commission`],
  ['distribution-validator', () => `${D}/validators/${v0}`],
  ['distribution-validator-outstanding-rewards', () => `${D}/validators/${v0}/outstanding_rewards`],
  ['distribution-validator-slashes', () => `${D}/validators/${v2}/slashes?starting_height=1&ending_height=100`],
  ['distribution-params', () => `${D}/params`],
  // mint (3 routes)
  ['mint-params', () => '/sdk/mint/v1beta1/params'],
  ['mint-inflation', () => '/sdk/mint/v1beta1/inflation'],
  ['mint-annual-provisions', () => '/sdk/mint/v1beta1/annual_provisions'],
  // slashing (3 routes)
  ['slashing-signing-infos', () => '/sdk/slashing/v1beta1/signing_infos'],
  ['slashing-signing-infos-page', () => '/sdk/slashing/v1beta1/signing_infos?pagination.limit=1'],
  ['slashing-signing-info-jailed', () => `/sdk/slashing/v1beta1/signing_infos/${consAddress(2)}`],
  ['slashing-params', () => '/sdk/slashing/v1beta1/params'],
];

describe('the scenario', () => {
  it('ran at the fixed heights: val2 offline after block 9, jailed in block 16, chain at 19', () => {
    expect(n.heights).toEqual({ delegate0: 3n, delegate1: 4n, unbond: 5n, redelegate: 6n, withdrawAddress: 7n, delegate4: 8n, fundPool: 9n, offline: 9n, jailed: 16n });
    expect(n.node.height).toBe(19n);
  });
});

describe('golden answers of every staking, distribution, mint and slashing route', () => {
  it.each(GOLDEN)('%s', async (name, path) => {
    const r = await get(path());
    expect(r.status).toBe(200);
    expect(r.height).toBe('19');
    await expect(r.text + '\n').toMatchFileSnapshot(`../../../snapshots/rest/staking-family/${name}.json`);
  });

  it('the golden routes cover all 30 routes of spec §4.6 for the four modules', () => {
    const patterns = new Set(
      GOLDEN.map(([, p]) =>
        p()
          .split('?')[0]!
          .replace(/st(valoper|valcons)?1[0-9a-z]{38}/g, '{addr}')
          .replace(/\/\d+$/, '/{height}'),
      ),
    );
    expect([...patterns].filter((p) => p.startsWith(S))).toHaveLength(14);
    expect([...patterns].filter((p) => p.startsWith(D))).toHaveLength(10);
    expect([...patterns].filter((p) => p.startsWith('/sdk/mint/'))).toHaveLength(3);
    expect([...patterns].filter((p) => p.startsWith('/sdk/slashing/'))).toHaveLength(3);
  });
});

describe('figures recomputed from the scenario', () => {
  it('val2 lost 1% of its 111 stos for downtime (infraction at 14, before no entry it must cover), dev holds 10/111 of it', async () => {
    const v = (await get(`${S}/validators/${v2}`)).json.validator;
    const tokens = 111n * STOS - (111n * STOS) / 100n;
    expect([v.jailed, v.status, v.tokens, v.delegator_shares]).toEqual([true, 'BOND_STATUS_UNBONDING', tokens.toString(), `${111n * STOS}.000000000000000000`]);
    const d = (await get(`${S}/validators/${v2}/delegations/${dev.address}`)).json.delegation_response;
    expect(d.balance.amount).toBe(((10n * STOS * tokens) / (111n * STOS)).toString());
    const slashes = (await get(`${D}/validators/${v2}/slashes?starting_height=1&ending_height=100`)).json.slashes;
    expect(slashes.map((s: any) => s.fraction)).toEqual(['0.010000000000000000']);
  });

  it('the pool: bonded = val0 (300 + 50 − 5) + val1 (100 + 20 − 10); not bonded = val2 + the 5 stos unbonding', async () => {
    const tokens2 = 111n * STOS - (111n * STOS) / 100n;
    expect((await get(`${S}/pool`)).json.pool).toEqual({ not_bonded_tokens: (tokens2 + 5n * STOS).toString(), bonded_tokens: (455n * STOS).toString() });
  });

  it('the pool at height 9 (x-cosmos-block-height), before the jailing: all three bonded (345 + 110 + 111), 5 stos unbonding', async () => {
    const r = await fetch(`${n.restUrl}${S}/pool`, { headers: { 'x-cosmos-block-height': '9' } });
    expect([r.status, r.headers.get(HEIGHT), await r.text()]).toEqual([200, '9', `{"pool":{"not_bonded_tokens":"${5n * STOS}","bonded_tokens":"${566n * STOS}"}}`]);
  });

  it('the signing info of the jailed validator: jailed until block 16 time + 600 s, counter and offset reset', async () => {
    expect((await get(`/sdk/slashing/v1beta1/signing_infos/${consAddress(2)}`)).json.val_signing_info).toEqual({
      address: consAddress(2),
      start_height: '0',
      index_offset: '0',
      jailed_until: '2024-01-01T00:10:16.250Z',
      tombstoned: false,
      missed_blocks_counter: '0',
    });
  });

  it('delegator rewards: total is the sum of the per-validator rewards', async () => {
    const r = (await get(`${D}/delegators/${dev.address}/rewards`)).json;
    const sum = r.rewards.reduce((s: bigint, x: any) => s + BigInt(x.reward[0].amount.replace('.', '')), 0n);
    expect(BigInt(r.total[0].amount.replace('.', ''))).toBe(sum);
  });
});

describe('the [QUIRK] encoding/json shape of redelegations (sdk-modules §1.1)', () => {
  it('entries null, heights and ids as numbers, the 0 ref count omitted, Go time with trimmed fraction', async () => {
    const r = await get(`${S}/delegators/${dev.address}/redelegations`);
    expect(r.text).toBe(
      `{"redelegation_responses":[{"redelegation":{"delegator_address":"${dev.address}","validator_src_address":"${v1}","validator_dst_address":"${v2}","entries":null},` +
        `"entries":[{"redelegation_entry":{"creation_height":6,"completion_time":"2024-01-22T00:00:06.25Z","initial_balance":"10000000000000000000","shares_dst":"10000000000000000000.000000000000000000","unbonding_id":2},"balance":"9900000000000000000"}]}],` +
        `"pagination":{"next_key":null,"total":"1"}}`,
    );
    // the unbonding delegation of the same delegator keeps proto-JSON (strings, 3-digit fraction groups)
    const u = (await get(`${S}/delegators/${dev.address}/unbonding_delegations`)).json.unbonding_responses[0].entries[0];
    expect([u.creation_height, u.completion_time, u.unbonding_id, u.unbonding_on_hold_ref_count]).toEqual(['5', '2024-01-22T00:00:05.250Z', '1', '0']);
  });
});

describe('errors (status and body as the SDK gateway)', () => {
  const cases: [string, () => string, number, () => object][] = [
    ['unknown validator → 404', () => `${S}/validators/${unknownVal}`, 404, () => ({ code: 5, message: `validator ${unknownVal} not found`, details: [] })],
    ['status filter not a BondStatus name → 400', () => `${S}/validators?status=bonded`, 400, () => ({ code: 3, message: 'invalid validator status bonded', details: [] })],
    ['status filter UNSPECIFIED → 400', () => `${S}/validators?status=BOND_STATUS_UNSPECIFIED`, 400, () => ({ code: 3, message: 'invalid validator status BOND_STATUS_UNSPECIFIED', details: [] })],
    ['historical_info negative → 400', () => `${S}/historical_info/-1`, 400, () => ({ code: 3, message: 'height cannot be negative', details: [] })],
    ['historical_info pruned (historical_entries 5) → 404', () => `${S}/historical_info/14`, 404, () => ({ code: 5, message: 'historical info for height 14 not found', details: [] })],
    ['historical_info not a number → 400', () => `${S}/historical_info/abc`, 400, () => ({ code: 3, message: 'type mismatch, parameter: height, error: strconv.ParseInt: parsing "abc": invalid syntax', details: [] })],
    ['delegator-validator without delegation → 500 code 13', () => `${S}/delegators/${k4.address}/validators/${v0}`, 500, () => ({ code: 13, message: 'no delegation for (address, validator) tuple', details: [] })],
    ['delegator-validator of an unknown validator → 500 code 13', () => `${S}/delegators/${dev.address}/validators/${unknownVal}`, 500, () => ({ code: 13, message: 'validator does not exist', details: [] })],
    [
      'redelegation with src and dst, missing → 500 code 13',
      () => `${S}/delegators/${dev.address}/redelegations?src_validator_addr=${v0}&dst_validator_addr=${v2}`,
      500,
      () => ({ code: 13, message: `rpc error: code = NotFound desc = redelegation not found for delegator address ${dev.address} from validator address ${v0}`, details: [] }),
    ],
    [
      'missing delegation → 404',
      () => `${S}/validators/${v1}/delegations/${k4.address}`,
      404,
      () => ({ code: 5, message: `delegation with delegator ${k4.address} not found for validator ${v1}`, details: [] }),
    ],
    [
      'missing unbonding delegation → 404',
      () => `${S}/validators/${v1}/delegations/${k4.address}/unbonding_delegation`,
      404,
      () => ({ code: 5, message: `unbonding delegation with delegator ${k4.address} not found for validator ${v1}`, details: [] }),
    ],
    ['empty validator address (trailing slash) → 400', () => `${S}/validators/`, 400, () => ({ code: 3, message: 'validator address cannot be empty', details: [] })],
    [
      'distribution validator unknown → 500 code 2',
      () => `${D}/validators/${unknownVal}`,
      500,
      () => ({ code: 2, message: `codespace distribution code 12: validator does not exist: ${unknownVal}`, details: [] }),
    ],
    [
      'delegation rewards of an unknown validator → 500 code 2',
      () => `${D}/delegators/${dev.address}/rewards/${unknownVal}`,
      500,
      () => ({ code: 2, message: `codespace distribution code 12: validator does not exist: ${unknownVal}`, details: [] }),
    ],
    ['delegation rewards without delegation → 500 code 2', () => `${D}/delegators/${k4.address}/rewards/${v0}`, 500, () => ({ code: 2, message: 'codespace distribution code 13: delegation does not exist', details: [] })],
    ['slashes ending < starting → 400', () => `${D}/validators/${v2}/slashes?starting_height=5&ending_height=1`, 400, () => ({ code: 3, message: 'starting height greater than ending height (5 > 1)', details: [] })],
    ['slashes bad bech32 → 400', () => `${D}/validators/${badVal}/slashes`, 400, () => ({ code: 3, message: 'invalid validator address', details: [] })],
    ['signing info missing → 404', () => `/sdk/slashing/v1beta1/signing_infos/${unknownCons}`, 404, () => ({ code: 5, message: `SigningInfo not found for validator ${unknownCons}`, details: [] })],
    // GenericFilteredPaginate's error returned as it is: a plain Go error, gRPC Unknown
    ['slashes with both key and offset → 500 code 2', () => `${D}/validators/${v2}/slashes?starting_height=1&ending_height=100&pagination.key=AAAA&pagination.offset=1`, 500, () => ({ code: 2, message: 'invalid request, either offset or key is expected, got both', details: [] })],
    ['signing infos with both key and offset → 500 code 2', () => '/sdk/slashing/v1beta1/signing_infos?pagination.key=AAAA&pagination.offset=1', 500, () => ({ code: 2, message: 'invalid request, either offset or key is expected, got both', details: [] })],
  ];
  it.each(cases)('%s', async (_name, path, status, body) => {
    const r = await get(path());
    expect([r.status, r.json]).toEqual([status, body()]);
  });

  it('unknown validator: outstanding rewards and commission are empty, not errors; its delegations an empty list', async () => {
    expect((await get(`${D}/validators/${unknownVal}/outstanding_rewards`)).text).toBe('{"rewards":{"rewards":[]}}');
    expect((await get(`${D}/validators/${unknownVal}/commission`)).text).toBe('{"commission":{"commission":[]}}');
    expect((await get(`${S}/validators/${unknownVal}/delegations`)).text).toBe('{"delegation_responses":[],"pagination":{"next_key":null,"total":"0"}}');
  });

  it('slashes with no height range: empty (the filter compares periods with [0, 0])', async () => {
    expect((await get(`${D}/validators/${v2}/slashes`)).text).toBe('{"slashes":[],"pagination":{"next_key":null,"total":"0"}}');
  });

  it('bad bech32 → 500 code 2 (staking, slashing) or 13 (validator delegations, which decode inside the scan)', async () => {
    for (const [path, code] of [
      [`${S}/validators/${badVal}`, 2],
      [`${S}/validators/${badVal}/unbonding_delegations`, 2],
      [`/sdk/slashing/v1beta1/signing_infos/${badVal}`, 2],
      [`${S}/validators/${badVal}/delegations`, 13],
    ] as const) {
      const r = await get(path);
      expect([path, r.status, r.json.code]).toEqual([path, 500, code]);
      // Go's bech32 names the checksum it expected (the good address's) and the one given
      expect(r.json.message).toBe(`decoding bech32 failed: invalid checksum (expected ${v0.slice(-6)} got ${badVal.slice(-6)})`);
    }
  });
});
