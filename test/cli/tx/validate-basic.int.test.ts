/**
 * Client-side checks before signing: the message a tx command builds goes through the chain's own
 * ValidateBasic (the function the ante runs in CheckTx), and address flags are parsed as the
 * chain's CLI parses them. Given alice funded and a node, when a command is given a bad message,
 * then it exits 1 with `Error: <the SDK's message>`, and nothing is signed, sent or charged.
 */
import { toBech32 } from '@cosmjs/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { ALICE, BOB, startLocalNode, type LocalNode } from './local-node.ts';
import { chaindInProcess } from './tx-cli.ts';

let ln: LocalNode;
beforeAll(async () => {
  ln = await startLocalNode();
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

function balanceOf(address: string): bigint {
  const res = ln.node.chain.app.queryObject('sdk.bank.v1beta1.Query/Balance', { address, denom: 'wei' }) as { balance: { amount: string } };
  return BigInt(res.balance.amount);
}

function sequenceOf(address: string): bigint {
  return getAccount(ln.node.chain.app.state, address)!.sequence;
}

/** bob's address with its last checksum character changed */
const BAD_CHECKSUM = BOB.address.slice(0, -1) + (BOB.address.endsWith('q') ? 'p' : 'q');
/** a valid address of the node kind (`stsds1…`) */
const NODE_ADDRESS = toBech32('stsds', new Uint8Array(20).fill(3));

const withdraw = (...flags: string[]) => ['tx', 'pot', 'withdraw', '--amount', '1wei', '--from', 'alice', '--fees', '5gwei', '-y', ...flags];

describe('messages are checked before signing', { timeout: 30_000 }, () => {
  const cases: [string, string[], string][] = [
    ['pot withdraw: a target address that is not bech32', withdraw('--target-address', 'st1bad'), 'decoding bech32 failed: invalid bech32 string length 6'],
    // Go's texts (btcutil): the checksum the data needs, and the one given
    ['pot withdraw: a target address with a bad checksum', withdraw('--target-address', BAD_CHECKSUM), `decoding bech32 failed: invalid checksum (expected ${BOB.address.slice(-6)} got ${BAD_CHECKSUM.slice(-6)})`],
    ['pot withdraw: a target address of another kind', withdraw('--target-address', NODE_ADDRESS), 'invalid Bech32 prefix; expected st, got stsds'],
    ['pot withdraw: no target (ValidateBasic)', withdraw(), 'missing target address'],
    ['pot legacy-withdraw: a bad target address', ['tx', 'pot', 'legacy-withdraw', '--amount', '1wei', '--from', 'alice', '-y', '--target-address', 'st1bad'], 'decoding bech32 failed: invalid bech32 string length 6'],
    ['pot withdraw: a zero amount (ValidateBasic)', ['tx', 'pot', 'withdraw', '--amount', '0wei', '--target-address', BOB.address, '--from', 'alice', '-y'], 'withdraw amount is invalid'],
    ['bank send: nothing to send (MsgSend ValidateBasic, the SDK text)', ['tx', 'bank', 'send', 'alice', BOB.address, '0wei', '-y'], ': invalid coins'],
    ['register remove-meta-node: a bad node address (ValidateBasic)', ['tx', 'register', 'remove-meta-node', '--network-address', 'stsds1bad', '--from', 'alice', '-y'], 'invalid network address'],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const balance = balanceOf(ALICE.address);
      const sequence = sequenceOf(ALICE.address);
      const r = await chaindInProcess([...args, '--home', ln.home]);
      expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
      expect(ln.node.mempool.all()).toHaveLength(0);
      ln.node.produceBlock();
      expect(balanceOf(ALICE.address)).toBe(balance);
      expect(sequenceOf(ALICE.address)).toBe(sequence);
    });
  }

  it('--generate-only checks the message too (nothing is printed)', async () => {
    const r = await chaindInProcess([...withdraw('--target-address', 'st1bad', '--generate-only'), '--home', ln.home]);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'Error: decoding bech32 failed: invalid bech32 string length 6\n' });
  });

  it('a good target address is accepted and written in its canonical (lower-case) form', async () => {
    const r = await chaindInProcess([...withdraw('--target-address', BOB.address.toUpperCase(), '--generate-only'), '--home', ln.home]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).body.messages).toEqual([{ '@type': '/chain.pot.v1.MsgWithdraw', amount: [{ denom: 'wei', amount: '1' }], wallet_address: ALICE.address, target_address: BOB.address }]);
  });
});
