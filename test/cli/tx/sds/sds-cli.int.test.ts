/**
 * `chaind tx sds upload|prepay` and `chaind query sds …` against a node in this process, with one
 * active meta node of alice at genesis (St = 10 stos, Lt = 10^13 noz): `--generate-only` prints
 * exactly the message, a broadcast changes the state by the reference's numbers, the queries print
 * proto-JSON / YAML, and the REST gateway serves `/chain/sds/v1/…` from the proto options.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../../src/api/http.ts';
import { startRestServer } from '../../../../src/api/rest/server.ts';
import { moduleAccountAddress } from '../../../../src/modules/auth/account.ts';
import { balanceOf } from '../../../../src/modules/bank/state.ts';
import { ALICE, BOB, META, SECOND, startSdsNode, STOS, T0, type SdsNode } from './sds-node.ts';

const HASH = 'v05ahm50ugfjrgd3ga8mqi6bqka32ks3dooe1p9g';
const FEE = `${200000n * 1000000000n}wei`;
const POOL = moduleAccountAddress('total_unissued_prepay');

let n: SdsNode;
let rest: RunningServer;
beforeAll(async () => {
  n = await startSdsNode();
  rest = await startRestServer(n.node, { address: '127.0.0.1:0' });
}, 30_000);
afterAll(async () => {
  await rest?.close();
  await n?.close();
});

const unsigned = (message: string) =>
  `{"body":{"messages":[${message}],"memo":"","timeout_height":"0","extension_options":[],"non_critical_extension_options":[]},` +
  `"auth_info":{"signer_infos":[],"fee":{"amount":[],"gas_limit":"200000","payer":"","granter":""},"tip":null},"signatures":[]}\n`;

/** Broadcasts (sync), produces the block, returns the delivered result. */
async function deliver(args: string[]) {
  const r = await n.chaind([...args, '--fees', FEE, '-y', '-o', 'json']);
  expect([r.code, r.stderr]).toEqual([0, '']);
  const hash = (JSON.parse(r.stdout) as { txhash: string; code: number }).txhash;
  expect((JSON.parse(r.stdout) as { code: number }).code).toBe(0);
  n.node.produceBlock();
  return n.node.tx(hash)!.result;
}

const attrs = (events: readonly { type: string; attributes: readonly { key: string; value: string }[] }[], type: string) =>
  Object.fromEntries(events.find((e) => e.type === type)!.attributes.map((a) => [a.key, a.value]));

