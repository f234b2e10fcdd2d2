/**
 * The gov REST routes' gateway-level behaviour (reference/sdk-modules.md §1.3, §3.2) on a node with
 * the default gov genesis and no proposal: the routes exist for v1 and v1beta1 (from the protos'
 * `http_get`), path and query parameters are parsed as grpc-gateway does (enum by name or number
 * with the Go enum name in the error, base-0 ids), and the handlers' statuses map to HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, call, restFixture, type RestFixture } from './rest-node.ts';
import { DEFAULT_GOV_PARAMS_JSON } from '../../helpers/gov-params.ts';

let f: RestFixture;
beforeAll(async () => {
  f = await restFixture();
  f.node.produceBlock();
}, 30_000);
afterAll(() => f?.close());

const get = async (path: string) => {
  const r = await call(f, path);
  return { status: r.status, body: r.json() };
};
const err = (code: number, message: string) => ({ code, message, details: [] });

describe.each(['v1', 'v1beta1'])('/sdk/gov/%s', (ver) => {
  const G = `/sdk/gov/${ver}`;
  const enumName = `${ver}.ProposalStatus`;

  it('proposals: empty list with a real total; status by name or number', async () => {
    const empty = { status: 200, body: { proposals: [], pagination: { next_key: null, total: '0' } } };
    expect(await get(`${G}/proposals`)).toEqual(empty);
    expect(await get(`${G}/proposals?proposal_status=PROPOSAL_STATUS_VOTING_PERIOD`)).toEqual(empty);
    expect(await get(`${G}/proposals?proposal_status=2`)).toEqual(empty);
    expect(await get(`${G}/proposals?proposal_status=0`)).toEqual(empty);
  });

  it('proposals: a status that is not an enum value is refused by the gateway (400)', async () => {
    expect(await get(`${G}/proposals?proposal_status=abc`)).toEqual({ status: 400, body: err(3, `abc is not a valid ${enumName}`) });
    expect(await get(`${G}/proposals?proposal_status=9`)).toEqual({ status: 400, body: err(3, `9 is not a valid ${enumName}`) });
  });

  it('proposals: a bad voter address passes when there is no proposal to compare', async () => {
    expect((await get(`${G}/proposals?voter=st1bad`)).status).toBe(200);
  });

  it('proposal: 404 when unknown, 400 for id 0 and for a non-number', async () => {
    expect(await get(`${G}/proposals/7`)).toEqual({ status: 404, body: err(5, "proposal 7 doesn't exist") });
    expect(await get(`${G}/proposals/0x7`)).toEqual({ status: 404, body: err(5, "proposal 7 doesn't exist") });
    expect(await get(`${G}/proposals/0`)).toEqual({ status: 400, body: err(3, 'proposal id can not be 0') });
    expect(await get(`${G}/proposals/abc`)).toEqual({ status: 400, body: err(3, 'type mismatch, parameter: proposal_id, error: strconv.ParseUint: parsing "abc": invalid syntax') });
  });

  it('votes / deposits of an unknown proposal: empty lists; one vote / deposit: 400', async () => {
    expect(await get(`${G}/proposals/7/votes`)).toEqual({ status: 200, body: { votes: [], pagination: { next_key: null, total: '0' } } });
    expect(await get(`${G}/proposals/7/deposits`)).toEqual({ status: 200, body: { deposits: [], pagination: { next_key: null, total: '0' } } });
    expect(await get(`${G}/proposals/7/votes/${alice.address}`)).toEqual({ status: 400, body: err(3, `voter: ${alice.address} not found for proposal: 7`) });
    expect(await get(`${G}/proposals/7/deposits/${alice.address}`)).toEqual({ status: 400, body: err(3, `depositer: ${alice.address} not found for proposal: 7`) });
    expect(await get(`${G}/proposals/7/tally`)).toEqual({ status: 404, body: err(5, "proposal 7 doesn't exist") });
  });

  it('a bad voter or depositor address is a plain Go error (500, code 2)', async () => {
    const r = await get(`${G}/proposals/7/votes/st1xyz`);
    expect(r.status).toBe(500);
    expect(r.body.code).toBe(2);
    expect((await get(`${G}/proposals/7/deposits/st1xyz`)).body).toEqual(r.body);
  });

  it('params: a bad type is 400; without a type no route matches (501)', async () => {
    expect(await get(`${G}/params/foo`)).toEqual({ status: 400, body: err(3, 'foo is not a valid parameter type') });
    expect(await get(`${G}/params`)).toEqual({ status: 501, body: err(12, 'Not Implemented') });
  });
});

describe('params answers of the default genesis', () => {
  const params = DEFAULT_GOV_PARAMS_JSON;
  it('v1: the asked legacy object and params', async () => {
    expect(await get('/sdk/gov/v1/params/voting')).toEqual({ status: 200, body: { voting_params: { voting_period: '604800s' }, deposit_params: null, tally_params: null, params } });
  });
  it('v1beta1: the others zero-filled', async () => {
    expect(await get('/sdk/gov/v1beta1/params/deposit')).toEqual({
      status: 200,
      body: {
        voting_params: { voting_period: '0s' },
        deposit_params: { min_deposit: params.min_deposit, max_deposit_period: '1209600s' },
        tally_params: { quorum: '0.000000000000000000', threshold: '0.000000000000000000', veto_threshold: '0.000000000000000000' },
      },
    });
  });
});
