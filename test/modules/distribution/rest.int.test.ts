/**
 * The distribution REST routes `/sdk/distribution/v1beta1/…` (reference/sdk-modules.md §4.3) come
 * from the proto `http_get` options: proto-JSON with defaults emitted (DecCoins with 18 places,
 * uint64 as strings), gRPC-status errors with their HTTP codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestJson, type RestJson } from '../../api/rest/rest-json.ts';
import { defaultDistributionGenesis } from '../../../src/modules/distribution/genesis.ts';
import { genesisWith, testKey } from '../../helpers/fixture.ts';
import { startCliNode, type CliNode } from '../../cli/tx/cli-node.ts';
import { valOf } from './harness.ts';

const ALICE = testKey(0);
const V = valOf(1);
let n: CliNode;
let rest: RestJson;

beforeAll(async () => {
  const genesis = genesisWith([[ALICE.address, 10n ** 24n]]);
  genesis.app_state.distribution = {
    ...defaultDistributionGenesis(),
    fee_pool: { community_pool: [{ denom: 'wei', amount: '12.5' }] },
    delegator_withdraw_infos: [{ delegator_address: ALICE.address, withdraw_address: testKey(2).address }],
    outstanding_rewards: [{ validator_address: V.operator, outstanding_rewards: [{ denom: 'wei', amount: '7.25' }] }],
    validator_accumulated_commissions: [{ validator_address: V.operator, accumulated: { commission: [{ denom: 'wei', amount: '1.000000000000000001' }] } }],
    validator_slash_events: [
      { validator_address: V.operator, height: '9', period: '3', validator_slash_event: { validator_period: '3', fraction: '0.05' } },
      { validator_address: V.operator, height: '12', period: '5', validator_slash_event: { validator_period: '5', fraction: '0.0002' } },
    ],
  };
  n = await startCliNode('distribution', genesis);
  rest = await startRestJson(n.node, '/sdk/distribution/v1beta1');
}, 30_000);
afterAll(async () => {
  await rest?.close();
  await n?.close();
});

const get = (path: string) => rest.get(path);

describe('distribution gateway routes', { timeout: 30_000 }, () => {
  it('params, community pool, withdraw address, outstanding rewards, commission', async () => {
    expect(await get('/params')).toEqual({
      status: 200,
      json: { params: { community_tax: '0.000000000000000000', base_proposer_reward: '0.000000000000000000', bonus_proposer_reward: '0.000000000000000000', withdraw_addr_enabled: true } },
    });
    expect(await get('/community_pool')).toEqual({ status: 200, json: { pool: [{ denom: 'wei', amount: '12.500000000000000000' }] } });
    expect(await get(`/delegators/${ALICE.address}/withdraw_address`)).toEqual({ status: 200, json: { withdraw_address: testKey(2).address } });
    expect(await get(`/delegators/${testKey(3).address}/withdraw_address`)).toEqual({ status: 200, json: { withdraw_address: testKey(3).address } });
    expect(await get(`/validators/${V.operator}/outstanding_rewards`)).toEqual({ status: 200, json: { rewards: { rewards: [{ denom: 'wei', amount: '7.250000000000000000' }] } } });
    expect(await get(`/validators/${V.operator}/commission`)).toEqual({ status: 200, json: { commission: { commission: [{ denom: 'wei', amount: '1.000000000000000001' }] } } });
    expect(await get(`/validators/${valOf(3).operator}/commission`)).toEqual({ status: 200, json: { commission: { commission: [] } } });
    expect(await get(`/delegators/${ALICE.address}/rewards`)).toEqual({ status: 200, json: { rewards: [], total: [] } });
    expect(await get(`/delegators/${ALICE.address}/validators`)).toEqual({ status: 200, json: { validators: [] } });
  });

  it('slashes: filtered on the period, uint64 as strings, next_key and total', async () => {
    expect(await get(`/validators/${V.operator}/slashes?starting_height=1&ending_height=10`)).toEqual({
      status: 200,
      json: {
        slashes: [
          { validator_period: '3', fraction: '0.050000000000000000' },
          { validator_period: '5', fraction: '0.000200000000000000' },
        ],
        pagination: { next_key: null, total: '2' },
      },
    });
    // 9 and 12 are heights: [4, 10] compares periods, so only period 5
    expect((await get(`/validators/${V.operator}/slashes?starting_height=4&ending_height=10`)).json.slashes).toEqual([{ validator_period: '5', fraction: '0.000200000000000000' }]);
    const page = await get(`/validators/${V.operator}/slashes?starting_height=1&ending_height=10&pagination.limit=1`);
    // next_key = 8-byte height ‖ 8-byte period of the next record
    expect(page.json.pagination).toEqual({ next_key: Buffer.from('000000000000000c0000000000000005', 'hex').toString('base64'), total: '0' });
    expect(await get(`/validators/${V.operator}/slashes`)).toEqual({ status: 200, json: { slashes: [], pagination: { next_key: null, total: '0' } } });
  });

  it('errors: 400 for the slashes checks, 500 code 2 for registered and bech32 errors', async () => {
    expect(await get(`/validators/${V.operator}/slashes?starting_height=5&ending_height=1`)).toEqual({
      status: 400,
      json: { code: 3, message: 'starting height greater than ending height (5 > 1)', details: [] },
    });
    expect(await get(`/validators/${ALICE.address}/slashes?starting_height=1&ending_height=1`)).toEqual({ status: 400, json: { code: 3, message: 'invalid validator address', details: [] } });
    expect(await get(`/delegators/${ALICE.address}/rewards/${V.operator}`)).toEqual({
      status: 500,
      json: { code: 2, message: `codespace distribution code 12: validator does not exist: ${V.operator}`, details: [] },
    });
    expect(await get(`/validators/${V.operator}`)).toEqual({
      status: 500,
      json: { code: 2, message: `codespace distribution code 12: validator does not exist: ${V.operator}`, details: [] },
    });
    expect(await get(`/validators/${ALICE.address}/outstanding_rewards`)).toEqual({
      status: 500,
      json: { code: 2, message: 'invalid Bech32 prefix; expected stvaloper, got st', details: [] },
    });
  });
});
