/**
 * The resource node's JSON-RPC over HTTP on a real server (127.0.0.1, free port): reference §1.1
 * and §7 item 8, with geth's statuses and texts.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/api/http.ts';
import { serveSdsRpcHttp, SDS_RPC_MAX_BODY } from '../../../src/sds/rpc/http-server.ts';
import { fakeNode, postJson, rawHttp } from './fixture.ts';
import { postExpectingContinue } from '../../helpers/expect-continue.ts';

const MODULES = '{"jsonrpc":"2.0","id":1,"method":"rpc_modules","params":[]}';
const MODULES_ANSWER = '{"jsonrpc":"2.0","id":1,"result":{"rpc":"1.0","user":"1.0"}}\n';
const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };

let server: RunningServer;
let port: number;
let wildcard: RunningServer;

beforeAll(async () => {
  server = await serveSdsRpcHttp({ host: '127.0.0.1', port: 0, dispatcher: fakeNode().dispatcher });
  port = server.address.port;
  wildcard = await serveSdsRpcHttp({ host: '127.0.0.1', port: 0, allowedHosts: ['*'], dispatcher: fakeNode().dispatcher });
});
afterAll(async () => {
  await server.close();
  await wildcard.close();
});

describe('SDS JSON-RPC over HTTP', () => {
  it('serves POST / with application/json', async () => {
    const r = await postJson(port, MODULES);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body).toBe(MODULES_ANSWER);
  });

  it('answers any other path with a bare 404', async () => {
    for (const path of ['/rpc', '/api/v0/add', '//', '/x']) {
      const r = await rawHttp(port, { path, body: MODULES, headers: { 'Content-Type': 'application/json' } });
      expect([path, r.status, r.body]).toEqual([path, 404, '']);
    }
    // the query string is no part of the path
    expect((await rawHttp(port, { path: '/?a=b', body: MODULES, headers: { 'Content-Type': 'application/json' } })).body).toBe(MODULES_ANSWER);
  });

  it('answers an unknown method with -32601 and the exact text', async () => {
    const r = await postJson(port, '{"jsonrpc":"2.0","id":3,"method":"user_requestNothing","params":[{}]}');
    expect(r.status).toBe(200);
    expect(r.body).toBe('{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"the method user_requestNothing does not exist/is not available"}}\n');
  });

  it('takes the three JSON content types, with or without parameters', async () => {
    for (const ct of ['application/json', 'application/json-rpc', 'application/jsonrequest', 'application/json; charset=utf-8', 'Application/JSON;charset="utf-8"']) {
      const r = await postJson(port, MODULES, { 'Content-Type': ct });
      expect([ct, r.status, r.body]).toEqual([ct, 200, MODULES_ANSWER]);
    }
  });

  it('answers another content type with 415 and geth\'s text', async () => {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset', '']) {
      const r = await postJson(port, MODULES, { 'Content-Type': ct });
      expect([ct, r.status, r.body]).toEqual([ct, 415, 'invalid content type, only application/json is supported\n']);
      expect(r.headers).toMatchObject(TEXT);
    }
    const none = await rawHttp(port, { body: MODULES });
    expect([none.status, none.body]).toEqual([415, 'invalid content type, only application/json is supported\n']);
  });

  it('answers PUT and DELETE with 405 method not allowed', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const r = await rawHttp(port, { method, body: MODULES, headers: { 'Content-Type': 'application/json' } });
      expect([method, r.status, r.body]).toEqual([method, 405, 'method not allowed\n']);
    }
  });

  it('answers a GET with no body and no query with 200 and an empty body (health probe)', async () => {
    const r = await rawHttp(port, { method: 'GET' });
    expect([r.status, r.body]).toEqual([200, '']);
    // with a query it is an RPC request like any other: no JSON content type → 415
    const q = await rawHttp(port, { method: 'GET', path: '/?x=1' });
    expect(q.status).toBe(415);
  });

  it('answers a body over 5 MiB with 413 and serves one just under', async () => {
    expect(SDS_RPC_MAX_BODY).toBe(5_242_880);
    const wrap = (size: number): string => {
      const head = '{"jsonrpc":"2.0","id":1,"method":"user_note","params":[{"filedata":"';
      const tail = '"}]}';
      return head + 'A'.repeat(size - head.length - tail.length) + tail;
    };
    const over = await postJson(port, wrap(SDS_RPC_MAX_BODY + 1));
    expect([over.status, over.body]).toEqual([413, 'content length too large (5242881>5242880)\n']);
    expect(over.headers).toMatchObject(TEXT);
    const at = await postJson(port, wrap(SDS_RPC_MAX_BODY));
    expect([at.status, at.body]).toEqual([200, '{"jsonrpc":"2.0","id":1,"result":{"return":"0"}}\n']);
    const under = await postJson(port, wrap(SDS_RPC_MAX_BODY - 1));
    expect(under.status).toBe(200);
  });

  it('answers a chunked body that grows past 5 MiB with 413 too', async () => {
    const { request } = await import('node:http');
    const answer = await new Promise<[number, string]>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false, headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve([res.statusCode!, Buffer.concat(chunks).toString()]));
      });
      req.on('error', reject);
      req.write('{"jsonrpc":"2.0","id":1,"method":"user_note","params":[{"filedata":"');
      req.write('A'.repeat(SDS_RPC_MAX_BODY));
      req.end('"}]}');
    });
    expect(answer).toEqual([413, 'request body too large: more than 5242880 bytes\n']);
  });

  it('checks the Host header: IP literals and empty pass, hostnames must be allowed', async () => {
    const ask = async (host: string, p = port): Promise<[number, string]> => {
      const r = await postJson(p, MODULES, { Host: host });
      return [r.status, r.body];
    };
    const forbidden: [number, string] = [403, 'invalid host specified\n'];
    expect(await ask(`127.0.0.1:${port}`)).toEqual([200, MODULES_ANSWER]);
    expect(await ask('10.1.2.3')).toEqual([200, MODULES_ANSWER]);
    expect(await ask('[::1]:18281')).toEqual([200, MODULES_ANSWER]);
    expect(await ask(`localhost:${port}`)).toEqual([200, MODULES_ANSWER]);
    expect(await ask('localhost')).toEqual([200, MODULES_ANSWER]);
    expect(await ask('')).toEqual([200, MODULES_ANSWER]);
    expect(await ask('evil.example.com')).toEqual(forbidden);
    expect(await ask(`rebind.attacker.net:${port}`)).toEqual(forbidden);
    const r = await postJson(port, MODULES, { Host: 'evil.example.com' });
    expect(r.headers).toMatchObject(TEXT);
    // before the probe: a forbidden host's GET is 403 too
    expect((await rawHttp(port, { method: 'GET', headers: { Host: 'evil.example.com' } })).status).toBe(403);
    // '*' lets every hostname through
    expect(await ask('evil.example.com', wildcard.address.port)).toEqual([200, MODULES_ANSWER]);
  });

  it('allows the configured hostnames only', async () => {
    const s = await serveSdsRpcHttp({ host: '127.0.0.1', port: 0, allowedHosts: ['Node.Example.org'], dispatcher: fakeNode().dispatcher });
    try {
      expect((await postJson(s.address.port, MODULES, { Host: 'node.example.org:18281' })).status).toBe(200);
      expect((await postJson(s.address.port, MODULES, { Host: 'localhost' })).status).toBe(403);
    } finally {
      await s.close();
    }
  });

  it('answers batches in order, without notifications, and parse errors with -32700', async () => {
    const r = await postJson(port, '[{"jsonrpc":"2.0","id":1,"method":"user_echo","params":[{"a":"b"}]},{"jsonrpc":"2.0","method":"user_note"},{"jsonrpc":"2.0","id":2,"method":"user_none"}]');
    expect(r.body).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":{"return":"0","got":{"a":"b"}}},{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"the method user_none does not exist/is not available"}}]\n',
    );
    const bad = await postJson(port, '{"jsonrpc":');
    expect([bad.status, bad.body]).toEqual([200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}\n']);
    const empty = await postJson(port, '[]');
    expect(empty.body).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"empty batch"}}\n');
    // only notifications: 200 and nothing
    const quiet = await postJson(port, '{"jsonrpc":"2.0","method":"user_note"}');
    expect([quiet.status, quiet.body]).toEqual([200, '']);
  });

  it('recovers from a crashing method and keeps serving', async () => {
    const crash = await postJson(port, '{"jsonrpc":"2.0","id":1,"method":"user_crash","params":[{"sharelink":"ab"}]}');
    expect(crash.body).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"method handler crashed"}}\n');
    expect((await postJson(port, MODULES)).body).toBe(MODULES_ANSWER);
  });

  it('gzips every answer when the client accepts gzip', async () => {
    const { request } = await import('node:http');
    const [encoding, raw] = await new Promise<[string | undefined, Buffer]>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false, headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip, deflate' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve([res.headers['content-encoding'], Buffer.concat(chunks)]));
      });
      req.on('error', reject);
      req.end(MODULES);
    });
    expect(encoding).toBe('gzip');
    expect(gunzipSync(raw).toString()).toBe(MODULES_ANSWER);
  });

  it('survives a client that aborts its upload', async () => {
    const { request } = await import('node:http');
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' } });
      req.on('error', () => resolve());
      req.write('{"jsonrpc":"2.0","id":1,', () => {
        req.destroy();
        resolve();
      });
    });
    expect((await postJson(port, MODULES)).body).toBe(MODULES_ANSWER);
  });
});

const postExpecting = (body: Buffer, declared = body.length) =>
  postExpectingContinue(`http://127.0.0.1:${port}/`, body, { 'Content-Type': 'application/json' }, undefined, declared);

describe('Expect: 100-continue, as Go net/http answers it', () => {
  it('a body declared over the cap is refused (413) without 100 Continue: the client never sends it', async () => {
    const big = SDS_RPC_MAX_BODY + 100;
    const r = await postExpecting(Buffer.alloc(0), big);
    expect([r.continued, r.status, r.body]).toEqual([false, 413, `content length too large (${big}>${SDS_RPC_MAX_BODY})\n`]);
  });

  it('a body within the cap gets 100 Continue, then its answer', async () => {
    const r = await postExpecting(Buffer.from(MODULES));
    expect([r.continued, r.status, r.body]).toEqual([true, 200, MODULES_ANSWER]);
  });
});
