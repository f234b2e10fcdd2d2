import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mfsRoot, spfsPolicy } from '../../src/gateway/spfs-policy.ts';
import { TokenStore, type TokenRow } from '../../src/gateway/tokens.ts';

const OWNER = 'st144ykkar9fhl8khs7lwz0s7py9vj4w9adp37kt9';
const CID_MINE = 'QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u';
const CID_OTHER = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
const dir = mkdtempSync(join(tmpdir(), 'gw-spfs-'));
const store = new TokenStore(join(dir, 'gateway.sqlite'));
store.addOwned(OWNER, CID_MINE);
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
const row = (owner: string): TokenRow => ({ id: 1, prefix: 'abcd', tier: 'free', owner, label: '', created_at: 0, revoked_at: 0 });
const PUBLIC = row('');
const PRIVATE = row(OWNER);
const decide = (command: string, query: string, token = PUBLIC, method = 'POST') => spfsPolicy(method, command, new URLSearchParams(query), token, store);

describe('spfsPolicy: what /spfs/<token>/api/v0/<cmd> lets through', () => {
  it('passes the Kubo commands as POST, add recorded', () => {
    expect(decide('add', 'cid-version=0')).toEqual({ ok: true, command: 'add', query: 'cid-version=0', recordAdds: true, before: [] });
    expect(decide('cat', `arg=${CID_OTHER}`)).toEqual({ ok: true, command: 'cat', query: `arg=${CID_OTHER}`, recordAdds: false, before: [] });
    for (const c of ['get', 'ls', 'pin/add', 'pin/rm', 'pin/ls']) expect(decide(c, `arg=${CID_OTHER}`)).toMatchObject({ ok: true, command: c });
    for (const c of ['id', 'version', 'pin/ls']) expect(decide(c, '')).toMatchObject({ ok: true, command: c });
  });

  it('refuses other methods, unknown commands and the local forms', () => {
    expect(decide('cat', `arg=${CID_OTHER}`, PUBLIC, 'GET')).toEqual({ ok: false, status: 405, error: 'GET is not allowed: Kubo RPC commands are POST' });
    for (const c of ['config', 'shutdown', 'repo/gc', 'repo/stat', 'key/gen', 'files/write', 'files/read', 'dag/put', 'block/put', 'block/rm', 'swarm/connect', 'object/get', 'name/publish', 'add/x', 'repo/stat/x', 'version/x', 'pin/x', '']) {
      expect(decide(c, '')).toEqual({ ok: false, status: 404, error: `command ${JSON.stringify(c)} is not served through the gateway` });
    }
    expect(decide('add', 'arg=/etc/passwd')).toEqual({ ok: false, status: 403, error: 'add?arg=<local path> is not served through the gateway: send the file as multipart' });
    expect(decide('get', `arg=sdm://${OWNER}/v05j1m571efv3vuk3tq7airrfglanjvts4jrd4l8`)).toEqual({ ok: false, status: 403, error: 'get?arg=sdm://… is not served through the gateway: get a CID' });
    expect(decide('ls', '')).toEqual({ ok: false, status: 403, error: "ls without a CID lists the storage client's SDS files: not served through the gateway" });
  });

  it('reads go-ipfs-cmds\' path argument as the storage client does: cat/<cid> is cat?arg=<cid>, checked and forwarded in the query form', () => {
    expect(decide(`cat/${CID_OTHER}`, 'offset=2')).toEqual({ ok: true, command: 'cat', query: `arg=${CID_OTHER}&offset=2`, recordAdds: false, before: [] });
    expect(decide(`cat/${CID_OTHER}`, `arg=${CID_OTHER}`)).toEqual({ ok: true, command: 'cat', query: `arg=${CID_OTHER}&arg=${CID_OTHER}`, recordAdds: false, before: [] });
    expect(decide(`block/get/${CID_OTHER}`, 'offline=false')).toEqual({ ok: true, command: 'block/get', query: `arg=${CID_OTHER}&offline=true`, recordAdds: false, before: [] });
    expect(decide(`cat/${CID_OTHER}`, '', PRIVATE)).toEqual({ ok: false, status: 403, error: `this private token reaches only the content of ${OWNER}: ${CID_OTHER} is not theirs` });
  });

  it('passes swarm/peers and object/stat (ipfs.sh), block/stat; block/get and dag/get go offline=true (no SDS download of a whole file for one data block)', () => {
    expect(decide('swarm/peers', 'verbose=true')).toEqual({ ok: true, command: 'swarm/peers', query: 'verbose=true', recordAdds: false, before: [] });
    expect(decide('object/stat', `arg=${CID_OTHER}`)).toEqual({ ok: true, command: 'object/stat', query: `arg=${CID_OTHER}`, recordAdds: false, before: [] });
    expect(decide('block/stat', `arg=${CID_OTHER}`)).toEqual({ ok: true, command: 'block/stat', query: `arg=${CID_OTHER}`, recordAdds: false, before: [] });
    for (const c of ['block/get', 'dag/get']) {
      expect(decide(c, `arg=${CID_OTHER}`)).toEqual({ ok: true, command: c, query: `arg=${CID_OTHER}&offline=true`, recordAdds: false, before: [] });
      // the client's own offline/local values do not survive
      expect(decide(c, `arg=${CID_OTHER}&offline=false&local=false&output-codec=dag-json`)).toEqual({ ok: true, command: c, query: `arg=${CID_OTHER}&output-codec=dag-json&offline=true`, recordAdds: false, before: [] });
    }
  });

  it('a private token reaches only the CIDs its owner added through the gateway', () => {
    const refused = (cid: string) => ({ ok: false, status: 403, error: `this private token reaches only the content of ${OWNER}: ${cid} is not theirs` });
    expect(decide('cat', `arg=${CID_MINE}`, PRIVATE)).toMatchObject({ ok: true });
    expect(decide('cat', `arg=/ipfs/${CID_MINE}/a/b`, PRIVATE)).toMatchObject({ ok: true });
    for (const c of ['cat', 'get', 'ls', 'pin/add', 'pin/rm', 'pin/ls', 'object/stat', 'block/stat', 'block/get', 'dag/get']) expect(decide(c, `arg=${CID_OTHER}`, PRIVATE)).toEqual(refused(CID_OTHER));
    expect(decide('object/stat', `arg=/ipfs/${CID_OTHER}/a`, PRIVATE)).toEqual(refused(CID_OTHER));
    for (const c of ['object/stat', 'block/stat', 'block/get', 'dag/get']) expect(decide(c, `arg=${CID_MINE}`, PRIVATE)).toMatchObject({ ok: true, command: c });
    expect(decide('swarm/peers', '', PRIVATE)).toMatchObject({ ok: true, command: 'swarm/peers' });
    expect(decide('cat', `arg=/ipfs/${CID_OTHER}/x`, PRIVATE)).toEqual(refused(CID_OTHER));
    expect(decide('cat', `arg=${CID_MINE}&arg=${CID_OTHER}`, PRIVATE)).toEqual(refused(CID_OTHER));
    expect(decide('files/cp', `arg=/ipfs/${CID_OTHER}&arg=/x`, PRIVATE)).toEqual(refused(CID_OTHER));
    expect(decide('pin/ls', '', PRIVATE)).toEqual({ ok: false, status: 403, error: 'pin/ls with a private token needs the CIDs (arg)' });
    expect(decide('add', '', PRIVATE)).toMatchObject({ ok: true, recordAdds: true });
  });

  it('roots each token in its own MFS tree', () => {
    expect(mfsRoot(PUBLIC)).toBe('/public');
    expect(mfsRoot(PRIVATE)).toBe(`/owners/${OWNER}`);
    const mk = (root: string) => [`/api/v0/files/mkdir?arg=${encodeURIComponent(root)}&parents=true`];
    expect(decide('files/ls', '')).toEqual({ ok: true, command: 'files/ls', query: 'arg=%2Fpublic', recordAdds: false, before: mk('/public') });
    expect(decide('files/ls', 'arg=/&long=true')).toEqual({ ok: true, command: 'files/ls', query: 'long=true&arg=%2Fpublic', recordAdds: false, before: mk('/public') });
    expect(decide('files/mkdir', 'arg=/a/b&parents=true', PRIVATE)).toEqual({
      ok: true, command: 'files/mkdir', query: new URLSearchParams([['parents', 'true'], ['arg', `/owners/${OWNER}/a/b`]]).toString(), recordAdds: false, before: mk(`/owners/${OWNER}`),
    });
    expect(decide('files/cp', `arg=/ipfs/${CID_MINE}&arg=/f`, PRIVATE)).toMatchObject({ ok: true, query: new URLSearchParams([['arg', `/ipfs/${CID_MINE}`], ['arg', `/owners/${OWNER}/f`]]).toString() });
    expect(decide('files/stat', 'arg=/a/../../owners')).toEqual({ ok: false, status: 400, error: 'invalid MFS path "/a/../../owners"' });
    expect(decide('files/rm', 'arg=/&recursive=true')).toEqual({ ok: false, status: 400, error: 'cannot delete root' });
  });
});
