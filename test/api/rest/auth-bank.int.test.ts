/**
 * Given a node at height 2 (alice sent bob 5 wei in block 2), the auth and bank gateway routes
 * answer as the SDK's REST server: exact proto-JSON bodies, pagination by key or offset with the
 * SDK's `total` rules, the height header both ways, and gRPC-status errors.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_WEI, BOB_WEI, alice, bob, call, carol, golden, restFixture, sendTx, type RestFixture } from './rest-node.ts';

const ALICE = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const BOB = 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k';
/** reference/wire-formats.md §3.1: the compressed pubkey of m/44'/606'/0'/0/0 */
const ALICE_PUBKEY = Buffer.from('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27', 'hex').toString('base64');
/** reference/wire-formats.md §1.4 */
const FEE_COLLECTOR = 'st17xpfvakm2amg962yls6f84z3kell8c5lv5hj2q';
const FEE = 200000000000000n;

/** address bytes with an independent bech32 decoder */
const addressBytes = (address: string) => Buffer.from(bech32.fromWords(bech32.decode(address).words));
const HEIGHT = 'grpc-metadata-x-cosmos-block-height';

let f: RestFixture;
beforeAll(async () => {
  f = await restFixture();
  f.node.produceBlock();
  expect((await f.node.broadcastTxSync(sendTx(0n, 5n))).code).toBe(0);
  f.node.produceBlock();
});
afterAll(() => f.close());

