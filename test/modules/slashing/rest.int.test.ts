/**
 * The slashing and mint REST routes come from the proto `http_get` options: Dec values of `bytes`
 * fields print as decimal text, and the gateway's errors for signing infos (§6.5): missing → 404,
 * bad bech32 → 500 with gRPC code 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestJson, type RestJson } from '../../api/rest/rest-json.ts';
import { startCliNode, type CliNode } from '../../cli/tx/cli-node.ts';
import { genesisWith, testKey } from '../../helpers/fixture.ts';
import { valOf } from './harness.ts';

let n: CliNode;
let rest: RestJson;
beforeAll(async () => {
  n = await startCliNode('slashing-rest', genesisWith([[testKey(0).address, 10n ** 24n]]));
  rest = await startRestJson(n.node);
}, 30_000);
afterAll(async () => {
  await rest?.close();
  await n?.close();
});

const get = (path: string) => rest.get(path);

describe('mint and slashing gateway routes', { timeout: 30_000 }, () => {
  it('mint params, inflation and annual provisions (bytes Decs as decimal text)', async () => {
    expect(await get('/sdk/mint/v1beta1/inflation')).toEqual({ status: 200, json: { inflation: '0.000000000000000000' } });
    expect(await get('/sdk/mint/v1beta1/annual_provisions')).toEqual({ status: 200, json: { annual_provisions: '0.000000000000000000' } });
    expect((await get('/sdk/mint/v1beta1/params')).json).toEqual({
      params: {
        mint_denom: 'wei',
        inflation_rate_change: '0.000000000000000000',
        inflation_max: '0.000000000000000000',
        inflation_min: '0.000000000000000000',
        goal_bonded: '0.670000000000000000',
        blocks_per_year: '6311520',
      },
    });
  });

  it('slashing params and signing info errors', async () => {
    expect(await get('/sdk/slashing/v1beta1/params')).toEqual({
      status: 200,
      json: {
        params: {
          signed_blocks_window: '10000',
          min_signed_per_window: '0.050000000000000000',
          downtime_jail_duration: '21600s',
          slash_fraction_double_sign: '0.050000000000000000',
          slash_fraction_downtime: '0.000200000000000000',
        },
      },
    });
    const unknown = valOf(3).consAddr;
    expect(await get(`/sdk/slashing/v1beta1/signing_infos/${unknown}`)).toEqual({
      status: 404,
      json: { code: 5, message: `SigningInfo not found for validator ${unknown}`, details: [] },
    });
    const bad = await get(`/sdk/slashing/v1beta1/signing_infos/${testKey(0).address}`);
    expect({ status: bad.status, code: bad.json.code }).toEqual({ status: 500, code: 2 });
    expect(bad.json.message).toMatch(/stvalcons/);
    const list = await get('/sdk/slashing/v1beta1/signing_infos');
    expect(list.status).toBe(200);
    expect(list.json.pagination).toEqual({ next_key: null, total: String(list.json.info.length) });
  });
});
