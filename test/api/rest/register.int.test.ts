/**
 * Given a node with one bonded resource node (created at 2024-01-01T00:00:01Z with 1stos), the
 * register gateway routes `/chain/register/v1/…` come from the proto `http_get` options without
 * code of their own, and the legacy record route `/register/resource-node/{addr}` answers the
 * spec's REST record form `{height, result}` (integer status, amino pubkey, deposit fields).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/api/http.ts';
import { startRestServer } from '../../../src/api/rest/server.ts';
import { createResourceNodeMsg } from '../../../src/cli/tx/register/create-resource-node.ts';
import { codec } from '../../../src/codec/registry.ts';
import { signed } from '../../helpers/fixture.ts';
import { ALICE, SECOND, startRegisterNode, T0, type RegisterNode } from '../../cli/tx/register/register-node.ts';

const KEY_B64 = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';
const NODE = bech32.encode('stsds', bech32.toWords(sha256(Buffer.from(KEY_B64, 'base64')).subarray(0, 20)));
const OTHER_NODE = bech32.encode('stsds', bech32.toWords(new Uint8Array(20).fill(3)));
const AMOUNT = '1000000000000000000';
const DESCRIPTION = '{"moniker":"rn1","identity":"","website":"","security_contact":"","details":""}';

let n: RegisterNode;
let rest: RunningServer;
beforeAll(async () => {
  n = await startRegisterNode();
  rest = await startRestServer(n.node, { address: '127.0.0.1:0' });
  n.setTime(T0 + SECOND);
  const msg = createResourceNodeMsg(ALICE.address, { networkAddress: NODE, amount: '1stos', pubkey: `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${KEY_B64}"}`, nodeType: 4, moniker: 'rn1' }, codec);
  const res = await n.node.broadcastTxSync(signed(ALICE, 0n, 0n, { messages: [msg], fee: [{ denom: 'wei', amount: '200000000000000' }] }));
  expect([res.code, res.log]).toEqual([0, '[]']);
  n.node.produceBlock();
}, 30_000);
afterAll(async () => {
  await rest?.close();
  await n?.close();
});

async function get(path: string): Promise<{ status: number; text: string; height: string | null }> {
  const r = await fetch(`http://127.0.0.1:${rest.address.port}${path}`);
  return { status: r.status, text: await r.text(), height: r.headers.get('grpc-metadata-x-cosmos-block-height') };
}

describe('gateway routes from the proto options', () => {
  it('resource_node: the proto-JSON record under node, status by name', async () => {
    const r = await get(`/chain/register/v1/resource_node/${NODE}`);
    expect([r.status, r.height]).toEqual([200, '2']);
    expect(r.text).toBe(
      `{"node":{"network_address":"${NODE}","pubkey":{"@type":"/sdk.crypto.ed25519.PubKey","key":"${KEY_B64}"},"suspend":true,"status":"BOND_STATUS_BONDED","tokens":"${AMOUNT}",` +
        `"owner_address":"${ALICE.address}","description":${DESCRIPTION},"creation_time":"2024-01-01T00:00:01Z","node_type":4,"effective_tokens":"0","beneficiary_address":"${ALICE.address}"}}`,
    );
  });

  it('deposit_by_node/{addr}/{query_type}: the deposit columns', async () => {
    const r = await get(`/chain/register/v1/deposit_by_node/${NODE}/2`);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text).deposit_info).toMatchObject({
      status: 'BOND_STATUS_BONDED',
      bonded_deposit: { denom: 'wei', amount: AMOUNT },
      un_bonding_deposit: { denom: 'wei', amount: '0' },
      un_bonded_deposit: { denom: 'wei', amount: '0' },
    });
  });

  it('counts, params, totals, owner deposits and the ozone limit are served', async () => {
    expect((await get('/chain/register/v1/resource_node_count')).text).toBe('{"number":"1"}');
    expect((await get('/chain/register/v1/meta_node_count')).text).toBe('{"number":"0"}');
    for (const path of ['/chain/register/v1/params', '/chain/register/v1/deposit_total', '/chain/register/v1/remaining_ozone_limit', `/chain/register/v1/deposit_by_owner/${ALICE.address}`]) {
      expect([path, (await get(path)).status]).toEqual([path, 200]);
    }
    expect(JSON.parse((await get(`/chain/register/v1/deposit_by_owner/${ALICE.address}`)).text).deposit_infos).toHaveLength(1);
  });

  it('an unknown node is 404 NotFound with the handler text', async () => {
    const r = await get(`/chain/register/v1/resource_node/${OTHER_NODE}`);
    expect([r.status, r.text]).toEqual([404, `{"code":5,"message":"network address ${OTHER_NODE} not found","details":[]}`]);
  });

  it('a bad address is the plain Go error of SdsAddressFromBech32 / AccAddressFromBech32, as stratos-chain returns it: 500, code 2 (Unknown)', async () => {
    const plain = (message: string) => [500, { code: 2, message, details: [] }];
    for (const path of ['/chain/register/v1/resource_node/foo', '/chain/register/v1/meta_node/foo', '/chain/register/v1/deposit_by_node/foo/2', '/chain/register/v1/deposit_by_owner/foo']) {
      const r = await get(path);
      expect([path, r.status, JSON.parse(r.text)]).toEqual([path, ...plain('decoding bech32 failed: invalid bech32 string length 3')]);
    }
    const node = await get(`/chain/register/v1/deposit_by_node/${ALICE.address}/0`);
    expect([node.status, JSON.parse(node.text)]).toEqual(plain('invalid Bech32 prefix; expected stsds, got st'));
    const owner = await get(`/chain/register/v1/deposit_by_owner/${NODE}`);
    expect([owner.status, JSON.parse(owner.text)]).toEqual(plain('invalid Bech32 prefix; expected st, got stsds'));
    // the owner is matched by its bytes: the upper-case spelling finds the same node
    expect(JSON.parse((await get(`/chain/register/v1/deposit_by_owner/${ALICE.address.toUpperCase()}`)).text).deposit_infos).toHaveLength(1);
  });
});

describe('the REST record form {height, result}', () => {
  it('integer status, amino pubkey, RFC 3339 creation time and the three deposit fields', async () => {
    const r = await get(`/register/resource-node/${NODE}`);
    expect(r.status).toBe(200);
    expect(r.text).toBe(
      `{"height":"2","result":{"network_address":"${NODE}","pubkey":{"type":"consensus/PubKeyEd25519","value":"${KEY_B64}"},"suspend":true,"status":3,"tokens":"${AMOUNT}",` +
        `"owner_address":"${ALICE.address}","description":${DESCRIPTION},"creation_time":"2024-01-01T00:00:01Z","node_type":4,` +
        `"bonded_deposit":{"denom":"wei","amount":"${AMOUNT}"},"un_bonding_deposit":{"denom":"wei","amount":"0"},"un_bonded_deposit":{"denom":"wei","amount":"0"}}}`,
    );
  });

  it('?height= picks an earlier state: before the node existed it is 404', async () => {
    expect(await get(`/register/resource-node/${NODE}?height=1`)).toEqual({ status: 404, text: `{"error":"resource node ${NODE} does not exist"}`, height: null });
  });

  it('a bad height or address is 400 with the error text', async () => {
    expect((await get(`/register/resource-node/${NODE}?height=x`)).text).toBe('{"error":"strconv.ParseInt: parsing \\"x\\": invalid syntax"}');
    expect((await get(`/register/resource-node/${NODE}?height=-1`)).text).toBe('{"error":"height must be equal or greater than zero"}');
    const bad = await get(`/register/resource-node/${ALICE.address}`);
    expect([bad.status, JSON.parse(bad.text)]).toEqual([400, { error: `invalid bech32 prefix in "${ALICE.address}": expected "stsds", got "st"` }]);
  });
});
