/**
 * `chaind query auth …` and `query bank denom-metadata|send-enabled` (SDK v0.47
 * x/auth/client/cli/query.go, x/bank/client/cli/query.go) against a running node whose genesis has
 * denom metadata and send-enabled entries, with the node's REST server beside it: each command
 * prints what the SDK's `PrintProto` prints — the REST body of the same query (the whole response,
 * or `params` for `auth params`) as compact JSON with `-o json`, its sorted YAML by default — and
 * fails as the SDK CLI does (`Error: …`, exit 1; a Go panic, exit 2, for a `send-enabled
 * --page-key` that is not base64).
 */
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/api/http.ts';
import { startRestServer } from '../../../src/api/rest/server.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { genesisWith, testKey } from '../../helpers/fixture.ts';
import { startCliNode, type CliNode } from '../tx/cli-node.ts';

const ALICE = testKey(0).address;
const BOB = testKey(1).address;
const FEE_COLLECTOR = moduleAccountAddress('fee_collector');

const unit = (denom: string, exponent: number) => ({ denom, exponent, aliases: [] });
/** two metadata entries and two send-enabled entries, in store (key) order */
const STOS = { description: 'The native token', denom_units: [unit('wei', 0), unit('gwei', 9), unit('stos', 18)], base: 'wei', display: 'stos', name: 'STOS', symbol: 'STOS', uri: '', uri_hash: '' };
const USTD = { description: 'A test token', denom_units: [unit('ustd', 0), unit('std', 6)], base: 'ustd', display: 'std', name: 'STD', symbol: 'STD', uri: 'https://example.org/std.json', uri_hash: '' };
const STOS_JSON =
  '{"description":"The native token","denom_units":[{"denom":"wei","exponent":0,"aliases":[]},{"denom":"gwei","exponent":9,"aliases":[]},{"denom":"stos","exponent":18,"aliases":[]}],"base":"wei","display":"stos","name":"STOS","symbol":"STOS","uri":"","uri_hash":""}';
const USTD_JSON =
  '{"description":"A test token","denom_units":[{"denom":"ustd","exponent":0,"aliases":[]},{"denom":"std","exponent":6,"aliases":[]}],"base":"ustd","display":"std","name":"STD","symbol":"STD","uri":"https://example.org/std.json","uri_hash":""}';

let n: CliNode;
let rest: RunningServer;
beforeAll(async () => {
  const genesis = genesisWith([
    [ALICE, 10n ** 21n],
    [BOB, 5n * 10n ** 20n],
  ]);
  const bank = (genesis.app_state as { bank: { denom_metadata: unknown[]; send_enabled: unknown[] } }).bank;
  bank.denom_metadata = [USTD, STOS];
  bank.send_enabled = [
    { denom: 'gwei', enabled: false },
    { denom: 'stos', enabled: true },
  ];
  n = await startCliNode('auth-bank', genesis);
  n.node.produceBlock();
  rest = await startRestServer(n.node, { address: '127.0.0.1:0' });
}, 30_000);
afterAll(async () => {
  await rest?.close();
  await n?.close();
});

