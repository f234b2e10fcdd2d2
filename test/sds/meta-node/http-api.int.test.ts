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
