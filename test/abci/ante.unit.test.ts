import { describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { appModules } from '../../src/abci/modules.ts';
import { Dec } from '../../src/math/dec.ts';
import { signTx } from '../../src/client/sign-tx.ts';
import { codec } from '../../src/codec/registry.ts';
import { decodeTxRaw, encodeTxRaw } from '../../src/codec/tx.ts';
import { balanceOf } from '../../src/modules/bank/state.ts';
import { getAccount } from '../../src/modules/auth/state.ts';
import { CHAIN_ID, genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const carol = testKey(2);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const send = (amount = 1n) => ({ messages: [msgSend(alice.address, bob.address, amount)], fee: FEE });

function appWith(balances: [string, bigint][] = [[alice.address, 10n ** 21n]], minGasPrices: { denom: string; amount: Dec }[] = []) {
  const app = new App({ ...appModules, minGasPrices });
  app.initChain(genesisWith(balances));
  return app;
}

function deliverOne(app: App, tx: Uint8Array) {
  const r = app.finalizeBlock({ height: app.height + 1n, timeNs: 1_704_067_205_000_000_000n, proposer: '', txs: [tx] }).txResults[0]!;
  app.commit();
  return r;
}

/** Then: the tx failed with this code and text and changed nothing. */
function expectRejected(app: App, tx: Uint8Array, code: number, log: string | RegExp) {
  const before = app.state;
  const r = deliverOne(app, tx);
  expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'sdk', code });
  if (typeof log === 'string') expect(r.log).toBe(log);
  else expect(r.log).toMatch(log);
  expect(app.state.auth).toEqual(before.auth);
  expect(app.state.bank).toEqual(before.bank);
  expect(r.events).toEqual([]);
}

