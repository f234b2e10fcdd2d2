/**
 * The account keeper's prototype (docs/quirks.md, A1): every account the chain creates is an
 * EthAccount with the empty code hash; genesis accounts keep the type genesis.json gives them;
 * module accounts are ModuleAccounts. Checked in state, the query services, genesis export and
 * re-import, amino JSON and the CosmJS account parser.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { aminoAnyJson } from '../../../src/codec/amino-json.ts';
import { codec, createCodec, type Any } from '../../../src/codec/registry.ts';
import { cosmJsAccountParser } from '../../../src/client/account.ts';
import { REAL } from '../../../src/naming.ts';
import { addressFromBech32 } from '../../../src/crypto/address.ts';
import { EMPTY_CODE_HASH, MODULE_ACCOUNT_PERMISSIONS, moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { validateAuthGenesis, type AccountJson, type AuthGenesis } from '../../../src/modules/auth/genesis.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { balanceOf } from '../../../src/modules/bank/state.ts';
import { genesisWith, msgSend, signed, testKey } from '../../helpers/fixture.ts';

const alice = testKey(0);
const dave = testKey(3);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const T1 = 1_704_067_205_000_000_000n;
/** a contract's code hash, as the EVM keeper would have stored it */
const CONTRACT_CODE_HASH = '0x' + 'ab'.repeat(32);
/** alice (0) and dave (1) from genesis, then the 17 module accounts: the first account the chain creates is 19 */
const FIRST_CREATED = 2n + BigInt(Object.keys(MODULE_ACCOUNT_PERMISSIONS).length);

/** alice is a BaseAccount in genesis, dave an EthAccount with a contract's code hash. */
function genesis() {
  const g = genesisWith([
    [alice.address, 10n ** 21n],
    [dave.address, 7n],
  ]);
  const auth = g.app_state.auth as AuthGenesis;
  auth.accounts[1] = { '@type': '/chain.types.v1.EthAccount', base_account: { address: dave.address, pub_key: null, account_number: '1', sequence: '0' }, code_hash: CONTRACT_CODE_HASH };
  return g;
}

/** alice sends bob (no account yet) 1000 wei in block 1. */
function appAfterSend(): App {
  const app = new App(appModules);
  app.initChain(genesis());
  const res = app.finalizeBlock({ height: 1n, timeNs: T1, proposer: '', txs: [signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 1000n)], fee: FEE })] });
  app.commit();
  expect(res.txResults[0]!.code).toBe(0);
  return app;
}