/** The REST body of a route (status 200 required). */
async function restBody(path: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${rest.address.port}${path}`);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(200);
  return text;
}

async function ok(args: string[]): Promise<string> {
  const r = await n.chaind(args);
  expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
  return r.stdout;
}

async function fails(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return n.chaind(args);
}

describe('query auth', { timeout: 30_000 }, () => {
  it('params: the Params object (not the response), as the REST body’s `params`', async () => {
    const json = await ok(['query', 'auth', 'params', '-o', 'json']);
    expect(json).toBe('{"max_memo_characters":"256","tx_sig_limit":"7","tx_size_cost_per_byte":"10","sig_verify_cost_ed25519":"590","sig_verify_cost_secp256k1":"1000"}\n');
    const body = JSON.parse(await restBody('/sdk/auth/v1beta1/params')) as { params: unknown };
    expect(json).toBe(JSON.stringify(body.params) + '\n');
    expect(await ok(['query', 'auth', 'params'])).toBe(
      'max_memo_characters: "256"\nsig_verify_cost_ed25519: "590"\nsig_verify_cost_secp256k1: "1000"\ntx_sig_limit: "7"\ntx_size_cost_per_byte: "10"\n',
    );
  });

  it('accounts: the genesis and module accounts, total only with --count-total (the CLI sends limit 100)', async () => {
    const counted = await ok(['query', 'auth', 'accounts', '--count-total', '-o', 'json']);
    expect(counted).toBe((await restBody('/sdk/auth/v1beta1/accounts?pagination.limit=100&pagination.count_total=true')) + '\n');
    const { accounts, pagination } = JSON.parse(counted) as { accounts: { '@type': string; address?: string; base_account?: { address: string } }[]; pagination: unknown };
    const addresses = accounts.map((a) => a.address ?? a.base_account!.address);
    expect(addresses).toEqual(expect.arrayContaining([ALICE, BOB, FEE_COLLECTOR]));
    expect(accounts.find((a) => a.address === BOB)).toEqual({ '@type': '/sdk.auth.v1beta1.BaseAccount', address: BOB, pub_key: null, account_number: '1', sequence: '0' });
    expect(pagination).toEqual({ next_key: null, total: String(accounts.length) });
    expect(accounts.length).toBeGreaterThan(3);

    const uncounted = JSON.parse(await ok(['query', 'auth', 'accounts', '-o', 'json']));
    expect(uncounted).toEqual({ accounts, pagination: { next_key: null, total: '0' } });
    // pages: --page N is offset (N-1)·limit
    const page2 = await ok(['query', 'auth', 'accounts', '--limit', '2', '--page', '2', '-o', 'json']);
    expect(page2).toBe((await restBody('/sdk/auth/v1beta1/accounts?pagination.limit=2&pagination.offset=2')) + '\n');
    expect(JSON.parse(page2).accounts).toEqual(accounts.slice(2, 4));
    // text: sorted YAML of the same response
    const text = YAML.parse(await ok(['query', 'auth', 'accounts', '--count-total']));
    expect(text).toEqual(JSON.parse(counted));
  });

  it('account: the account Any, as `query account` prints it', async () => {
    const json = await ok(['query', 'auth', 'account', ALICE, '-o', 'json']);
    expect(json).toBe(`{"@type":"/sdk.auth.v1beta1.BaseAccount","address":"${ALICE}","pub_key":null,"account_number":"0","sequence":"0"}\n`);
    expect(json).toBe(await ok(['query', 'account', ALICE, '-o', 'json']));
    expect(await ok(['query', 'auth', 'account', BOB])).toBe(await ok(['query', 'account', BOB]));
  });

  it('module-accounts and module-account <name>: the whole responses', async () => {
    const all = await ok(['query', 'auth', 'module-accounts', '-o', 'json']);
    expect(all).toBe((await restBody('/sdk/auth/v1beta1/module_accounts')) + '\n');
    const names = (JSON.parse(all) as { accounts: { name: string }[] }).accounts.map((a) => a.name);
    expect(names).toContain('fee_collector');

    const fc = await ok(['query', 'auth', 'module-account', 'fee_collector', '-o', 'json']);
    expect(fc).toBe((await restBody('/sdk/auth/v1beta1/module_accounts/fee_collector')) + '\n');
    const number = (JSON.parse(fc) as { account: { base_account: { account_number: string } } }).account.base_account.account_number;
    expect(fc).toBe(
      `{"account":{"@type":"/sdk.auth.v1beta1.ModuleAccount","base_account":{"address":"${FEE_COLLECTOR}","pub_key":null,"account_number":"${number}","sequence":"0"},"name":"fee_collector","permissions":[]}}\n`,
    );
    expect(await ok(['query', 'auth', 'module-account', 'fee_collector'])).toBe(
      `account:\n  '@type': /sdk.auth.v1beta1.ModuleAccount\n  base_account:\n    account_number: "${number}"\n    address: ${FEE_COLLECTOR}\n    pub_key: null\n    sequence: "0"\n  name: fee_collector\n  permissions: []\n`,
    );
  });

  it('address-by-acc-num (alias address-by-id): the response {account_address}', async () => {
    expect(await ok(['query', 'auth', 'address-by-acc-num', '0', '-o', 'json'])).toBe(`{"account_address":"${ALICE}"}\n`);
    expect(await ok(['query', 'auth', 'address-by-acc-num', '0', '-o', 'json'])).toBe((await restBody('/sdk/auth/v1beta1/address_by_id/0?account_id=0')) + '\n');
    expect(await ok(['query', 'auth', 'address-by-id', '1'])).toBe(`account_address: ${BOB}\n`);
  });
});

describe('query bank denom-metadata and send-enabled', { timeout: 30_000 }, () => {
  it('denom-metadata: all metadata (an empty request: total counted), or one denom’s response with --denom', async () => {
    const all = await ok(['query', 'bank', 'denom-metadata', '-o', 'json']);
    expect(all).toBe(`{"metadatas":[${USTD_JSON},${STOS_JSON}],"pagination":{"next_key":null,"total":"2"}}\n`);
    expect(all).toBe((await restBody('/sdk/bank/v1beta1/denoms_metadata')) + '\n');
    const one = await ok(['query', 'bank', 'denom-metadata', '--denom', 'wei', '-o', 'json']);
    expect(one).toBe(`{"metadata":${STOS_JSON}}\n`);
    expect(one).toBe((await restBody('/sdk/bank/v1beta1/denoms_metadata/wei')) + '\n');
    expect(await ok(['query', 'bank', 'denom-metadata', '--denom', 'ustd'])).toBe(
      'metadata:\n  base: ustd\n  denom_units:\n  - aliases: []\n    denom: ustd\n    exponent: 0\n  - aliases: []\n    denom: std\n    exponent: 6\n  description: A test token\n  display: std\n  name: STD\n  symbol: STD\n  uri: https://example.org/std.json\n  uri_hash: ""\n',
    );
  });

  it('send-enabled: all entries paginated, or those of the denoms given', async () => {
    const all = await ok(['query', 'bank', 'send-enabled', '-o', 'json']);
    expect(all).toBe('{"send_enabled":[{"denom":"gwei","enabled":false},{"denom":"stos","enabled":true}],"pagination":{"next_key":null,"total":"0"}}\n');
    expect(all).toBe((await restBody('/sdk/bank/v1beta1/send_enabled?pagination.limit=100')) + '\n');
    expect(await ok(['query', 'bank', 'send-enabled', '--count-total'])).toBe(
      'pagination:\n  next_key: null\n  total: "2"\nsend_enabled:\n- denom: gwei\n  enabled: false\n- denom: stos\n  enabled: true\n',
    );
    const some = JSON.parse(await ok(['query', 'bank', 'send-enabled', 'stos', 'wei', 'gwei', '-o', 'json'])) as { send_enabled: unknown };
    expect(some.send_enabled).toEqual([
      { denom: 'stos', enabled: true },
      { denom: 'gwei', enabled: false },
    ]);
  });

  it('send-enabled --page-key is base64 (the next_key as printed), unlike every other list command', async () => {
    const first = JSON.parse(await ok(['query', 'bank', 'send-enabled', '--limit', '1', '-o', 'json'])) as { send_enabled: unknown[]; pagination: { next_key: string } };
    expect(first).toEqual({ send_enabled: [{ denom: 'gwei', enabled: false }], pagination: { next_key: Buffer.from('stos').toString('base64'), total: '0' } });
    const next = await ok(['query', 'bank', 'send-enabled', '--limit', '1', '--page-key', first.pagination.next_key, '-o', 'json']);
    expect(next).toBe('{"send_enabled":[{"denom":"stos","enabled":true}],"pagination":{"next_key":null,"total":"0"}}\n');
  });
});

describe('refusals', { timeout: 30_000 }, () => {
  const cases: [string, string[], string][] = [
    ['unknown module account', ['query', 'auth', 'module-account', 'nope'], 'rpc error: code = NotFound desc = rpc error: code = NotFound desc = account nope not found: key not found'],
    ['empty module name', ['query', 'auth', 'module-account', ''], 'module name should not be empty'],
    ['non-numeric account number', ['query', 'auth', 'address-by-acc-num', 'abc'], 'strconv.ParseUint: parsing "abc": invalid syntax'],
    ['negative account number', ['query', 'auth', 'address-by-id', '-1'], 'strconv.ParseUint: parsing "-1": invalid syntax'],
    ['account number beyond uint64', ['query', 'auth', 'address-by-acc-num', '18446744073709551616'], 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    ['unknown account number', ['query', 'auth', 'address-by-acc-num', '999'], 'rpc error: code = NotFound desc = rpc error: code = NotFound desc = account address not found with account number 999: key not found'],
    ['accounts: page with offset', ['query', 'auth', 'accounts', '--page', '2', '--offset', '1'], 'page and offset cannot be used together: invalid request'],
    ['metadata of an unknown denom', ['query', 'bank', 'denom-metadata', '--denom', 'ustos'], 'rpc error: code = NotFound desc = rpc error: code = NotFound desc = client metadata for denom ustos: key not found'],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      expect(await fails(args)).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    });
  }

  it('send-enabled with a --page-key that is not base64: the panic of MustFlagSetWithPageKeyDecoded, exit 2', async () => {
    expect(await fails(['query', 'bank', 'send-enabled', '--page-key', 'stos!'])).toEqual({ code: 2, stdout: '', stderr: 'panic: illegal base64 data at input byte 4\n' });
    expect(await fails(['query', 'bank', 'send-enabled', '--page-key', 'a*cd'])).toEqual({ code: 2, stdout: '', stderr: 'panic: illegal base64 data at input byte 1\n' });
  });
});