describe('ante: each failure is the SDK error and leaves no trace', () => {
  it('CheckTx: fee below gas × minimum gas price → code 13', () => {
    const app = appWith(undefined, [{ denom: 'wei', amount: Dec.fromString('1000000000') }]);
    const tx = signed(alice, 0n, 0n, { ...send(), fee: [{ denom: 'wei', amount: '199999999999999' }] });
    const r = app.checkTx(tx);
    expect([r.code, r.log]).toEqual([13, 'insufficient fees; got: 199999999999999wei required: 200000000000000wei: insufficient fee']);
    expect(app.checkTx(signed(alice, 0n, 0n, send())).code).toBe(0);
  });

  it('fee larger than the balance → code 5', () => {
    const app = appWith([[alice.address, 1000n]]);
    expectRejected(app, signed(alice, 0n, 0n, send()), 5, 'spendable balance 1000wei is smaller than 200000000000000wei: insufficient funds: insufficient funds');
  });

  it('unknown signer account → code 9', () => {
    const app = appWith();
    const tx = signTx({ messages: [msgSend(carol.address, bob.address, 1n)], fee: FEE }, { chainId: CHAIN_ID, signers: [{ privKey: carol.priv, accountNumber: 0n, sequence: 0n }] });
    expectRejected(app, tx, 9, `fee payer address: ${carol.address} does not exist: unknown address`);
  });

  it('signer key that is not the sender → code 8', () => {
    const app = appWith([[alice.address, 10n ** 21n], [bob.address, 10n ** 21n]]);
    const tx = signTx(send(), { chainId: CHAIN_ID, signers: [{ privKey: bob.priv, accountNumber: 0n, sequence: 0n }] });
    expectRejected(app, tx, 8, `pubKey does not match signer address ${alice.address} with signer index: 0: invalid pubkey`);
  });

  it('memo longer than max_memo_characters → code 12', () => {
    const app = appWith();
    expectRejected(app, signed(alice, 0n, 0n, { ...send(), memo: 'x'.repeat(257) }), 12, 'maximum number of characters is 256 but received 257 characters: memo too large');
  });

  it('timeout height passed → code 30', () => {
    const app = appWith();
    deliverOne(app, signed(alice, 0n, 0n, send()));
    expectRejected(app, signed(alice, 0n, 1n, { ...send(), timeoutHeight: 1n }), 30, 'block height: 2, timeout height: 1: tx timeout height');
  });

  it('no signatures → code 15; wrong number → code 4', () => {
    const app = appWith();
    const tx = decodeTxRaw(signed(alice, 0n, 0n, send()));
    const none = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [] });
    expectRejected(app, none, 15, 'no signatures supplied');
    const two = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [tx.signatures[0]!, tx.signatures[0]!] });
    expectRejected(app, two, 4, 'wrong number of signers; expected 1, got 2: unauthorized');
  });

  it('a tampered signature → code 4', () => {
    const app = appWith();
    const tx = decodeTxRaw(signed(alice, 0n, 0n, send()));
    const sig = Uint8Array.from(tx.signatures[0]!);
    sig[10] ^= 1;
    const bad = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [sig] });
    expectRejected(app, bad, 4, `signature verification failed; please verify account number (0), sequence (0) and chain-id (${CHAIN_ID}): unauthorized`);
  });

  it('zero gas limit → out of gas in txSize (code 11), as SetUpContext meters before the fee check', () => {
    const app = appWith();
    expectRejected(app, signed(alice, 0n, 0n, { ...send(), gasLimit: 0n }), 11, /^out of gas in location: txSize; gasWanted: 0, gasUsed: \d+: out of gas$/);
  });

  it('a message type without a handler → code 2; an empty tx → code 18', () => {
    const app = appWith();
    const unknown = signTx({ messages: [{ typeName: 'sdk.bank.v1beta1.MsgMultiSend', value: { inputs: [], outputs: [] } }], fee: FEE }, { chainId: CHAIN_ID, signers: [{ privKey: alice.priv, accountNumber: 0n, sequence: 0n }] });
    expectRejected(app, unknown, 2, /^unable to resolve type URL \/sdk\.bank\.v1beta1\.MsgMultiSend: tx parse error$/);
    const empty = signTx({ messages: [], fee: FEE }, { chainId: CHAIN_ID, signers: [{ privKey: alice.priv, accountNumber: 0n, sequence: 0n }] });
    expectRejected(app, empty, 18, 'must contain at least one message: invalid request');
  });

  it('MsgSend to a bad address or of zero coins → ValidateBasic codes 7 and 10', () => {
    const app = appWith();
    const badTo = { messages: [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: alice.address, to_address: 'st1notanaddress', amount: [{ denom: 'wei', amount: '1' }] } }], fee: FEE };
    expectRejected(app, signed(alice, 0n, 0n, badTo), 7, /^invalid to address: .*: invalid address$/);
    expectRejected(app, signed(alice, 0n, 0n, send(0n)), 10, '0wei: invalid coins');
  });

  it('a send to a blocked module account → code 4 after the fee is taken', () => {
    const app = appWith();
    const r = deliverOne(app, signed(alice, 0n, 0n, { messages: [msgSend(alice.address, 'st1wjj3c08flup92g6c3swpmcwd4xzul9hu5wehxc', 1n)], fee: FEE }));
    expect(r.code).toBe(4);
    expect(r.log).toBe('failed to execute message; message index: 0: st1wjj3c08flup92g6c3swpmcwd4xzul9hu5wehxc is not allowed to receive funds: unauthorized');
    expect(getAccount(app.state, alice.address)!.sequence).toBe(1n);
    expect(balanceOf(app.state, alice.address, 'wei')).toBe(10n ** 21n - 200000000000000n);
  });

  it('CheckTx keeps sequence bumps for the next tx of the same sender; a replayed tx fails there', () => {
    const app = appWith();
    const tx0 = signed(alice, 0n, 0n, send());
    expect(app.checkTx(tx0).code).toBe(0);
    expect(app.checkTx(signed(alice, 0n, 1n, send())).code).toBe(0);
    expect(app.checkTx(tx0).code).toBe(32);
  });
});

describe('simulate', () => {
  it('refuses a tx without signatures (15), as SDK v0.47 runs ValidateBasicDecorator when simulating; an empty signature per signer passes', () => {
    const app = appWith();
    const tx = decodeTxRaw(signed(alice, 0n, 0n, send()));
    const none = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [] });
    const r = app.simulate(none);
    expect([r.code, r.codespace, r.log]).toEqual([15, 'sdk', 'no signatures supplied']);
    const res = app.query('/sdk.tx.v1beta1.Service/Simulate', codec.encode('sdk.tx.v1beta1.SimulateRequest', { tx_bytes: none }));
    expect([res.code, res.log]).toEqual([6, "rpc error: code = Unknown desc = no signatures supplied With gas wanted: '18446744073709551615' and gas used: '0' : unknown request"]);
    const two = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [new Uint8Array(0), new Uint8Array(0)] });
    expect([app.simulate(two).code, app.simulate(two).log]).toEqual([4, 'wrong number of signers; expected 1, got 2: unauthorized']);
    const one = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [new Uint8Array(0)] });
    expect(app.simulate(one).code).toBe(0);
  });

  it('reports gas without signatures being checked and without changing state', () => {
    const app = appWith();
    const tx = decodeTxRaw(signed(alice, 0n, 0n, send()));
    const unsigned = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [new Uint8Array(0)] });
    const before = app.state;
    const r = app.simulate(unsigned);
    expect(r.code).toBe(0);
    expect(r.gas_used).toBeGreaterThan(0n);
    expect(app.state).toBe(before);
  });
});

