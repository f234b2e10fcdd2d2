/**
 * The pot REST routes `/chain/pot/v1/…` come from the proto `http_get` options (no code of their
 * own): proto-JSON answers with defaults emitted, gRPC-status errors for invalid epochs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestJson, type RestJson } from '../../api/rest/rest-json.ts';
import { ALICE, startPotNode, type PotNode } from '../../cli/tx/pot/pot-node.ts';

let n: PotNode;
let rest: RestJson;
beforeAll(async () => {
  n = await startPotNode();
  rest = await startRestJson(n.node);
}, 30_000);
afterAll(async () => {
  await rest?.close();
  await n?.close();
});

const get = (path: string) => rest.get(path);

describe('pot gateway routes', { timeout: 30_000 }, () => {
  it('params, total mined token, rewards by wallet, slashing, volume report', async () => {
    const p = await get('/chain/pot/v1/params');
    expect(p.status).toBe(200);
    expect(p.json.params).toMatchObject({ mature_epoch: '2016', community_tax: '0.020000000000000000' });
    expect(await get('/chain/pot/v1/total_mined_token')).toEqual({ status: 200, json: { total_mined_token: { denom: 'wei', amount: '0' } } });
    expect(await get(`/chain/pot/v1/rewards/wallet/${ALICE.address}`)).toEqual({
      status: 200,
      json: { rewards: { wallet_address: ALICE.address, mature_total_reward: [], immature_total_reward: [] } },
    });
    expect(await get(`/chain/pot/v1/slashing/${ALICE.address}`)).toEqual({ status: 200, json: { slashing: '0' } });
    expect(await get('/chain/pot/v1/volume_report/1')).toEqual({ status: 200, json: { report_info: { epoch: '0', reference: '', tx_hash: '', reporter: '' } } });
  });

  it('an epoch of 0 for rewards by epoch is InvalidArgument (HTTP 400)', async () => {
    const r = await get('/chain/pot/v1/rewards/epoch/0');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe(3);
  });
});
