import { describe, expect, it } from 'vitest';
import { affinityKey, checkRpcBody } from '../../src/gateway/rpc-policy.ts';

const OWNER = 'st144ykkar9fhl8khs7lwz0s7py9vj4w9adp37kt9';
const OTHER = 'st1rfjz7r3u8t65teavh5utquj3kwvsj983l3hnfd';
const HASH = 'v05j1m571efv3vuk3tq7airrfglanjvts4jrd4l8';
const call = (method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params: [params] }) });

describe('checkRpcBody: what /private/rpc/<token> lets through', () => {
  it('passes user_ calls, rpc_modules and batches of them', () => {
    expect(checkRpcBody(call('user_requestGetOzone', { walletaddr: OTHER }), '')).toEqual({ ok: true, calls: [{ method: 'user_requestGetOzone', params: { walletaddr: OTHER } }] });
    expect(checkRpcBody(call('rpc_modules'), '')).toEqual({ ok: true, calls: [{ method: 'rpc_modules', params: {} }] });
    const batch = checkRpcBody(`[${call('rpc_modules')},${call('user_requestGetOzone', {})}]`, '');
    expect(batch.ok && batch.calls.map((c) => c.method)).toEqual(['rpc_modules', 'user_requestGetOzone']);
  });

  it('refuses what is not JSON-RPC with 400 and its reason', () => {
    expect(checkRpcBody('{"method":', '')).toMatchObject({ ok: false, status: 400, error: expect.stringMatching(/^the body is not one JSON value: /) });
    expect(checkRpcBody('[]', '')).toEqual({ ok: false, status: 400, error: 'empty batch' });
    expect(checkRpcBody('[1]', '')).toEqual({ ok: false, status: 400, error: 'each request must be a JSON object' });
    expect(checkRpcBody('"user_x"', '')).toEqual({ ok: false, status: 400, error: 'each request must be a JSON object' });
    expect(checkRpcBody('[[{"method":"user_x"}]]', '')).toEqual({ ok: false, status: 400, error: 'each request must be a JSON object' });
  });

  it('refuses every method outside user_ with 403, alone or smuggled in a batch', () => {
    const text = (m: string) => `method ${JSON.stringify(m)} is not available through the gateway: only the user_ namespace is`;
    for (const m of ['owner_requestSend', 'owner_x', 'sds_x', 'User_requestGetOzone', 'user_', 'user_x.y', 'rpc_x', 'user_requestGetOzone ']) {
      expect(checkRpcBody(call(m), '')).toEqual({ ok: false, status: 403, error: text(m) });
    }
    expect(checkRpcBody(`[${call('user_requestGetOzone', {})},${call('owner_requestSend', { to: OTHER })}]`, '')).toEqual({ ok: false, status: 403, error: text('owner_requestSend') });
    // a method that is no string is a malformed request, not a forbidden one
    expect(checkRpcBody('{"id":1,"method":7}', '')).toEqual({ ok: false, status: 400, error: "a request's method must be a string, got 7" });
    expect(checkRpcBody('{"id":1,"method":null}', '')).toEqual({ ok: false, status: 400, error: "a request's method must be a string, got null" });
    expect(checkRpcBody('{"id":1}', '')).toEqual({ ok: false, status: 400, error: 'a request has no method' });
  });

  it('refuses two spellings of one key (the node matches keys without regard to case, the last winning)', () => {
    expect(checkRpcBody('{"method":"user_x","Method":"owner_y"}', '')).toEqual({ ok: false, status: 400, error: 'a request holds method and Method: one spelling only' });
    expect(checkRpcBody('{"METHOD":"owner_y","method":"user_x"}', '')).toEqual({ ok: false, status: 400, error: 'a request holds METHOD and method: one spelling only' });
    // a JSON escape spells the same key: JSON.parse and the node both decode it, the last one wins
    expect(checkRpcBody('{"method":"owner_y","\\u006dethod":"user_x"}', '')).toMatchObject({ ok: true });
    expect(checkRpcBody('{"method":"user_x","\\u004dethod":"owner_y"}', '')).toEqual({ ok: false, status: 400, error: 'a request holds method and Method: one spelling only' });
    expect(checkRpcBody('{"method":"user_x","params":[{}],"Params":[{}]}', '')).toEqual({ ok: false, status: 400, error: 'a request holds params and Params: one spelling only' });
  });

  describe('a private token reaches only its owner', () => {
    it('passes calls that name the owner or no wallet', () => {
      expect(checkRpcBody(call('user_requestGetOzone', { walletaddr: OWNER, signature: { address: OWNER, signature: 'aa' } }), OWNER)).toMatchObject({ ok: true });
      expect(checkRpcBody(call('user_requestDownload', { filehandle: `sdm://${OWNER}/${HASH}` }), OWNER)).toMatchObject({ ok: true });
      expect(checkRpcBody(call('rpc_modules'), OWNER)).toMatchObject({ ok: true });
    });

    it('refuses another wallet in walletaddr, signature.address or a file handle with 403', () => {
      const refused = (m: string) => ({ ok: false, status: 403, error: `this private token reaches only the files of ${OWNER}; ${m} names ${OTHER}` });
      expect(checkRpcBody(call('user_requestGetOzone', { walletaddr: OTHER }), OWNER)).toEqual(refused('user_requestGetOzone'));
      expect(checkRpcBody(call('user_requestUpload', { walletaddr: OWNER, signature: { address: OTHER } }), OWNER)).toEqual(refused('user_requestUpload'));
      expect(checkRpcBody(call('user_requestDownload', { walletaddr: OWNER, filehandle: `sdm://${OTHER}/${HASH}` }), OWNER)).toEqual(refused('user_requestDownload'));
      expect(checkRpcBody(call('user_requestGetOzone', { WalletAddr: OTHER }), OWNER)).toEqual(refused('user_requestGetOzone'));
      expect(checkRpcBody(`[${call('user_requestGetOzone', { walletaddr: OWNER })},${call('user_requestGetOzone', { walletaddr: OTHER })}]`, OWNER)).toEqual(refused('user_requestGetOzone'));
    });

    it('refuses two spellings of a wallet field with 400', () => {
      expect(checkRpcBody(call('user_requestGetOzone', { walletaddr: OWNER, WALLETADDR: OTHER }), OWNER)).toEqual({ ok: false, status: 400, error: 'params hold walletaddr and WALLETADDR: one spelling only' });
      expect(checkRpcBody(call('user_requestUpload', { signature: { address: OWNER, Address: OTHER } }), OWNER)).toEqual({ ok: false, status: 400, error: 'signature holds address and Address: one spelling only' });
    });

    it('a public token may name any wallet', () => {
      expect(checkRpcBody(call('user_requestGetOzone', { walletaddr: OTHER }), '')).toMatchObject({ ok: true });
    });
  });
});

describe('affinityKey', () => {
  it('keys a session by file hash, file handle hash or share link, and keeps the reqid', () => {
    expect(affinityKey([{ method: 'user_requestUpload', params: { filehash: HASH } }])).toEqual({ reqid: undefined, key: HASH });
    expect(affinityKey([{ method: 'user_requestDownload', params: { filehandle: `sdm://${OWNER}/${HASH}` } }])).toEqual({ reqid: undefined, key: HASH });
    expect(affinityKey([{ method: 'user_downloadData', params: { reqid: 'r1', FileHash: HASH } }])).toEqual({ reqid: 'r1', key: HASH });
    expect(affinityKey([{ method: 'user_requestGetOzone', params: {} }])).toEqual({ reqid: undefined, key: undefined });
  });
});
