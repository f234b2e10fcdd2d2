/**
 * Given a running REST server, requests outside the routes are answered as the SDK's gateway
 * answers them (501 for unknown paths and wrong methods, 501 for services the node does not run,
 * the "not ready" error before the first block), bad requests never take the server down, extra
 * routes come first, and `--api.enabled-unsafe-cors` answers cross-origin requests.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestServer } from '../../../src/api/rest/server.ts';
import { call, postJson, restFixture, type RestFixture } from './rest-node.ts';
import { MODULES } from '../../../src/abci/modules.ts';

const NOT_IMPLEMENTED = '{"code":12,"message":"Not Implemented","details":[]}';

/** A raw request (fetch would normalise the path). */
function rawGet(port: number, path: string): Promise<{ status: number; type: string | undefined; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        const location = res.headers.location === undefined ? {} : { location: res.headers.location };
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body, ...location }));
      })
      .on('error', reject);
  });
}

describe('routing', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await restFixture();
    f.node.produceBlock();
  });
  afterAll(() => f.close());

  it('an unknown path, a trailing slash, and another method on a known path: 501 Not Implemented', async () => {
    for (const [path, init] of [
      ['/nope', {}],
      ['/sdk/bank/v1beta1/params/', {}],
      ['/sdk/bank/v1beta1/params', { method: 'POST', body: '{}' }],
      ['/sdk/tx/v1beta1/simulate', {}],
      ['/status', { method: 'POST', body: '{}' }],
    ] as const) {
      const r = await call(f, path, init);
      expect([path, r.status, r.headers.get('content-type'), r.text]).toEqual([path, 501, 'application/json', NOT_IMPLEMENTED]);
    }
    expect((await call(f, '/sdk/bank/v1beta1/params', { method: 'HEAD' })).status).toBe(501);
  });

  it('a service the node does not run has no route, whatever the parameters', async () => {
    // a node whose App runs every module but gov
    const bare = await restFixture({ modules: MODULES.filter((m) => m.name !== 'gov') });
    bare.node.produceBlock();
    try {
      expect(await call(bare, '/sdk/gov/v1/params/voting').then((r) => [r.status, r.text])).toEqual([501, NOT_IMPLEMENTED]);
      expect(await call(bare, '/sdk/gov/v1/proposals?pagination.limit=abc').then((r) => [r.status, r.text])).toEqual([501, NOT_IMPLEMENTED]);
      expect(await call(bare, '/sdk/bank/v1beta1/params').then((r) => r.status)).toBe(200);
    } finally {
      await bare.close();
    }
    // a method of the node's tx service it does not implement
    expect(await call(f, '/sdk/tx/v1beta1/encode/amino', { method: 'POST', body: '{"amino_json":"{}"}' }).then((r) => [r.status, r.text])).toEqual([501, NOT_IMPLEMENTED]);
  });

  it('the evidence module\'s queries are served as the SDK\'s gateway serves them', async () => {
    const all = await call(f, '/sdk/evidence/v1beta1/evidence');
    expect([all.status, all.text]).toEqual([200, '{"evidence":[],"pagination":{"next_key":null,"total":"0"}}']);
    const unknown = 'DF0C23E8634E480F84B9D5674A7CDC9816466DEC28A3358F73260F68D28D7660';
    const one = await call(f, `/sdk/evidence/v1beta1/evidence/${unknown}`);
    expect([one.status, JSON.parse(one.text)]).toEqual([404, { code: 5, message: `evidence ${unknown} not found`, details: [] }]);
  });

  it('a malformed escape is refused before routing', async () => {
    expect(await rawGet(f.server.address.port, '/sdk/bank/v1beta1/balances/%zz')).toEqual({ status: 400, type: 'text/plain; charset=utf-8', body: '400 Bad Request' });
    expect(await rawGet(f.server.address.port, '/sdk/bank/v1beta1/balances/st1%')).toEqual({ status: 400, type: 'text/plain; charset=utf-8', body: '400 Bad Request' });
  });

  it('escapes that are not UTF-8 reach the handler, as Go decodes any bytes: the address is refused as an address', async () => {
    const r = await rawGet(f.server.address.port, '/sdk/bank/v1beta1/balances/%ff%fe');
    expect([r.status, r.type, JSON.parse(r.body)]).toEqual([400, 'application/json', { code: 3, message: 'invalid address: decoding bech32 failed: invalid bech32 string length 2', details: [] }]);
  });

  it('a path not in its clean form is redirected (301, gorilla/mux) to the cleaned path, the query kept', async () => {
    const port = f.server.address.port;
    const moved = (location: string) => ({ status: 301, type: undefined, body: '', location });
    expect(await rawGet(port, '/sdk/staking/v1beta1//validators')).toEqual(moved('/sdk/staking/v1beta1/validators'));
    expect(await rawGet(port, '/sdk/bank/v1beta1/./params?x=1')).toEqual(moved('/sdk/bank/v1beta1/params?x=1'));
    expect(await rawGet(port, '/sdk/bank/v1beta1/balances/../params/')).toEqual(moved('/sdk/bank/v1beta1/params/'));
    expect(await rawGet(port, '//sdk/bank/v1beta1/denoms%20metadata')).toEqual(moved('/sdk/bank/v1beta1/denoms%20metadata'));
    expect(await rawGet(port, '/sdk/bank/v1beta1/a%2F%2Fb')).toEqual(moved('/sdk/bank/v1beta1/a/b'));
    // clean paths are routed as before; a trailing slash is kept
    expect((await rawGet(port, '/sdk/bank/v1beta1/params')).status).toBe(200);
    expect((await rawGet(port, '/sdk/bank/v1beta1/params/')).status).toBe(501);
  });

  it('a body above 1 MB is refused; the server keeps serving', async () => {
    const r = await postJson(f, '/sdk/tx/v1beta1/simulate', { tx_bytes: 'A'.repeat(1_100_000) });
    expect([r.status, r.text]).toEqual([400, '{"code":3,"message":"http: request body too large","details":[]}']);
    expect((await call(f, '/sdk/bank/v1beta1/params')).status).toBe(200);
  });

  it('routes given to startRestServer come before the built-in ones', async () => {
    const server = await startRestServer(f.node, {
      address: '127.0.0.1:0',
      routes: [{ method: 'GET', pattern: '/sdk/bank/v1beta1/params', handler: () => ({ status: 200, body: '{"custom":true}' }) }],
    });
    try {
      const r = await fetch(`http://127.0.0.1:${server.address.port}/sdk/bank/v1beta1/params`);
      expect(await r.text()).toBe('{"custom":true}');
    } finally {
      await server.close();
    }
  });

  it('no CORS headers without --api.enabled-unsafe-cors; a preflight is just an unknown method', async () => {
    const r = await call(f, '/sdk/bank/v1beta1/params', { headers: { Origin: 'https://app.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await call(f, '/sdk/bank/v1beta1/params', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' } });
    expect([pre.status, pre.text]).toEqual([501, NOT_IMPLEMENTED]);
  });
});

