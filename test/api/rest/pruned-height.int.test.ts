/**
 * Given a node that keeps the state of its last 2 heights only (at height 6: heights 5 and 6), a
 * gateway query with `x-cosmos-block-height` at an older height fails in the SDK's query context
 * (baseapp `CreateQueryContext`) with the store's error in the text, before any handler runs: 500,
 * code 2, no height header — for the App's services and the node's own alike.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, call, restFixture, type RestFixture } from './rest-node.ts';

const HEIGHT = 'grpc-metadata-x-cosmos-block-height';
/** SDK v0.47 store/iavl `GetImmutable` of a version the tree does not have */
const IAVL = 'version mismatch on immutable IAVL tree; version does not exist. Version has either been pruned, or is for a future block height';
const pruned = (h: number) => JSON.stringify({ code: 2, message: `codespace sdk code 18: invalid request: failed to load state at height ${h}; ${IAVL} (latest height: 6)`, details: [] });

let f: RestFixture;
beforeAll(async () => {
  f = await restFixture({ keepRecent: 2 });
  for (let i = 0; i < 6; i++) f.node.produceBlock();
});
afterAll(() => f.close());

describe('a query at a height whose state the node no longer keeps', () => {
  const operator = () => bech32.encode('stvaloper', bech32.decode(alice.address).words);

  it('fails in the query context with the store error between "; " and "(latest height"', async () => {
    for (const path of [`/sdk/distribution/v1beta1/validators/${operator()}/outstanding_rewards`, `/sdk/bank/v1beta1/balances/${alice.address}`, '/sdk/staking/v1beta1/pool']) {
      for (const h of [1, 4]) {
        const r = await call(f, path, { headers: { 'x-cosmos-block-height': String(h) } });
        expect([path, h, r.status, r.text]).toEqual([path, h, 500, pruned(h)]);
        expect(r.headers.get(HEIGHT)).toBeNull();
      }
    }
  });

  it('the node-computed services too (the SDK interceptor runs before every registered service)', async () => {
    const r = await call(f, '/sdk/base/consensus/v1beta1/blocks/1', { headers: { 'x-cosmos-block-height': '3' } });
    expect([r.status, r.text]).toEqual([500, pruned(3)]);
  });

  it('the kept heights and the latest still answer', async () => {
    for (const h of ['5', '6', '0']) {
      const r = await call(f, `/sdk/bank/v1beta1/balances/${alice.address}`, { headers: { 'x-cosmos-block-height': h } });
      expect([h, r.status, r.headers.get(HEIGHT)]).toEqual([h, 200, h === '0' ? '6' : h]);
    }
    expect((await call(f, `/sdk/bank/v1beta1/balances/${alice.address}`)).status).toBe(200);
  });
});