describe('the account prototype', () => {
  it('the empty code hash is keccak256 of empty input', () => {
    expect(EMPTY_CODE_HASH).toBe('0x' + bytesToHex(keccak_256(new Uint8Array())));
  });

  it('given alice sends to a new address, then the recipient is an EthAccount with the next number and the empty code hash; money is as before', () => {
    const app = appAfterSend();
    expect(getAccount(app.state, bob.address)).toEqual({ address: bob.address, pub_key: null, account_number: FIRST_CREATED, sequence: 0n, code_hash: EMPTY_CODE_HASH });
    expect(FIRST_CREATED).toBe(19n);
    expect(balanceOf(app.state, bob.address, 'wei')).toBe(1000n);
    expect(balanceOf(app.state, alice.address, 'wei')).toBe(10n ** 21n - 1000n - 200000000000000n);
    expect(balanceOf(app.state, moduleAccountAddress('fee_collector'), 'wei')).toBe(200000000000000n);
  });

  it('genesis accounts keep their genesis type (a BaseAccount stays one, also after it signs); module accounts are ModuleAccounts', () => {
    const app = appAfterSend();
    const a = getAccount(app.state, alice.address)!;
    expect(a.code_hash).toBeUndefined();
    expect(a.module).toBeUndefined();
    expect([a.account_number, a.sequence, a.pub_key?.type_url]).toEqual([0n, 1n, '/chain.crypto.v1.ethsecp256k1.PubKey']);
    expect(getAccount(app.state, dave.address)).toEqual({ address: dave.address, pub_key: null, account_number: 1n, sequence: 0n, code_hash: CONTRACT_CODE_HASH });
    const fc = getAccount(app.state, moduleAccountAddress('fee_collector'))!;
    expect(fc.module).toEqual({ name: 'fee_collector', permissions: [] });
    expect(fc.code_hash).toBeUndefined();
  });

  it('the query services pack the three kinds with their own type URLs', () => {
    const app = appAfterSend();
    const accountOf = (address: string) => (app.queryObject('sdk.auth.v1beta1.Query/Account', { address }) as { account: Any }).account;
    expect(accountOf(bob.address).type_url).toBe('/chain.types.v1.EthAccount');
    expect(codec.unpackAny(accountOf(bob.address))).toEqual({
      typeName: 'chain.types.v1.EthAccount',
      value: { base_account: { address: bob.address, pub_key: null, account_number: 19n, sequence: 0n }, code_hash: EMPTY_CODE_HASH },
    });
    expect(accountOf(alice.address).type_url).toBe('/sdk.auth.v1beta1.BaseAccount');
    expect(accountOf(moduleAccountAddress('pot')).type_url).toBe('/sdk.auth.v1beta1.ModuleAccount');
    const list = (app.queryObject('sdk.auth.v1beta1.Query/Accounts', { pagination: null }) as { accounts: Any[] }).accounts;
    const kinds = list.map((any) => any.type_url).reduce<Record<string, number>>((n, t) => ({ ...n, [t]: (n[t] ?? 0) + 1 }), {});
    expect(kinds).toEqual({ '/sdk.auth.v1beta1.BaseAccount': 1, '/chain.types.v1.EthAccount': 2, '/sdk.auth.v1beta1.ModuleAccount': 17 });
    // AccountInfo gives the base account of an account with a pubkey; without one, SDK v0.47 fails packing it
    const info = (app.queryObject('sdk.auth.v1beta1.Query/AccountInfo', { address: alice.address }) as { info: { pub_key: Any | null } }).info;
    expect([info.pub_key?.type_url, info]).toMatchObject(['/chain.crypto.v1.ethsecp256k1.PubKey', { address: alice.address, account_number: 0n, sequence: 1n }]);
    expect(() => app.queryObject('sdk.auth.v1beta1.Query/AccountInfo', { address: bob.address })).toThrow('Expecting non nil value to create a new Any: failed packing protobuf message to Any');
  });
});

describe('genesis export and import', () => {
  it('exports the created account as an EthAccount; a chain started from the export holds the same accounts and exports the same document', () => {
    const app = appAfterSend();
    const exported = app.exportGenesis();
    const accounts = (exported.auth as AuthGenesis).accounts;
    expect(accounts.find((j) => '@type' in j && j['@type'] === '/chain.types.v1.EthAccount' && j.base_account.address === bob.address)).toEqual({
      '@type': '/chain.types.v1.EthAccount',
      base_account: { address: bob.address, pub_key: null, account_number: '19', sequence: '0' },
      code_hash: EMPTY_CODE_HASH,
    });
    const addressOf = (j: AccountJson) => ('base_account' in j ? j.base_account.address : (j as { address: string }).address);
    expect(accounts.find((j) => addressOf(j) === alice.address)).toMatchObject({ '@type': '/sdk.auth.v1beta1.BaseAccount', address: alice.address, account_number: '0', sequence: '1' });
    expect(accounts.find((j) => addressOf(j) === dave.address)).toEqual({
      '@type': '/chain.types.v1.EthAccount',
      base_account: { address: dave.address, pub_key: null, account_number: '1', sequence: '0' },
      code_hash: CONTRACT_CODE_HASH,
    });
    // in store order, as the SDK's IterateAccounts gives them: by address bytes, not by number
    const bytesOf = (address: string) => Buffer.from(addressFromBech32(address, 'st'));
    const addresses = accounts.map(addressOf);
    expect(addresses).toEqual([...addresses].sort((x, y) => Buffer.compare(bytesOf(x), bytesOf(y))));
    // (which differs here: the module accounts were numbered after alice and dave)
    const numbers = accounts.map((j) => Number(('base_account' in j ? j.base_account : (j as { account_number: string })).account_number));
    expect(numbers).not.toEqual([...numbers].sort((x, y) => x - y));

    const again = new App(appModules);
    again.initChain({ ...genesis(), app_state: JSON.parse(JSON.stringify(exported)) });
    for (const address of [alice.address, bob.address, dave.address, moduleAccountAddress('fee_collector')]) {
      expect(getAccount(again.state, address)).toEqual(getAccount(app.state, address));
    }
    expect(again.exportGenesis().auth).toEqual(exported.auth);
  });

  it('refuses an EthAccount whose code hash is not 0x + 64 lowercase hex digits, naming the field', () => {
    const bad: AccountJson = { '@type': '/chain.types.v1.EthAccount', base_account: { address: bob.address, pub_key: null, account_number: '0', sequence: '0' }, code_hash: 'c5d2' };
    expect(() => validateAuthGenesis({ params: (genesis().app_state.auth as AuthGenesis).params, accounts: [bad] })).toThrow(
      'app_state.auth.accounts[0].code_hash: expected 0x + 64 lowercase hex digits',
    );
  });
});