describe('simulating a signed tx (SDK ConsumeTxSizeGasDecorator skips the surcharge of a filled-in signature)', () => {
  it('a signed tx simulates to the gas its delivery uses; an empty signature adds the size of a full StdSignature + 6, × tx_size_cost_per_byte', () => {
    const app = appWith();
    // the account's pubkey is stored by a first tx, so that both runs read the same account
    expect(deliverOne(app, signed(alice, 0n, 0n, send())).code).toBe(0);
    const bytes = signed(alice, 0n, 1n, send());
    const tx = decodeTxRaw(bytes);
    const unsigned = encodeTxRaw({ body_bytes: tx.bodyBytes, auth_info_bytes: tx.authInfoBytes, signatures: [new Uint8Array(0)] });
    const signedGas = app.simulate(bytes).gas_used;
    const unsignedGas = app.simulate(unsigned).gas_used;
    const delivered = deliverOne(app, bytes);
    expect(delivered.code).toBe(0);
    expect(signedGas).toBe(delivered.gas_used);
    // amino StdSignature of a 33-byte key: 2 + (4 + 1 + 33) + 2 + 64 = 106, + 6; 10 gas a byte; the
    // unsigned tx is 64 bytes shorter (the signature), which its simulation does not pay for
    expect(unsignedGas - signedGas).toBe(10n * 112n - 10n * 64n);
  });
});

describe('/app queries (baseapp handleQueryApp)', () => {
  it('/app/simulate answers the SimulationResponse as proto-JSON; /app/version the app version (none); others are unknown requests', () => {
    const app = appWith();
    const bytes = signed(alice, 0n, 0n, send());
    const sim = app.query('/app/simulate', bytes);
    expect([sim.code, sim.codespace]).toEqual([0, 'sdk']);
    const json = JSON.parse(new TextDecoder().decode(sim.value)) as { gas_info: { gas_wanted: string; gas_used: string }; result: { log: string; events: unknown[]; msg_responses: { '@type': string }[] } };
    expect(Object.keys(json)).toEqual(['gas_info', 'result']);
    expect(json.gas_info).toEqual({ gas_wanted: '18446744073709551615', gas_used: app.simulate(bytes).gas_used.toString() });
    expect(Object.keys(json.result)).toEqual(['data', 'log', 'events', 'msg_responses']);
    expect(json.result.msg_responses.map((m) => m['@type'])).toEqual(['/sdk.bank.v1beta1.MsgSendResponse']);
    const bad = app.query('/app/simulate', new Uint8Array([1, 2, 3]));
    expect([bad.code, bad.log.startsWith('failed to simulate tx: ')]).toEqual([2, true]);
    const version = app.query('/app/version', new Uint8Array(0));
    expect([version.code, version.value.length]).toEqual([0, 0]);
    expect([app.query('/app', new Uint8Array(0)).code, app.query('/app', new Uint8Array(0)).log]).toEqual([6, "expected second parameter to be either 'simulate' or 'version', neither was present: unknown request"]);
    expect(app.query('/app/other', new Uint8Array(0)).log).toBe('unknown query: [app other]: unknown request');
  });
});

