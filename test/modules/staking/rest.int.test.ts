/**
 * The staking REST routes `/sdk/staking/v1beta1/…` over a node (gateway from the protos' http_get
 * options): proto-JSON as §2.1 shows it (Decs with 18 decimals, RFC 3339 times, the pubkey Any).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestJson, type RestJson } from '../../api/rest/rest-json.ts';
import { genesisWith } from '../../helpers/fixture.ts';
import { startCliNode, type CliNode } from '../../cli/tx/cli-node.ts';
import { BONDED_POOL, consKey, keys, STOS, stakingGenesis, valoper } from './harness.ts';

const alice = keys[0]!;
// the node's own signer is the ed25519 key of 32 bytes of 7 (cli-node.ts)
const cons = consKey(7);
let n: CliNode;
let rest: RestJson;

beforeAll(async () => {
  const genesis = genesisWith([[alice.address, 1000n * STOS]]);
  (genesis.app_state.bank as any).balances.push({ address: BONDED_POOL, coins: [{ denom: 'wei', amount: String(10n * STOS) }] });
  genesis.app_state.staking = stakingGenesis([{ key: alice, cons, tokens: 10n * STOS }]);
  n = await startCliNode('staking', genesis);
  rest = await startRestJson(n.node);
}, 30_000);
afterAll(async () => {
  await rest?.close();
  await n?.close();
});

const get = (path: string) => rest.get(path);

const validatorJson = {
  operator_address: valoper(alice),
  consensus_pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: cons.base64 },
  jailed: false,
  status: 'BOND_STATUS_BONDED',
  tokens: '10000000000000000000',
  delegator_shares: '10000000000000000000.000000000000000000',
  description: { moniker: 'genesis', identity: '', website: '', security_contact: '', details: '' },
  unbonding_height: '0',
  unbonding_time: '1970-01-01T00:00:00Z',
  commission: { commission_rates: { rate: '0.050000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' }, update_time: '2024-01-01T00:00:00Z' },
  min_self_delegation: '1',
  unbonding_on_hold_ref_count: '0',
  unbonding_ids: [],
};

describe('staking gateway routes', { timeout: 30_000 }, () => {
  it('validators, validator, delegation, pool, params', async () => {
    expect(await get('/sdk/staking/v1beta1/validators')).toEqual({ status: 200, json: { validators: [validatorJson], pagination: { next_key: null, total: '1' } } });
    expect(await get(`/sdk/staking/v1beta1/validators/${valoper(alice)}`)).toEqual({ status: 200, json: { validator: validatorJson } });
    expect(await get(`/sdk/staking/v1beta1/validators/${valoper(alice)}/delegations/${alice.address}`)).toEqual({
      status: 200,
      json: { delegation_response: { delegation: { delegator_address: alice.address, validator_address: valoper(alice), shares: '10000000000000000000.000000000000000000' }, balance: { denom: 'wei', amount: '10000000000000000000' } } },
    });
    expect(await get('/sdk/staking/v1beta1/pool')).toEqual({ status: 200, json: { pool: { not_bonded_tokens: '0', bonded_tokens: '10000000000000000000' } } });
    expect(await get('/sdk/staking/v1beta1/params')).toEqual({
      status: 200,
      json: { params: { unbonding_time: '1814400s', max_validators: 100, max_entries: 7, historical_entries: 10000, bond_denom: 'wei', min_commission_rate: '0.000000000000000000' } },
    });
  });

  it('errors: unknown validator 404, bad status 400, missing delegation 404', async () => {
    const unknown = valoper(keys[1]!);
    expect(await get(`/sdk/staking/v1beta1/validators/${unknown}`)).toEqual({ status: 404, json: { code: 5, message: `validator ${unknown} not found`, details: [] } });
    expect(await get('/sdk/staking/v1beta1/validators?status=bonded')).toEqual({ status: 400, json: { code: 3, message: 'invalid validator status bonded', details: [] } });
    expect((await get(`/sdk/staking/v1beta1/validators/${valoper(alice)}/delegations/${keys[1]!.address}`)).status).toBe(404);
  });

  it('historical info of the first block holds the bonded set', async () => {
    const r = await get('/sdk/staking/v1beta1/historical_info/1');
    expect(r.status).toBe(200);
    expect(r.json.hist.header.height).toBe('1');
    expect(r.json.hist.valset).toEqual([validatorJson]);
  });
});