describe('before the first block', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await restFixture();
  });
  afterAll(() => f.close());

  it('queries fail as the SDK does while the app has no committed block', async () => {
    const r = await call(f, '/sdk/bank/v1beta1/params');
    expect([r.status, r.text]).toEqual([500, '{"code":2,"message":"codespace sdk code 26: invalid height: chain is not ready; please wait for first block","details":[]}']);
    expect((await call(f, '/status')).json().result.sync_info.latest_block_height).toBe('0');
  });
});

describe('--api.enabled-unsafe-cors', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await restFixture({ enableUnsafeCors: true });
    f.node.produceBlock();
  });
  afterAll(() => f.close());

  it('cross-origin requests get Access-Control-Allow-Origin: *, also on errors', async () => {
    const ok = await call(f, '/sdk/bank/v1beta1/params', { headers: { Origin: 'https://app.example' } });
    expect([ok.status, ok.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    const missing = await call(f, '/nope', { headers: { Origin: 'https://app.example' } });
    expect([missing.status, missing.headers.get('access-control-allow-origin')]).toEqual([501, '*']);
    const sameOrigin = await call(f, '/sdk/bank/v1beta1/params');
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('preflight: 200 with an empty body for GET/POST with Content-Type; refusals without CORS headers', async () => {
    const pre = await call(f, '/sdk/tx/v1beta1/txs', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect([pre.status, pre.text, pre.headers.get('access-control-allow-origin'), pre.headers.get('access-control-allow-headers')]).toEqual([200, '', '*', 'Content-Type']);
    const put = await call(f, '/sdk/tx/v1beta1/txs', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'PUT' } });
    expect([put.status, put.text, put.headers.get('access-control-allow-origin')]).toEqual([405, '', null]);
  });
});
