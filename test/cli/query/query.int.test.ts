/**
 * `chaind query …` against a node in this process. Given two blocks with sends made directly on
 * the node (not through the CLI), when the CLI queries, then it prints what the node holds in the
 * SDK's shapes: proto-JSON / sorted YAML, the search wrapper, the `query tx` record with base64
 * top-level events, and the consensus validator set with stvalcons addresses.
 */
import { toBech32 } from '@cosmjs/encoding';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../src/cli/prompt.ts';
import type { TxRecord } from '../../../src/events/block-store.ts';
import { msgSend, signed } from '../../helpers/fixture.ts';
import { ABANDON } from '../../crypto/vectors.ts';
import { ALICE, ALICE_FUNDS, BOB, BOB_FUNDS, CAROL, startLocalNode, VALIDATOR_SEED, type LocalNode } from '../tx/local-node.ts';

let ln: LocalNode;
/** alice → bob 1000 wei (seq 0) at height 2; alice → carol 500 wei (seq 1) with a memo at height 3 */
let first: TxRecord;
let second: TxRecord;

beforeAll(async () => {
  ln = await startLocalNode();
  const send = async (tx: Uint8Array) => {
    const r = await ln.node.broadcastTxSync(tx);
    if (r.code !== 0) throw new Error(r.log);
    return r.hash;
  };
  const h1 = await send(signed(ALICE, 0n, 0n, { messages: [msgSend(ALICE.address, BOB.address, 1000n)] }));
  ln.node.produceBlock();
  const h2 = await send(signed(ALICE, 0n, 1n, { messages: [msgSend(ALICE.address, CAROL.address, 500n)], memo: 'second' }));
  ln.node.produceBlock();
  first = ln.node.tx(h1)!;
  second = ln.node.tx(h2)!;
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

async function inProcess(args: readonly string[], home = ln.home): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = bufferOutput();
  const code = await main([...args, '--home', home], { out, prompt: scriptedPrompter([], out.stderr) });
  return { code, stdout: out.out, stderr: out.err };
}

/** The consensus RPC answer, straight from the server (raw JSON). */
async function rpc(method: string, params: Record<string, unknown>): Promise<unknown> {
  const res = await fetch(ln.nodeUri.replace('tcp://', 'http://'), { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
}

function blockTimeSeconds(height: bigint): string {
  const time = (ln.node.block(height)!.header as { header: { time: string } }).header.time;
  return time.replace(/\.\d+Z$/, 'Z');
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The spec's transaction record of a stored tx, built field by field from the node's record. */
function expectedRecord(t: TxRecord, memo: string, sequence: string, to: string, amount: string, eventsBase64: boolean) {
  return {
    height: t.height.toString(),
    txhash: t.hash,
    codespace: '',
    code: 0,
    data: Buffer.from(t.result.data).toString('hex').toUpperCase(),
    raw_log: t.result.log,
    logs: (JSON.parse(t.result.log) as object[]).map((l) => ({ log: '', ...l })),
    info: '',
    gas_wanted: '200000',
    gas_used: t.result.gas_used.toString(),
    tx: {
      '@type': '/sdk.tx.v1beta1.Tx',
      body: {
        messages: [{ '@type': '/sdk.bank.v1beta1.MsgSend', from_address: ALICE.address, to_address: to, amount: [{ denom: 'wei', amount }] }],
        memo,
        timeout_height: '0',
        extension_options: [],
        non_critical_extension_options: [],
      },
      auth_info: {
        signer_infos: [{ public_key: { '@type': '/chain.crypto.v1.ethsecp256k1.PubKey', key: ABANDON.index0.publicKeyBase64 }, mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } }, sequence }],
        fee: { amount: [], gas_limit: '200000', payer: '', granter: '' },
        tip: null,
      },
      signatures: [Buffer.from(new Uint8Array(Buffer.from(t.raw)).slice(-64)).toString('base64')],
    },
    timestamp: blockTimeSeconds(t.height),
    events: t.result.events.map((e) => ({
      type: e.type,
      attributes: e.attributes.map((a) => (eventsBase64 ? { key: b64(a.key), value: b64(a.value), index: true } : { key: a.key, value: a.value, index: true })),
    })),
  };
}

describe('query account and bank', { timeout: 30_000 }, () => {
  it('account: YAML with sorted keys by default, proto-JSON with -o json, state at --height', async () => {
    const text = await ln.chaind(['query', 'account', ALICE.address]);
    expect(text.code).toBe(0);
    const parsed = YAML.parse(text.stdout);
    expect(parsed).toEqual({
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      account_number: '0',
      address: ALICE.address,
      pub_key: { '@type': '/chain.crypto.v1.ethsecp256k1.PubKey', key: ABANDON.index0.publicKeyBase64 },
      sequence: '2',
    });
    expect(Object.keys(parsed)).toEqual(['@type', 'account_number', 'address', 'pub_key', 'sequence']);
    expect(text.stdout).toContain('\nsequence: "2"\n');

    const json = await inProcess(['query', 'account', BOB.address, '-o', 'json']);
    expect(json).toEqual({ code: 0, stdout: `{"@type":"/sdk.auth.v1beta1.BaseAccount","address":"${BOB.address}","pub_key":null,"account_number":"1","sequence":"0"}\n`, stderr: '' });

    const atGenesis = await inProcess(['query', 'account', ALICE.address, '-o', 'json', '--height', '1']);
    expect(atGenesis.stdout).toBe(`{"@type":"/sdk.auth.v1beta1.BaseAccount","address":"${ALICE.address}","pub_key":null,"account_number":"0","sequence":"0"}\n`);
  });

  it('bank balances / total: all, one denom, --count-total, --height', async () => {
    const all = await ln.chaind(['query', 'bank', 'balances', BOB.address, '-o', 'json']);
    expect(all).toEqual({ code: 0, stdout: `{"balances":[{"denom":"wei","amount":"${BOB_FUNDS + 1000n}"}],"pagination":{"next_key":null,"total":"0"}}\n`, stderr: '' });
    const counted = await inProcess(['query', 'bank', 'balances', CAROL.address, '--count-total']);
    expect(counted.stdout).toBe('balances:\n- amount: "500"\n  denom: wei\npagination:\n  next_key: null\n  total: "1"\n');
    const one = await inProcess(['query', 'bank', 'balances', ALICE.address, '--denom', 'wei', '--height', '2', '-o', 'json']);
    expect(one.stdout).toBe(`{"denom":"wei","amount":"${ALICE_FUNDS - 1000n}"}\n`);
    const total = await inProcess(['query', 'bank', 'total', '-o', 'json']);
    expect(total.stdout).toBe(`{"supply":[{"denom":"wei","amount":"${ALICE_FUNDS + BOB_FUNDS}"}],"pagination":{"next_key":null,"total":"0"}}\n`);
    const supplyOf = await inProcess(['query', 'bank', 'total', '--denom', 'wei']);
    expect(supplyOf.stdout).toBe(`amount: "${ALICE_FUNDS + BOB_FUNDS}"\ndenom: wei\n`);
  });

  it("client.toml's output is the default format (chaind config output json); -o wins", async () => {
    const home = await mkdtemp(join(tmpdir(), 'chaind-output-'));
    await mkdir(join(home, 'config'));
    await writeFile(join(home, 'config', 'client.toml'), `output = "json"\nnode = "${ln.nodeUri}"\n`);
    expect(await inProcess(['query', 'bank', 'total', '--denom', 'wei'], home)).toEqual({ code: 0, stdout: `{"denom":"wei","amount":"${ALICE_FUNDS + BOB_FUNDS}"}\n`, stderr: '' });
    expect(await inProcess(['query', 'bank', 'total', '--denom', 'wei', '-o', 'text'], home)).toEqual({ code: 0, stdout: `amount: "${ALICE_FUNDS + BOB_FUNDS}"\ndenom: wei\n`, stderr: '' });
    await rm(home, { recursive: true, force: true });
  });
});

describe('query block and consensus-validator-set', { timeout: 30_000 }, () => {
  it('block [height] prints the consensus RPC block JSON; --type hash finds the same block', async () => {
    const r = await ln.chaind(['query', 'block', '2']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(await rpc('block', { height: '2' }));
    const hash = (JSON.parse(r.stdout) as { block_id: { hash: string } }).block_id.hash;
    const byHash = await inProcess(['query', 'block', '--type', 'hash', hash]);
    expect(byHash.stdout).toBe(r.stdout);
    const latest = await inProcess(['query', 'block']);
    expect(JSON.parse(latest.stdout).block.header.height).toBe(ln.node.height.toString());
  });

  it('consensus-validator-set: amino JSON (PrintObjectLegacy): stvalcons address, the key as its amino interface, integers as strings', async () => {
    const pub = ed25519.getPublicKey(VALIDATOR_SEED);
    const consAddress = toBech32('stvalcons', sha256(pub).slice(0, 20));
    const validator = `{"address":"${consAddress}","pub_key":{"type":"consensus/PubKeyEd25519","value":"${Buffer.from(pub).toString('base64')}"},"proposer_priority":"0","voting_power":"10"}`;
    const r = await ln.chaind(['query', 'consensus-validator-set', '2', '-o', 'json']);
    expect(r).toEqual({ code: 0, stdout: `{"block_height":"2","validators":[${validator}],"total":"1"}\n`, stderr: '' });
    const text = await inProcess(['query', 'consensus-validator-set', '--page', '1', '--limit', '0x5']); // pflag reads ints in base 0
    expect(YAML.parse(text.stdout)).toEqual({ block_height: (ln.node.height + 1n).toString(), total: '1', validators: [JSON.parse(validator)] });
    expect(text.stdout.startsWith('block_height: ')).toBe(true);
  });
});

describe('query txs and query tx', { timeout: 30_000 }, () => {
  it('txs --events: the search wrapper with TxResponses (plain events), paged', async () => {
    const r = await ln.chaind(['query', 'txs', '--events', `message.sender=${ALICE.address}&message.module=bank`, '-o', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['total_count', 'count', 'page_number', 'page_total', 'limit', 'txs']);
    expect(out).toEqual({
      total_count: '2',
      count: '2',
      page_number: '1',
      page_total: '1',
      limit: '30',
      txs: [expectedRecord(first, '', '0', BOB.address, '1000', false), expectedRecord(second, 'second', '1', CAROL.address, '500', false)],
    });

    const page2 = await inProcess(['query', 'txs', '--events', `message.sender=${ALICE.address}`, '--limit', '1', '--page', '2']);
    const yaml = YAML.parse(page2.stdout);
    expect({ ...yaml, txs: yaml.txs.map((t: { txhash: string }) => t.txhash) }).toEqual({ count: '1', limit: '1', page_number: '2', page_total: '2', total_count: '2', txs: [second.hash] });
    expect(Object.keys(yaml)).toEqual(['count', 'limit', 'page_number', 'page_total', 'total_count', 'txs']);

    const byHeight = await inProcess(['query', 'txs', '--events', `tx.height=${second.height}`, '-o', 'json']);
    expect(JSON.parse(byHeight.stdout).txs.map((t: { txhash: string }) => t.txhash)).toEqual([second.hash]);
  });

  it('tx <hash>: the spec record, top-level events base64 and logs plain; acc_seq and signature find the same', async () => {
    const expected = expectedRecord(second, 'second', '1', CAROL.address, '500', true);
    const r = await ln.chaind(['query', 'tx', second.hash, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(expected);
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(['height', 'txhash', 'codespace', 'code', 'data', 'raw_log', 'logs', 'info', 'gas_wanted', 'gas_used', 'tx', 'timestamp', 'events']);

    const lower = await inProcess(['query', 'tx', second.hash.toLowerCase(), '-o', 'json']);
    expect(lower.stdout).toBe(r.stdout);
    const accSeq = await inProcess(['query', 'tx', '--type', 'acc_seq', `${ALICE.address}/1`, '-o', 'json']);
    expect(accSeq.stdout).toBe(r.stdout);
    const signature = expected.tx.signatures[0]!;
    const bySig = await inProcess(['query', 'tx', '--type', 'signature', signature, '-o', 'json']);
    expect(bySig.stdout).toBe(r.stdout);
    // text: sorted YAML of the same record
    const text = await inProcess(['query', 'tx', first.hash]);
    expect(YAML.parse(text.stdout)).toEqual(expectedRecord(first, '', '0', BOB.address, '1000', true));
    expect(Object.keys(YAML.parse(text.stdout))).toEqual(['code', 'codespace', 'data', 'events', 'gas_used', 'gas_wanted', 'height', 'info', 'logs', 'raw_log', 'timestamp', 'tx', 'txhash']);
  });
});

describe('query refusals', { timeout: 30_000 }, () => {
  const missingHash = 'AB'.repeat(32);
  const cases: [string, string[], string][] = [
    ['account not on chain', ['query', 'account', toBech32('st', new Uint8Array(20).fill(9))], `rpc error: code = NotFound desc = rpc error: code = NotFound desc = account ${toBech32('st', new Uint8Array(20).fill(9))} not found: key not found`],
    ['bad address', ['query', 'bank', 'balances', 'st1xyz'], 'decoding bech32 failed: invalid bech32 string length 6'],
    ['future height', ['query', 'bank', 'balances', ALICE.address, '--height', '99'], 'rpc error: code = Unknown desc = cannot query with height in the future; please provide a valid height: invalid height'],
    ['page with offset', ['query', 'bank', 'balances', ALICE.address, '--page', '2', '--offset', '1'], 'page and offset cannot be used together: invalid request'],
    ['bad denom', ['query', 'bank', 'total', '--denom', '1x'], 'rpc error: code = InvalidArgument desc = rpc error: code = InvalidArgument desc = invalid denom: 1x: invalid request'],
    ['unknown tx', ['query', 'tx', missingHash], `error in json rpc client, with http response metadata: (Status: 200 OK, Protocol HTTP/1.1). RPC error -32603 - Internal error: tx (${missingHash}) not found`],
    // v0.47 authtx.QueryTx: hex.DecodeString's error as it is
    ['bad tx hash', ['query', 'tx', 'xyz'], "encoding/hex: invalid byte: U+0078 'x'"],
    ['odd-length tx hash', ['query', 'tx', 'abc'], 'encoding/hex: odd length hex string'],
    ['acc_seq not found', ['query', 'tx', '--type', 'acc_seq', `${ALICE.address}/9`], 'found no txs matching given address and sequence combination'],
    ['signature not found', ['query', 'tx', '--type', 'signature', 'AAAA'], 'found no txs matching given signatures'],
    ['unknown --type', ['query', 'tx', '--type', 'height', '5'], 'unknown --type value height'],
    ['event without =', ['query', 'txs', '--events', 'message.sender'], 'invalid event; event message.sender should be of the format: {eventType}.{eventAttribute}={value}'],
    ['page beyond the results', ['query', 'txs', '--events', 'tx.height=2', '--page', '3'], 'error in json rpc client, with http response metadata: (Status: 200 OK, Protocol HTTP/1.1). RPC error -32603 - Internal error: page should be within [1, 1] range, given 3'],
    ['block beyond the chain', ['query', 'block', '999'], 'error in json rpc client, with http response metadata: (Status: 200 OK, Protocol HTTP/1.1). RPC error -32603 - Internal error: height 999 must be less than or equal to the current blockchain height 3'],
    // v0.47 rpc.BlockCommand: strconv.Atoi's error as it is
    ['bad block height', ['query', 'block', 'tip'], 'strconv.Atoi: parsing "tip": invalid syntax'],
    ['bad validator-set height', ['query', 'consensus-validator-set', 'tip'], 'strconv.ParseInt: parsing "tip": invalid syntax'],
    // pflag's number flags: base 0, Go's error text after pflag's prefix
    ['bad --limit', ['query', 'staking', 'validators', '--limit', 'abc'], 'invalid argument "abc" for "--limit" flag: strconv.ParseUint: parsing "abc": invalid syntax\nRun \'chaind query staking validators --help\' for usage.'],
    ['--limit out of range', ['query', 'staking', 'validators', '--limit', '18446744073709551616'], 'invalid argument "18446744073709551616" for "--limit" flag: strconv.ParseUint: parsing "18446744073709551616": value out of range\nRun \'chaind query staking validators --help\' for usage.'],
    ['bad --height', ['query', 'bank', 'balances', ALICE.address, '--height', '1x'], 'invalid argument "1x" for "--height" flag: strconv.ParseInt: parsing "1x": invalid syntax\nRun \'chaind query bank balances --help\' for usage.'],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      expect(await inProcess(args)).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    });
  }

  it('a bad checksum is refused in the SDK\'s Go words (btcutil\'s checksum text after decoding bech32 failed:)', async () => {
    const r = await inProcess(['query', 'account', ALICE.address.slice(0, -1) + (ALICE.address.endsWith('x') ? 'y' : 'x')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error: decoding bech32 failed: invalid checksum \(expected [a-z0-9]+ got [a-z0-9]+\)\n$/);
  });

  it('--events is required; a node that is not there', async () => {
    const missing = await inProcess(['query', 'txs']);
    expect(missing).toEqual({ code: 1, stdout: '', stderr: `Error: required flag(s) "events" not set\nRun 'chaind query txs --help' for usage.\n` });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const r = await ln.chaind(['query', 'account', ALICE.address, '--node', `tcp://127.0.0.1:${port}`]);
    expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: post failed: Post "http://127.0.0.1:${port}": dial tcp 127.0.0.1:${port}: connect: connection refused\n` });
  });
});
