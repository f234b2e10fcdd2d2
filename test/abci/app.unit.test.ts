import { describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { appModules } from '../../src/abci/modules.ts';
import { balanceOf } from '../../src/modules/bank/state.ts';
import { getAccount } from '../../src/modules/auth/state.ts';
import { moduleAccountAddress } from '../../src/modules/auth/account.ts';
import { genesisWith, msgSend, signed, testKey, CHAIN_ID } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const T1 = 1_704_067_205_000_000_000n;
const FEE = [{ denom: 'wei', amount: '200000000000000' }];

function newApp() {
  const app = new App(appModules);
  app.initChain(genesisWith([[alice.address, 10n ** 21n]]));
  return app;
}

function deliver(app: App, txs: Uint8Array[]) {
  const res = app.finalizeBlock({ height: app.height + 1n, timeNs: T1, proposer: '', txs });
  app.commit();
  return res;
}

describe('App: given a genesis with one funded account', () => {
  it('when alice sends to a new address, then balances, fee, sequence and events are exact', () => {
    const app = newApp();
    const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 1000n)], fee: FEE });
    const res = deliver(app, [tx]);
    const r = res.txResults[0]!;
    expect(r.code).toBe(0);
    expect(balanceOf(app.state, bob.address, 'wei')).toBe(1000n);
    expect(balanceOf(app.state, alice.address, 'wei')).toBe(10n ** 21n - 1000n - 200000000000000n);
    expect(balanceOf(app.state, moduleAccountAddress('fee_collector'), 'wei')).toBe(200000000000000n);
    expect(getAccount(app.state, alice.address)!.sequence).toBe(1n);
    expect(getAccount(app.state, alice.address)!.pub_key!.type_url).toBe('/chain.crypto.v1.ethsecp256k1.PubKey');
    // bob's account was created by the transfer, with the next account number
    expect(getAccount(app.state, bob.address)!.account_number).toBeGreaterThan(0n);
    const types = r.events.map((e) => e.type);
    expect(types).toEqual(['coin_spent', 'coin_received', 'transfer', 'message', 'tx', 'tx', 'tx', 'message', 'coin_spent', 'coin_received', 'transfer', 'message']);
    const msgEvent = r.events[7]!;
    expect(msgEvent.attributes).toEqual([
      { key: 'action', value: '/sdk.bank.v1beta1.MsgSend', index: true },
      { key: 'sender', value: alice.address, index: true },
      { key: 'module', value: 'bank', index: true },
    ]);
    expect(r.events[5]!.attributes[0]).toEqual({ key: 'acc_seq', value: `${alice.address}/0`, index: true });
    expect(JSON.parse(r.log)[0].msg_index).toBe(0);
    expect(r.gas_used).toBeGreaterThan(21000n);
    expect(r.gas_used).toBeLessThanOrEqual(200000n);
  });

  it('when the sequence is wrong, then code 32 with the SDK text and no state change', () => {
    const app = newApp();
    const before = app.state;
    const tx = signed(alice, 0n, 1n, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE });
    const r = deliver(app, [tx]).txResults[0]!;
    expect([r.codespace, r.code]).toEqual(['sdk', 32]);
    expect(r.log).toBe('account sequence mismatch, expected 0, got 1: incorrect account sequence');
    expect(app.state.bank).toEqual(before.bank);
  });

  it('when signed for another chain id, then code 4 naming account number, sequence and chain id', () => {
    const app = newApp();
    const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE }, { chainId: 'other-chain' });
    const r = deliver(app, [tx]).txResults[0]!;
    expect(r.code).toBe(4);
    expect(r.log).toBe(`signature verification failed; please verify account number (0), sequence (0) and chain-id (${CHAIN_ID}): unauthorized`);
  });

  it('when the send exceeds the balance, then code 5, the fee is kept and the sequence bumped', () => {
    const app = newApp();
    const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 10n ** 22n)], fee: FEE });
    const r = deliver(app, [tx]).txResults[0]!;
    expect(r.code).toBe(5);
    expect(r.log).toBe(`failed to execute message; message index: 0: spendable balance ${10n ** 21n - 200000000000000n}wei is smaller than ${10n ** 22n}wei: insufficient funds`);
    expect(balanceOf(app.state, alice.address, 'wei')).toBe(10n ** 21n - 200000000000000n);
    expect(getAccount(app.state, alice.address)!.sequence).toBe(1n);
    expect(r.events.map((e) => e.type)).toEqual(['coin_spent', 'coin_received', 'transfer', 'message', 'tx', 'tx', 'tx']);
  });

  it('when the second message fails, then the first is rolled back too', () => {
    const app = newApp();
    const tx = signed(alice, 0n, 0n, {
      messages: [msgSend(alice.address, bob.address, 5n), msgSend(alice.address, bob.address, 10n ** 22n)],
      fee: FEE,
    });
    const r = deliver(app, [tx]).txResults[0]!;
    expect(r.code).toBe(5);
    expect(r.log.startsWith('failed to execute message; message index: 1: ')).toBe(true);
    expect(balanceOf(app.state, bob.address, 'wei')).toBe(0n);
  });

  it('amino-json signatures verify too', () => {
    const app = newApp();
    const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 7n)], fee: FEE }, { mode: 'amino-json' });
    const r = deliver(app, [tx]).txResults[0]!;
    expect(r.log).not.toContain('unauthorized');
    expect(r.code).toBe(0);
    expect(balanceOf(app.state, bob.address, 'wei')).toBe(7n);
  });

  it('garbage bytes are a decode error (code 2) with no state change', () => {
    const app = newApp();
    const before = app.state;
    const r = deliver(app, [new Uint8Array([1, 2, 3, 4])]).txResults[0]!;
    expect([r.codespace, r.code]).toEqual(['sdk', 2]);
    expect(app.state.auth).toEqual(before.auth);
  });

  it('out of gas is code 11 and keeps the fee', () => {
    const app = newApp();
    const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE, gasLimit: 30000n });
    const r = deliver(app, [tx]).txResults[0]!;
    expect(r.code).toBe(11);
    expect(r.log).toMatch(/^out of gas in location: .*; gasWanted: 30000, gasUsed: \d+: out of gas$/);
  });
});

