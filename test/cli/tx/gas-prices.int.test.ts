/**
 * `--gas auto` and `--dry-run` with `--gas-prices`, against a node whose `minimum-gas-prices` is
 * 1 gwei (the default of `chaind start`). Given alice and bob funded at genesis, when a tx command
 * asks for a simulated gas limit and a gas price, then the CLI simulates (with a zero fee, which the
 * ante neither checks against the minimum nor deducts when simulating), signs with ⌊adjustment ×
 * gas used⌋ and fee = gas × price in wei, and the node accepts and charges exactly that.
 */
import { decodeTxRaw } from '@cosmjs/proto-signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../../src/math/dec.ts';
import { ALICE, BOB, startLocalNode, type LocalNode } from './local-node.ts';
import { chaindInProcess, syncResponse } from './tx-cli.ts';

const GWEI = 1_000_000_000n;

let ln: LocalNode;
beforeAll(async () => {
  ln = await startLocalNode({ minGasPrices: [{ denom: 'wei', amount: Dec.fromInt(GWEI) }] });
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

const chaind = (...args: string[]) => chaindInProcess([...args, '--home', ln.home]);

function balanceOf(address: string): bigint {
  const res = ln.node.chain.app.queryObject('sdk.bank.v1beta1.Query/Balance', { address, denom: 'wei' }) as { balance: { amount: string } };
  return BigInt(res.balance.amount);
}

/** `gas estimate: N` on stderr → N */
function estimateOf(stderr: string): bigint {
  const m = /^gas estimate: (\d+)\n$/.exec(stderr);
  if (!m) throw new Error(`no gas estimate in ${JSON.stringify(stderr)}`);
  return BigInt(m[1]!);
}

describe('--gas auto --gas-prices on a node with minimum-gas-prices 1gwei', { timeout: 30_000 }, () => {
  it('bank send: --dry-run prints the estimate and sends nothing; --gas auto signs ⌊1.3 × estimate⌋ gas at 1 gwei; the node charges it', async () => {
    const alice = balanceOf(ALICE.address);
    const dry = await chaind('tx', 'bank', 'send', ALICE.address, BOB.address, '1000wei', '--dry-run', '--gas-prices', '1gwei');
    const estimate = estimateOf(dry.stderr);
    expect(dry).toEqual({ code: 0, stdout: '', stderr: `gas estimate: ${estimate}\n` });
    expect(ln.node.mempool.all()).toHaveLength(0);

    // the SDK's float64 product: uint64(1.3 × gas used)
    const gas = BigInt(Math.floor(1.3 * Number(estimate)));
    const auto = await chaind('tx', 'bank', 'send', 'alice', BOB.address, '1000wei', '--gas', 'auto', '--gas-prices', '1gwei', '--gas-adjustment', '1.3', '-y');
    const [pending] = ln.node.mempool.all();
    expect(auto).toEqual({ code: 0, stdout: syncResponse(pending!.hash), stderr: `gas estimate: ${gas}\n` });
    const tx = decodeTxRaw(pending!.bytes);
    expect(tx.authInfo.fee?.gasLimit).toBe(gas);
    expect(tx.authInfo.fee?.amount).toEqual([{ denom: 'wei', amount: (gas * GWEI).toString() }]);

    ln.node.produceBlock();
    const result = ln.node.tx(pending!.hash)!.result;
    expect(result.code).toBe(0);
    expect(result.gas_wanted).toBe(gas);
    expect(result.gas_used).toBeLessThanOrEqual(gas);
    expect(balanceOf(ALICE.address)).toBe(alice - 1000n - gas * GWEI);
  });

  it('any tx command: pot foundation-deposit with --gas auto --gas-prices 1gwei --gas-adjustment 1.5 is accepted and charged gas × 1 gwei', async () => {
    const alice = balanceOf(ALICE.address);
    const r = await chaind('tx', 'pot', 'foundation-deposit', '--amount', '1stos', '--from', 'alice', '--gas', 'auto', '--gas-prices', '1gwei', '--gas-adjustment', '1.5', '-y');
    const gas = estimateOf(r.stderr);
    const [pending] = ln.node.mempool.all();
    expect(r).toEqual({ code: 0, stdout: syncResponse(pending!.hash), stderr: `gas estimate: ${gas}\n` });
    ln.node.produceBlock();
    expect(ln.node.tx(pending!.hash)!.result.code).toBe(0);
    expect(balanceOf(ALICE.address)).toBe(alice - 10n ** 18n - gas * GWEI);
  });

  it('--generate-only --gas auto prices the simulated gas in wei (0.5gwei → 500000000wei per gas)', async () => {
    const r = await chaind('tx', 'bank', 'send', ALICE.address, BOB.address, '7wei', '--generate-only', '--gas', 'auto', '--gas-prices', '0.5gwei', '--gas-adjustment', '1.5');
    const gas = estimateOf(r.stderr);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).auth_info.fee).toEqual({ amount: [{ denom: 'wei', amount: (gas * 500_000_000n).toString() }], gas_limit: gas.toString(), payer: '', granter: '' });
  });

  it('as in the SDK the simulation carries a zero fee (gas 0 × price), so it does not count the fee transfer: without an adjustment the tx runs out of gas', async () => {
    const r = await chaind('tx', 'pot', 'foundation-deposit', '--amount', '1stos', '--from', 'alice', '--gas', 'auto', '--gas-prices', '1gwei', '-y');
    const gas = estimateOf(r.stderr);
    const [pending] = ln.node.mempool.all();
    expect(r).toEqual({ code: 0, stdout: syncResponse(pending!.hash), stderr: `gas estimate: ${gas}\n` });
    ln.node.produceBlock();
    const result = ln.node.tx(pending!.hash)!.result;
    // out of gas inside the handler is the SDK's ErrOutOfGas (a panic runTx recovers), not pot's failure code
    expect([result.codespace, result.code]).toEqual(['sdk', 11]);
    expect(result.log).toMatch(new RegExp(`^out of gas in location: \\w+; gasWanted: ${gas}, gasUsed: \\d+: out of gas$`));
  });

  it('gas prices given twice in one unit are refused before anything is sent', async () => {
    const r = await chaind('tx', 'bank', 'send', 'alice', BOB.address, '1wei', '--gas-prices', '1gwei,1000000000wei', '-y');
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'Error: invalid gas prices "1gwei,1000000000wei": duplicate denomination wei\n' });
    expect(ln.node.mempool.all()).toHaveLength(0);
  });

  it('without a fee the node refuses the tx in CheckTx: the response shows code 13 and the command exits 0, as the SDK CLI does', async () => {
    const r = await chaind('tx', 'bank', 'send', 'alice', BOB.address, '1wei', '-y');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ code: 13, codespace: 'sdk', raw_log: `insufficient fees; got:  required: ${200000n * GWEI}wei: insufficient fee` });
    expect(ln.node.mempool.all()).toHaveLength(0);
  });
});
