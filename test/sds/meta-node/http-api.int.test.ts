/** The meta-node service's HTTP views (src/sds/meta-node/http-api.ts) on 127.0.0.1: what a bad path parameter gets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/api/http.ts';
import type { ChainDuties } from '../../../src/sds/meta-node/chain-duties.ts';
import { serveMetaNodeApi } from '../../../src/sds/meta-node/http-api.ts';
import { openMeta, prepay, wallet, type Meta } from './fixture.ts';

let m: Meta;
let server: RunningServer;
let url: string;
const alice = wallet(1);

beforeAll(async () => {
  m = openMeta();
  server = await serveMetaNodeApi({ host: '127.0.0.1', port: 0 }, m.service, {} as ChainDuties);
  url = `http://127.0.0.1:${server.address.port}`;
});
afterAll(async () => {
  await server.close();
  m.close();
});

describe('GET /wallets/<address>', () => {
  it("a wallet's ozone and SN", async () => {
    prepay(m, alice, 42n);
    const r = await fetch(`${url}/wallets/${alice.address}`);
    expect([r.status, await r.json()]).toEqual([200, { address: alice.address, ozone: '42', sequence_number: '0' }]);
  });

  it('what is not an st1… account address: 400 with the reason, not a zero balance', async () => {
    for (const bad of ['st1bad', 'stsds1xhq4', alice.address.slice(0, -1)]) {
      const r = await fetch(`${url}/wallets/${bad}`);
      expect([r.status, await r.json()]).toEqual([400, { error: `invalid wallet address ${JSON.stringify(bad)}: expected an st1… account address` }]);
    }
  });
});

describe('POST /sp/<operation> with a body the operation cannot read', () => {
  const post = (op: string, body: unknown) => fetch(`${url}/sp/${op}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('a missing or mistyped field is a 400 naming it, before the operation runs', async () => {
    const cases: [string, unknown, string][] = [
      ['requestUpload', {}, 'requestUpload: field signature is missing (an object {address, pubkey, signature} of strings)'],
      ['list', { signature: { address: alice.address, pubkey: 'p', signature: 's' }, reqTime: '1', page: 0 }, 'list: field reqTime must be a number, got "1"'],
      ['fileStatus', { fileHash: [], wallet: 5 }, 'fileStatus: field wallet must be a string, got 5'],
      ['uploadSign', { signature: { address: 'a', pubkey: 'p', signature: 's' }, reqTime: 1, sequenceNumber: '1', fileHash: 'h', fileName: 'n', fileSize: 1, pp: 'x', slices: [{ sliceNumber: 1 }] }, 'uploadSign: field slices must be an array of {sliceNumber, sliceHash, start, end}, got [{"sliceNumber":1}]'],
      ['share', { signature: { address: 'a', pubkey: 'p', signature: 's' }, reqTime: 1, fileHash: 'h', duration: 1, privateFlag: 'yes', ipfsCid: '', metaInfo: '' }, 'share: field privateFlag must be true or false, got "yes"'],
    ];
    for (const [op, body, error] of cases) {
      const r = await post(op, body);
      expect([op, r.status, await r.json()]).toEqual([op, 400, { error }]);
    }
  });

  it('a well-formed request still reaches its operation', async () => {
    const r = await post('getOzone', { wallet: alice.address });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { ok: boolean }).ok).toBe(true);
  });
});