describe('App.query: how a failing query handler answers (reference/sdk-modules.md §1.3, ABCI query path)', () => {
  it('a plain error (a bad bech32 address) is ErrInvalidRequest (18) with the error text, as baseapp wraps it', () => {
    const app = newApp();
    const AUTH = 'sdk.auth.v1beta1';
    const res = app.query(`/${AUTH}.Query/Account`, app.codec.encode(`${AUTH}.QueryAccountRequest`, { address: 'st1xyz' }));
    expect([res.code, res.codespace, res.log]).toEqual([18, 'sdk', 'decoding bech32 failed: invalid bech32 string length 6: invalid request']);
    // a gRPC status keeps its mapping: an unknown account is NotFound → ErrKeyNotFound (22)
    const missing = app.query(`/${AUTH}.Query/Account`, app.codec.encode(`${AUTH}.QueryAccountRequest`, { address: bob.address }));
    expect([missing.code, missing.log]).toEqual([22, `rpc error: code = NotFound desc = account ${bob.address} not found: key not found`]);
  });

  it('a throw that is no chain error (a bug: the Go handler panics) is ErrPanic (undefined/111222), as BaseApp.Query recovers it; the app goes on', () => {
    const BANK = 'sdk.bank.v1beta1';
    const broken = appModules.modules.map((m) =>
      m.name !== 'bank' ? m : { ...m, queries: m.queries!.map((q) => (q.method !== `${BANK}.Query/Balance` ? q : { ...q, run: () => (undefined as unknown as { amount: bigint }).amount })) },
    );
    const app = new App({ ...appModules, modules: broken });
    app.initChain(genesisWith([[alice.address, 10n ** 21n]]));
    const res = app.query(`/${BANK}.Query/Balance`, app.codec.encode(`${BANK}.QueryBalanceRequest`, { address: alice.address, denom: 'wei' }));
    expect([res.code, res.codespace, res.log]).toEqual([111222, 'undefined', "Cannot read properties of undefined (reading 'amount'): panic"]);
    // gRPC and REST report it as the Unknown status with the text
    expect(res.status).toEqual({ code: 2, message: "Cannot read properties of undefined (reading 'amount')" });
    const other = app.query(`/${BANK}.Query/AllBalances`, app.codec.encode(`${BANK}.QueryAllBalancesRequest`, { address: alice.address }));
    expect(other.code).toBe(0);
  });
});