describe('tx sds --generate-only', { timeout: 30_000 }, () => {
  it('upload prints the unsigned tx with the message of the flags', async () => {
    const r = await n.chaind(['tx', 'sds', 'upload', '--file-hash', HASH, '--uploader', BOB.address, '--reporter', META.address, '--from', ALICE.address, '--generate-only']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(unsigned(`{"@type":"/chain.sds.v1.MsgFileUpload","file_hash":"${HASH}","from":"${ALICE.address}","reporter":"${META.address}","uploader":"${BOB.address}"}`));
  });

  it('prepay <from> <coins>: the beneficiary is the sender, the coin normalised to wei', async () => {
    const r = await n.chaind(['tx', 'sds', 'prepay', ALICE.address, '1stos', '--generate-only']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(unsigned(`{"@type":"/chain.sds.v1.MsgPrepay","sender":"${ALICE.address}","beneficiary":"${ALICE.address}","amount":[{"denom":"wei","amount":"1000000000000000000"}]}`));
  });

  it('prepay <from> <beneficiary> <coins>: the 3-argument form of the real CLI', async () => {
    const r = await n.chaind(['tx', 'sds', 'prepay', ALICE.address, BOB.address, '25gwei', '--generate-only']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(unsigned(`{"@type":"/chain.sds.v1.MsgPrepay","sender":"${ALICE.address}","beneficiary":"${BOB.address}","amount":[{"denom":"wei","amount":"25000000000"}]}`));
  });

  it('prepay with a bad coin fails before anything is built', async () => {
    const r = await n.chaind(['tx', 'sds', 'prepay', ALICE.address, 'lots', '--generate-only']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Error: invalid decimal coin expression: lots\n');
  });
});

describe('tx sds broadcast, then query sds', { timeout: 30_000 }, () => {
  it('prepay 1stos signed by the key name: 909090909090 noz bought, the wei in total_unissued_prepay', async () => {
    n.setTime(T0 + SECOND);
    const result = await deliver(['tx', 'sds', 'prepay', 'alice', '1stos']);
    expect(result.code).toBe(0);
    // trunc(1e13 · 1e18 / (1e19 + 0 + 1e18)) = 909090909090.90… → 909090909090
    expect(attrs(result.events, 'chain.sds.v1.EventPrePay')).toEqual({
      amount: '"1000000000000000000wei"',
      beneficiary: JSON.stringify(ALICE.address),
      purchased_noz: '"909090909090"',
      sender: JSON.stringify(ALICE.address),
    });
    const state = n.node.chain.app.state;
    expect(balanceOf(state, POOL, 'wei')).toBe(STOS);
    expect(state.register.remaining_ozone_limit).toBe(10n ** 13n - 909_090_909_090n);
  });

  it('upload by the meta node owner, then query sds upload prints the record', async () => {
    n.setTime(T0 + 2n * SECOND);
    const result = await deliver(['tx', 'sds', 'upload', '--file-hash', HASH, '--uploader', BOB.address, '--reporter', META.address, '--from', 'alice']);
    expect(result.code).toBe(0);
    expect(attrs(result.events, 'chain.sds.v1.EventFileUpload')).toEqual({
      file_hash: JSON.stringify(HASH),
      reporter: JSON.stringify(META.address),
      sender: JSON.stringify(ALICE.address),
      uploader: JSON.stringify(BOB.address),
    });
    const height = n.node.height.toString();
    const q = await n.chaind(['query', 'sds', 'upload', HASH, '-o', 'json', '--limit', '10', '--count-total', '--reverse']);
    expect([q.code, q.stderr]).toEqual([0, '']);
    expect(q.stdout).toBe(`{"file_info":{"height":"${height}","reporters":"AQAAAAAAAAA=","uploader":"${BOB.address}"}}\n`);
    const text = await n.chaind(['query', 'sds', 'upload', HASH]);
    expect(text.stdout).toBe(`file_info:\n  height: "${height}"\n  reporters: AQAAAAAAAAA=\n  uploader: ${BOB.address}\n`);
    // stratos trims the hash and refuses an empty one itself; a hash with spaces around it is found
    for (const blank of ['', '   ']) {
      expect(await n.chaind(['query', 'sds', 'upload', blank])).toEqual({ code: 1, stdout: '', stderr: 'Error: Missing file hash: missing file hash\n' });
    }
    expect((await n.chaind(['query', 'sds', 'upload', ` ${HASH} `, '-o', 'json'])).stdout).toBe(q.stdout);
    // stratos' command never reads its pagination flags (no ReadPageRequest): --page with --offset is no error
    const paged = await n.chaind(['query', 'sds', 'upload', HASH, '-o', 'json', '--page', '2', '--offset', '1', '--page-key', 'abc']);
    expect([paged.code, paged.stderr, paged.stdout]).toEqual([0, '', q.stdout]);
  });

  it('params, sim-prepay, noz-price, noz-supply', async () => {
    expect((await n.chaind(['query', 'sds', 'params', '-o', 'json'])).stdout).toBe('{"bond_denom":"wei"}\n');
    expect((await n.chaind(['query', 'sds', 'params'])).stdout).toBe('bond_denom: wei\n');
    // after the prepay: Lt = 1e13 − 909090909090 = 9090909090910, St = 1e19, Pt = 1e18
    // 1stos: trunc(9090909090910 · 1e18 / 1.2e19) = 757575757575.83… → 757575757575
    expect((await n.chaind(['query', 'sds', 'sim-prepay', '1stos', '-o', 'json'])).stdout).toBe('{"noz":"757575757575"}\n');
    // (1e19 + 1e18) / 9090909090910 = 1209999.999999879000000000|0… at 18 decimals, half-even
    expect((await n.chaind(['query', 'sds', 'noz-price', '-o', 'json'])).stdout).toBe('{"price":"1209999.999999879000000000"}\n');
    expect((await n.chaind(['query', 'sds', 'noz-supply', '-o', 'json'])).stdout).toBe('{"remaining":"9090909090910","total":"10000000000000"}\n');
  });

  it('REST: /chain/sds/v1/… routes from the proto http_get options', async () => {
    const get = async (path: string) => {
      const r = await fetch(`http://127.0.0.1:${rest.address.port}${path}`);
      return { status: r.status, text: await r.text() };
    };
    expect(await get('/chain/sds/v1/params')).toEqual({ status: 200, text: '{"params":{"bond_denom":"wei"}}' });
    expect(await get('/chain/sds/v1/noz_supply')).toEqual({ status: 200, text: '{"remaining":"9090909090910","total":"10000000000000"}' });
    expect(await get('/chain/sds/v1/sim_prepay/1stos')).toEqual({ status: 200, text: '{"noz":"757575757575"}' });
    const f = await get(`/chain/sds/v1/file_upload/${HASH}`);
    expect(f.status).toBe(200);
    expect(JSON.parse(f.text)).toEqual({ file_info: { height: '3', reporters: 'AQAAAAAAAAA=', uploader: BOB.address } });
  });
});