describe('auth accounts', () => {
  it('the test keys are the reference addresses', () => {
    expect([alice.address, bob.address]).toEqual([ALICE, BOB]);
  });

  it('an account that has signed carries its ethsecp256k1 pubkey and sequence', async () => {
    const r = await call(f, `/sdk/auth/v1beta1/accounts/${ALICE}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get(HEIGHT)).toBe('2');
    expect(r.text).toBe(
      `{"account":{"@type":"/sdk.auth.v1beta1.BaseAccount","address":"${ALICE}","pub_key":{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"${ALICE_PUBKEY}"},"account_number":"0","sequence":"1"}}`,
    );
  });

  it('a fresh account has a null pubkey', async () => {
    const r = await call(f, `/sdk/auth/v1beta1/accounts/${BOB}`);
    expect(r.text).toBe(`{"account":{"@type":"/sdk.auth.v1beta1.BaseAccount","address":"${BOB}","pub_key":null,"account_number":"1","sequence":"0"}}`);
  });

  it('account_info gives the base account fields', async () => {
    const r = await call(f, `/sdk/auth/v1beta1/account_info/${ALICE}`);
    expect(r.text).toBe(`{"info":{"address":"${ALICE}","pub_key":{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"${ALICE_PUBKEY}"},"account_number":"0","sequence":"1"}}`);
  });

  it('account_info of an account without a pubkey is 500 Internal, as SDK v0.47 packs the missing key', async () => {
    const r = await call(f, `/sdk/auth/v1beta1/account_info/${BOB}`);
    expect([r.status, r.text]).toEqual([500, '{"code":13,"message":"Expecting non nil value to create a new Any: failed packing protobuf message to Any","details":[]}']);
  });

  it('an unknown account is 404 NotFound with the handler text', async () => {
    for (const path of [`/sdk/auth/v1beta1/accounts/${carol.address}`, `/sdk/auth/v1beta1/account_info/${carol.address}`]) {
      const r = await call(f, path);
      expect(r.status).toBe(404);
      expect(r.text).toBe(`{"code":5,"message":"account ${carol.address} not found","details":[]}`);
      expect(r.headers.get(HEIGHT)).toBe('2');
    }
  });

  it('a bad bech32 address is a plain error of the auth query: 500, code 2', async () => {
    const bad = ALICE.slice(0, -1) + (ALICE.endsWith('x') ? 'y' : 'x');
    const r = await call(f, `/sdk/auth/v1beta1/accounts/${bad}`);
    expect(r.status).toBe(500);
    expect(r.json().code).toBe(2);
    expect(r.json().message).toMatch(/^decoding bech32 failed: /);
    expect(r.json().details).toEqual([]);
  });

  it('the state at an earlier height comes with x-cosmos-block-height', async () => {
    const r = await call(f, `/sdk/auth/v1beta1/accounts/${ALICE}`, { headers: { 'x-cosmos-block-height': '1' } });
    expect(r.headers.get(HEIGHT)).toBe('1');
    expect(r.text).toBe(`{"account":{"@type":"/sdk.auth.v1beta1.BaseAccount","address":"${ALICE}","pub_key":null,"account_number":"0","sequence":"0"}}`);
  });

  it('a bad or future height header fails in the query context: 500, code 2, SDK error text', async () => {
    const future = await call(f, '/sdk/auth/v1beta1/params', { headers: { 'x-cosmos-block-height': '3' } });
    expect([future.status, future.text]).toEqual([500, '{"code":2,"message":"codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height","details":[]}']);
    expect(future.headers.get(HEIGHT)).toBeNull();
    const negative = await call(f, '/sdk/auth/v1beta1/params', { headers: { 'x-cosmos-block-height': '-1' } });
    expect(negative.text).toBe('{"code":2,"message":"codespace sdk code 18: invalid request: cannot query with height \\u003c 0; please provide a valid height","details":[]}');
    const garbage = await call(f, '/sdk/auth/v1beta1/params', { headers: { 'x-cosmos-block-height': '0x2' } });
    expect(garbage.text).toBe(
      '{"code":2,"message":"codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header \\"x-cosmos-block-height\\": strconv.ParseInt: parsing \\"0x2\\": invalid syntax","details":[]}',
    );
  });
});

describe('auth lists and lookups', () => {
  it('params', async () => {
    const r = await call(f, '/sdk/auth/v1beta1/params');
    expect(r.text).toBe('{"params":{"max_memo_characters":"256","tx_sig_limit":"7","tx_size_cost_per_byte":"10","sig_verify_cost_ed25519":"590","sig_verify_cost_secp256k1":"1000"}}');
  });

  it('all accounts in address-byte order with a total (no pagination given)', async () => {
    const r = await call(f, '/sdk/auth/v1beta1/accounts');
    await expect(r.text + '\n').toMatchFileSnapshot(golden('auth-accounts.json'));
    const { accounts, pagination } = r.json();
    const addresses: string[] = accounts.map((a: any) => a.address ?? a.base_account.address);
    const hex = addresses.map((a) => addressBytes(a).toString('hex'));
    expect(hex).toEqual([...hex].sort());
    expect(addresses).toContain(ALICE);
    expect(addresses).toContain(FEE_COLLECTOR);
    expect(pagination).toEqual({ next_key: null, total: String(accounts.length) });
    expect(accounts.find((a: any) => a.address === BOB)).toEqual({ '@type': '/sdk.auth.v1beta1.BaseAccount', address: BOB, pub_key: null, account_number: '1', sequence: '0' });
  });

  it('pages by limit, key and offset; total only with count_total on the offset path', async () => {
    const all: any[] = (await call(f, '/sdk/auth/v1beta1/accounts')).json().accounts;
    const keyOf = (a: any) => addressBytes(a.address ?? a.base_account.address).toString('base64');

    const first = (await call(f, '/sdk/auth/v1beta1/accounts?pagination.limit=3')).json();
    expect(first.accounts).toEqual(all.slice(0, 3));
    expect(first.pagination).toEqual({ next_key: keyOf(all[3]), total: '0' });

    const counted = (await call(f, '/sdk/auth/v1beta1/accounts?pagination.limit=3&pagination.count_total=true')).json();
    expect(counted.pagination).toEqual({ next_key: keyOf(all[3]), total: String(all.length) });

    const byKey = (await call(f, `/sdk/auth/v1beta1/accounts?pagination.limit=3&pagination.key=${encodeURIComponent(first.pagination.next_key)}&pagination.count_total=true`)).json();
    expect(byKey.accounts).toEqual(all.slice(3, 6));
    expect(byKey.pagination).toEqual({ next_key: keyOf(all[6]), total: '0' });

    const byOffset = (await call(f, '/sdk/auth/v1beta1/accounts?pagination.offset=3&pagination.limit=3')).json();
    expect(byOffset.accounts).toEqual(all.slice(3, 6));

    const last = (await call(f, `/sdk/auth/v1beta1/accounts?pagination.offset=${all.length - 2}&pagination.limit=5`)).json();
    expect(last.pagination.next_key).toBeNull();

    const reversed = (await call(f, '/sdk/auth/v1beta1/accounts?pagination.reverse=true&pagination.limit=2')).json();
    expect(reversed.accounts).toEqual([all.at(-1), all.at(-2)]);
  });

  it('a query string Go cannot parse is refused by the gateway', async () => {
    const r = await call(f, '/sdk/auth/v1beta1/accounts?pagination.limit=%zz');
    expect([r.status, r.text]).toEqual([400, '{"code":3,"message":"invalid URL escape \\"%zz\\"","details":[]}']);
  });

  it('bad pagination values are the gateway’s 400 with the Go text', async () => {
    const r = await call(f, '/sdk/auth/v1beta1/accounts?pagination.limit=-1');
    expect([r.status, r.text]).toEqual([400, '{"code":3,"message":"strconv.ParseUint: parsing \\"-1\\": invalid syntax","details":[]}']);
    const key = await call(f, '/sdk/auth/v1beta1/accounts?pagination.key=AQ');
    expect([key.status, key.text]).toEqual([400, '{"code":3,"message":"illegal base64 data at input byte 0","details":[]}']);
  });

  it('module accounts: sorted by name, one by name, unknown name 404', async () => {
    const list = await call(f, '/sdk/auth/v1beta1/module_accounts');
    await expect(list.text + '\n').toMatchFileSnapshot(golden('auth-module-accounts.json'));
    const names: string[] = list.json().accounts.map((a: any) => a.name);
    expect(names).toEqual([...names].sort());
    const fc = list.json().accounts.find((a: any) => a.name === 'fee_collector');
    expect(fc.base_account.address).toBe(FEE_COLLECTOR);

    const one = await call(f, '/sdk/auth/v1beta1/module_accounts/fee_collector');
    expect(one.text).toBe(
      `{"account":{"@type":"/sdk.auth.v1beta1.ModuleAccount","base_account":{"address":"${FEE_COLLECTOR}","pub_key":null,"account_number":"${fc.base_account.account_number}","sequence":"0"},"name":"fee_collector","permissions":[]}}`,
    );
    const none = await call(f, '/sdk/auth/v1beta1/module_accounts/nope');
    expect([none.status, none.text]).toEqual([404, '{"code":5,"message":"account nope not found","details":[]}']);
  });

  it('bech32 prefix, and bytes → string for both bech32 routes (the first registered wins)', async () => {
    expect((await call(f, '/sdk/auth/v1beta1/bech32')).text).toBe('{"bech32_prefix":"st"}');
    // URL-safe alphabet, padded: the gateway's runtime.Bytes accepts it and it fits in a path segment
    const b64 = addressBytes(ALICE).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    expect((await call(f, `/sdk/auth/v1beta1/bech32/${b64}`)).text).toBe(`{"address_string":"${ALICE}"}`);
  });

  it('address_by_id: the path id is deprecated, account_id looks up', async () => {
    expect((await call(f, '/sdk/auth/v1beta1/address_by_id/0?account_id=1')).text).toBe(`{"account_address":"${BOB}"}`);
    const deprecated = await call(f, '/sdk/auth/v1beta1/address_by_id/1');
    expect([deprecated.status, deprecated.text]).toEqual([400, '{"code":3,"message":"requesting with id isn\'t supported, try to request using account-id","details":[]}']);
    const missing = await call(f, '/sdk/auth/v1beta1/address_by_id/0?account_id=999');
    expect([missing.status, missing.text]).toEqual([404, '{"code":5,"message":"account address not found with account number 999","details":[]}']);
    const bad = await call(f, '/sdk/auth/v1beta1/address_by_id/x1');
    expect([bad.status, bad.text]).toEqual([400, '{"code":3,"message":"type mismatch, parameter: id, error: strconv.ParseInt: parsing \\"x1\\": invalid syntax","details":[]}']);
  });
});

describe('bank', () => {
  const aliceNow = ALICE_WEI - 5n - FEE;
  const bobNow = BOB_WEI + 5n;
  const supply = ALICE_WEI + BOB_WEI;

  it('balances with a total when no pagination is given, and without one for an explicit limit', async () => {
    const r = await call(f, `/sdk/bank/v1beta1/balances/${BOB}`);
    expect(r.text).toBe(`{"balances":[{"denom":"wei","amount":"${bobNow}"}],"pagination":{"next_key":null,"total":"1"}}`);
    const limited = await call(f, `/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=1`);
    expect(limited.text).toBe(`{"balances":[{"denom":"wei","amount":"${aliceNow}"}],"pagination":{"next_key":null,"total":"0"}}`);
    const spendable = await call(f, `/sdk/bank/v1beta1/spendable_balances/${BOB}`);
    expect(spendable.text).toBe(`{"balances":[{"denom":"wei","amount":"${bobNow}"}],"pagination":{"next_key":null,"total":"1"}}`);
  });

  it('an empty account has no balances', async () => {
    expect((await call(f, `/sdk/bank/v1beta1/balances/${carol.address}`)).text).toBe('{"balances":[],"pagination":{"next_key":null,"total":"0"}}');
  });

  it('balance by denom, and zero for a denom not held', async () => {
    expect((await call(f, `/sdk/bank/v1beta1/balances/${BOB}/by_denom?denom=wei`)).text).toBe(`{"balance":{"denom":"wei","amount":"${bobNow}"}}`);
    expect((await call(f, `/sdk/bank/v1beta1/balances/${BOB}/by_denom?denom=gwei`)).text).toBe('{"balance":{"denom":"gwei","amount":"0"}}');
  });

  it('spendable balance by denom', async () => {
    expect((await call(f, `/sdk/bank/v1beta1/spendable_balances/${ALICE}/by_denom?denom=wei`)).text).toBe(`{"balance":{"denom":"wei","amount":"${aliceNow}"}}`);
  });

  it('denom metadata of an unknown denom is 404', async () => {
    const r = await call(f, '/sdk/bank/v1beta1/denoms_metadata/wei');
    expect([r.status, r.text]).toEqual([404, '{"code":5,"message":"client metadata for denom wei","details":[]}']);
  });

  it('balances at an earlier height', async () => {
    const r = await call(f, `/sdk/bank/v1beta1/balances/${BOB}`, { headers: { 'x-cosmos-block-height': '1' } });
    expect(r.headers.get(HEIGHT)).toBe('1');
    expect(r.text).toBe(`{"balances":[{"denom":"wei","amount":"${BOB_WEI}"}],"pagination":{"next_key":null,"total":"1"}}`);
  });

  it('a bad address is InvalidArgument (400) with the Go text of sdk.AccAddressFromBech32, in every bank route that takes one', async () => {
    // x/bank/keeper/grpc_query.go: status.Errorf(codes.InvalidArgument, "invalid address: %s", err)
    const operator = bech32.encode('stvaloper', bech32.decode(ALICE).words); // alice's bytes, operator prefix
    const badChecksum = ALICE.slice(0, -1) + 'y'; // ALICE ends in "6945zx"
    const cases: [string, string][] = [
      [operator, 'invalid address: invalid Bech32 prefix; expected st, got stvaloper'],
      [badChecksum, 'invalid address: decoding bech32 failed: invalid checksum (expected 6945zx got 6945zy)'],
      ['st1bad', 'invalid address: decoding bech32 failed: invalid bech32 string length 6'],
      ['', 'invalid address: empty address string is not allowed'],
    ];
    for (const [address, message] of cases) {
      for (const path of [
        `/sdk/bank/v1beta1/balances/${address}`,
        `/sdk/bank/v1beta1/balances/${address}/by_denom?denom=wei`,
        `/sdk/bank/v1beta1/spendable_balances/${address}`,
        `/sdk/bank/v1beta1/spendable_balances/${address}/by_denom?denom=wei`,
      ]) {
        if (address === '' && path.includes('/by_denom')) continue; // `balances//by_denom`: the SDK's router (gorilla/mux) redirects a path with `//`
        const r = await call(f, path);
        expect([path, r.status, r.text]).toEqual([path, 400, JSON.stringify({ code: 3, message, details: [] })]);
        expect(r.headers.get(HEIGHT)).toBe('2');
      }
    }
  });

  it('Balance checks the denom before the address, SpendableBalanceByDenom the address first (SDK v0.47)', async () => {
    const operator = bech32.encode('stvaloper', bech32.decode(ALICE).words);
    const balance = await call(f, `/sdk/bank/v1beta1/balances/${operator}/by_denom`);
    expect([balance.status, balance.text]).toEqual([400, '{"code":3,"message":"invalid denom: ","details":[]}']);
    const spendable = await call(f, `/sdk/bank/v1beta1/spendable_balances/${operator}/by_denom`);
    expect([spendable.status, spendable.text]).toEqual([400, '{"code":3,"message":"invalid address: invalid Bech32 prefix; expected st, got stvaloper","details":[]}']);
  });

  it('key and offset together are refused', async () => {
    // x/bank/keeper/grpc_query.go AllBalances: status InvalidArgument "paginate: %v"
    const r = await call(f, `/sdk/bank/v1beta1/balances/${BOB}?pagination.key=d2Vp&pagination.offset=1`);
    expect([r.status, r.text]).toEqual([400, '{"code":3,"message":"paginate: invalid request, either offset or key is expected, got both","details":[]}']);
  });

  it('key and offset together: auth accounts and bank supply wrap the refusal as Internal, as their handlers do', async () => {
    // x/auth/keeper/grpc_query.go Accounts: status Internal "paginate: %v"
    const accounts = await call(f, '/sdk/auth/v1beta1/accounts?pagination.key=AAAA&pagination.offset=1');
    expect([accounts.status, accounts.text]).toEqual([500, '{"code":13,"message":"paginate: invalid request, either offset or key is expected, got both","details":[]}']);
    // x/bank/keeper/grpc_query.go TotalSupply: status Internal with GetPaginatedTotalSupply's error as it is
    const supply = await call(f, '/sdk/bank/v1beta1/supply?pagination.key=AAAA&pagination.offset=1');
    expect([supply.status, supply.text]).toEqual([500, '{"code":13,"message":"invalid request, either offset or key is expected, got both","details":[]}']);
  });

  it('supply, supply of a denom, params', async () => {
    expect((await call(f, '/sdk/bank/v1beta1/supply')).text).toBe(`{"supply":[{"denom":"wei","amount":"${supply}"}],"pagination":{"next_key":null,"total":"1"}}`);
    expect((await call(f, '/sdk/bank/v1beta1/supply/by_denom?denom=wei')).text).toBe(`{"amount":{"denom":"wei","amount":"${supply}"}}`);
    expect((await call(f, '/sdk/bank/v1beta1/params')).text).toBe('{"params":{"send_enabled":[],"default_send_enabled":true}}');
  });

  it('a missing denom parameter is an invalid denom', async () => {
    const r = await call(f, '/sdk/bank/v1beta1/supply/by_denom');
    expect([r.status, r.text]).toEqual([400, '{"code":3,"message":"invalid denom: ","details":[]}']);
  });

  it('denom metadata, denom owners, send enabled', async () => {
    expect((await call(f, '/sdk/bank/v1beta1/denoms_metadata')).text).toBe('{"metadatas":[],"pagination":{"next_key":null,"total":"0"}}');
    const owners = await call(f, '/sdk/bank/v1beta1/denom_owners/wei');
    await expect(owners.text + '\n').toMatchFileSnapshot(golden('bank-denom-owners.json'));
    const list: { address: string; balance: { amount: string } }[] = owners.json().denom_owners;
    expect(list.find((o) => o.address === ALICE)?.balance).toEqual({ denom: 'wei', amount: String(aliceNow) });
    expect(list.find((o) => o.address === BOB)?.balance).toEqual({ denom: 'wei', amount: String(bobNow) });
    expect(list.find((o) => o.address === FEE_COLLECTOR)?.balance).toEqual({ denom: 'wei', amount: String(FEE) });
    expect(list.reduce((s, o) => s + BigInt(o.balance.amount), 0n)).toBe(supply);
    expect((await call(f, '/sdk/bank/v1beta1/send_enabled')).text).toBe('{"send_enabled":[],"pagination":{"next_key":null,"total":"0"}}');
  });
});