describe('abci_query paths', () => {
  it('answers Simulate and accepts the real network path words', () => {
    const app = appWith();
    const txBytes = signed(alice, 0n, 0n, send());
    const req = codec.encode('sdk.tx.v1beta1.SimulateRequest', { tx_bytes: txBytes });
    for (const path of ['/sdk.tx.v1beta1.Service/Simulate', '/cosmos.tx.v1beta1.Service/Simulate']) {
      const res = app.query(path, req);
      expect(res.code).toBe(0);
      const out = codec.decode('sdk.tx.v1beta1.SimulateResponse', res.value) as { gas_info: { gas_used: bigint; gas_wanted: bigint } };
      expect(out.gas_info.gas_wanted).toBe(18446744073709551615n);
      expect(out.gas_info.gas_used).toBeGreaterThan(21000n);
    }
    // a tx that does not decode fails before the ante gives the simulation its infinite meter: gas wanted 0
    const garbage = app.query('/sdk.tx.v1beta1.Service/Simulate', codec.encode('sdk.tx.v1beta1.SimulateRequest', { tx_bytes: new Uint8Array([1, 2, 3]) }));
    expect([garbage.code, garbage.log]).toEqual([6, expect.stringMatching(/ With gas wanted: '0' and gas used: '0' : unknown request$/)]);
    const bal = app.query('/cosmos.bank.v1beta1.Query/Balance', codec.encode('sdk.bank.v1beta1.QueryBalanceRequest', { address: alice.address, denom: 'wei' }));
    expect(bal.code).toBe(0);
    const missing = app.query('/sdk.auth.v1beta1.Query/Account', codec.encode('sdk.auth.v1beta1.QueryAccountRequest', { address: bob.address }));
    expect([missing.code, missing.codespace, missing.log]).toEqual([22, 'sdk', `rpc error: code = NotFound desc = account ${bob.address} not found: key not found`]);
    expect(missing.height).toBe(0n);
  });
});

describe('ValidateBasicDecorator: Tx.ValidateBasic fee rules in SDK v0.47 order and texts', () => {
  const GAS = 200000n;
  const check = (app: App, tx: Uint8Array) => {
    const r = app.checkTx(tx);
    return [r.code, r.codespace, r.log, r.gas_wanted];
  };
  const withFee = (fee: { denom: string; amount: string }[], payer = '') => signed(alice, 0n, 0n, { ...send(), fee, payer, gasLimit: GAS });

  it('a negative fee is "invalid fee provided" (13) before the minimum-gas-price check, with the gas limit as gas wanted', () => {
    const app = appWith(undefined, [{ denom: 'wei', amount: Dec.fromString('1000000000') }]);
    expect(check(app, withFee([{ denom: 'wei', amount: '-1' }]))).toEqual([13, 'sdk', 'invalid fee provided: -1wei: insufficient fee', GAS]);
    expect(check(app, withFee([{ denom: 'foo', amount: '5' }, { denom: 'wei', amount: '-1' }]))).toEqual([13, 'sdk', 'invalid fee provided: 5foo,-1wei: insufficient fee', GAS]);
    // a fee the minimum gas prices do not cover is still the DeductFeeDecorator's text
    expect(check(app, withFee([{ denom: 'wei', amount: '1' }]))).toEqual([13, 'sdk', 'insufficient fees; got: 1wei required: 200000000000000wei: insufficient fee', GAS]);
  });

  it('a fee payer that does not parse is "Invalid fee payer address (<AccAddressFromBech32 error>)" (7), checked after the amounts', () => {
    const app = appWith();
    expect(check(app, withFee(FEE, 'xyz'))).toEqual([7, 'sdk', 'Invalid fee payer address (decoding bech32 failed: invalid bech32 string length 3): invalid address', GAS]);
    expect(alice.address).toBe('st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx');
    expect(check(app, withFee(FEE, 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zq'))[2]).toBe(
      'Invalid fee payer address (decoding bech32 failed: invalid checksum (expected 6945zx got 6945zq)): invalid address',
    );
    expect(check(app, withFee(FEE, 'stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d'))[2]).toBe(
      'Invalid fee payer address (invalid Bech32 prefix; expected st, got stvaloper): invalid address',
    );
    expect(check(app, withFee([{ denom: 'wei', amount: '-1' }], 'xyz'))).toEqual([13, 'sdk', 'invalid fee provided: -1wei: insufficient fee', GAS]);
  });

  it('a gas limit above MaxGasWanted (2^63 − 1) → 18', () => {
    const app = appWith();
    const tx = signed(alice, 0n, 0n, { ...send(), gasLimit: 1n << 63n });
    expect(app.checkTx(tx).log).toBe('invalid gas supplied; 9223372036854775808 > 9223372036854775807: invalid request');
    expect(app.checkTx(tx).code).toBe(18);
  });
});