describe('amino JSON', () => {
  const eth = { base_account: { address: bob.address, pub_key: null, account_number: 19n, sequence: 0n }, code_hash: EMPTY_CODE_HASH };

  it('an EthAccount has no amino name on this chain (stratos-chain registers none), in either naming profile', () => {
    expect(() => aminoAnyJson(codec, codec.packAny('chain.types.v1.EthAccount', eth))).toThrow('amino: no concrete type registered for /chain.types.v1.EthAccount');
    const real = createCodec(REAL);
    expect(() => aminoAnyJson(real, real.packAny('chain.types.v1.EthAccount', eth))).toThrow('amino: no concrete type registered for /stratos.types.v1.EthAccount');
  });

  it('a BaseAccount keeps its SDK amino name', () => {
    const any = codec.packAny('sdk.auth.v1beta1.BaseAccount', eth.base_account);
    expect(aminoAnyJson(codec, any)).toEqual({ type: 'sdk/BaseAccount', value: { address: bob.address, account_number: '19' } });
  });
});

describe('cosmJsAccountParser', () => {
  const parse = cosmJsAccountParser();
  const key = Buffer.from('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27', 'hex');
  const pubKey = codec.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key });
  const base = { address: bob.address, pub_key: pubKey, account_number: 19n, sequence: 3n };
  const cosmjsAny = (any: Any) => ({ typeUrl: any.type_url, value: any.value });

  it('reads an EthAccount, a BaseAccount and a ModuleAccount, with the pubkey in amino form', () => {
    const expected = { address: bob.address, pubkey: { type: 'chain/PubKeyEthSecp256k1', value: key.toString('base64') }, accountNumber: 19n, sequence: 3 };
    expect(parse(cosmjsAny(codec.packAny('chain.types.v1.EthAccount', { base_account: base, code_hash: EMPTY_CODE_HASH })))).toEqual(expected);
    expect(parse(cosmjsAny(codec.packAny('sdk.auth.v1beta1.BaseAccount', base)))).toEqual(expected);
    const pot = moduleAccountAddress('pot');
    expect(parse(cosmjsAny(codec.packAny('sdk.auth.v1beta1.ModuleAccount', { base_account: { address: pot, pub_key: null, account_number: 14n, sequence: 0n }, name: 'pot', permissions: ['minter'] })))).toEqual({
      address: pot,
      pubkey: null,
      accountNumber: 14n,
      sequence: 0,
    });
  });

  it('in the real profile it reads the real type URLs', () => {
    const real = createCodec(REAL);
    const any = real.packAny('chain.types.v1.EthAccount', { base_account: { ...base, pub_key: real.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key }) }, code_hash: EMPTY_CODE_HASH });
    expect(any.type_url).toBe('/stratos.types.v1.EthAccount');
    expect(cosmJsAccountParser(real)(cosmjsAny(any)).pubkey).toEqual({ type: 'stratos/PubKeyEthSecp256k1', value: key.toString('base64') });
  });

  it('refuses anything that is not an account, as CosmJS does', () => {
    expect(() => parse(cosmjsAny(pubKey))).toThrow("Unsupported type: '/chain.crypto.v1.ethsecp256k1.PubKey'");
    expect(() => parse({ typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: new Uint8Array() })).toThrow("Unsupported type: '/cosmos.auth.v1beta1.BaseAccount'");
  });
});
