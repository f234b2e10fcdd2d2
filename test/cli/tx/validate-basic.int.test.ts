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

/** node0's ed25519 key of the sample network (reference/wire-formats.md §3.3) */
const NODE_PUBKEY = '{"@type":"/sdk.crypto.ed25519.PubKey","key":"V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw="}';
const register = (command: string, ...flags: string[]) => ['tx', 'register', command, ...flags, '--from', 'alice', '-y'];
const sds = (command: string, ...flags: string[]) => ['tx', 'sds', command, ...flags, '--from', 'alice', '-y'];
/** create-resource-node with good flags; a flag given again in `flags` wins (the last one counts) */
const createResourceNode = (...flags: string[]) => register('create-resource-node', '--network-address', NODE_ADDRESS, '--amount', '1stos', '--pubkey', NODE_PUBKEY, '--moniker', 'm', ...flags);
const withdraw = (...flags: string[]) => ['tx', 'pot', 'withdraw', '--amount', '1wei', '--from', 'alice', '--fees', '5gwei', '-y', ...flags];

describe('messages are checked before signing', { timeout: 30_000 }, () => {
  const cases: [string, string[], string][] = [
    ['pot withdraw: a target address that is not bech32', withdraw('--target-address', 'st1bad'), 'decoding bech32 failed: invalid bech32 string length 6'],
    // Go's texts (btcutil): the checksum the data needs, and the one given
    ['pot withdraw: a target address with a bad checksum', withdraw('--target-address', BAD_CHECKSUM), `decoding bech32 failed: invalid checksum (expected ${BOB.address.slice(-6)} got ${BAD_CHECKSUM.slice(-6)})`],
    ['pot withdraw: a target address of another kind', withdraw('--target-address', NODE_ADDRESS), 'invalid Bech32 prefix; expected st, got stsds'],
    // stratos' buildWithdrawMsg parses the flag whenever it is defined (fs.Lookup), so an absent one is the empty address
    ['pot withdraw: no target', withdraw(), 'empty address string is not allowed'],
    ['pot legacy-withdraw: a bad target address', ['tx', 'pot', 'legacy-withdraw', '--amount', '1wei', '--from', 'alice', '-y', '--target-address', 'st1bad'], 'decoding bech32 failed: invalid bech32 string length 6'],
    // --amount is ParseCoinsNormalized's: a denom twice is refused, two units of wei stay two coins (no merging), which ValidateBasic refuses
    ['pot withdraw: a denom given twice (ParseDecCoins)', ['tx', 'pot', 'withdraw', '--amount', '1stos,2stos', '--target-address', BOB.address, '--from', 'alice', '-y'], 'duplicate denomination stos'],
    ['pot withdraw: stos and gwei, two wei coins (ValidateBasic)', ['tx', 'pot', 'withdraw', '--amount', '1stos,10gwei', '--target-address', BOB.address, '--from', 'alice', '-y'], 'withdraw amount is invalid'],
    ['bank send: nothing to send (MsgSend ValidateBasic, the SDK text)', ['tx', 'bank', 'send', 'alice', BOB.address, '0wei', '-y'], ': invalid coins'],
    // stratos' register, sds and pot CLIs parse coins and addresses while building the message (x/<module>/client/cli/tx.go),
    // returning the Go error as it is, before ValidateBasic; a node type outside 1..7 is the CLI's own ErrNodeType
    ['register remove-meta-node: a bad node address (SdsAddressFromBech32)', register('remove-meta-node', '--network-address', 'stsds1bad'), 'decoding bech32 failed: invalid separator index 5'],
    ['register remove-resource-node: an account address as node address', register('remove-resource-node', '--network-address', BOB.address), 'invalid Bech32 prefix; expected stsds, got st'],
    ['register create-resource-node: --node-type 0', createResourceNode('--node-type', '0'), 'node type(s) not supported'],
    ['register create-resource-node: --node-type 8', createResourceNode('--node-type', '8'), 'node type(s) not supported'],
    ['register create-resource-node: a bad --amount (ParseCoinNormalized)', createResourceNode('--node-type', '4', '--amount', 'abc'), 'invalid decimal coin expression: abc'],
    ['register create-resource-node: a bad --beneficiary-address', createResourceNode('--node-type', '4', '--beneficiary-address', 'st1bad'), 'decoding bech32 failed: invalid bech32 string length 6'],
    ['register create-resource-node: a --pubkey stsdspub1… that is not bech32 (SdsPubKeyFromBech32)', createResourceNode('--node-type', '4', '--pubkey', 'stsdspub1xyz'), 'decoding bech32 failed: invalid separator index 8'],
    ['register update-resource-node: no --node-type (0)', register('update-resource-node', '--network-address', NODE_ADDRESS, '--moniker', 'm'), 'node type(s) not supported'],
    ['register update-meta-node: a node address of another kind', register('update-meta-node', '--network-address', BOB.address), 'invalid Bech32 prefix; expected stsds, got st'],
    ['register update-resource-node-deposit: a bad --deposit-delta', register('update-resource-node-deposit', '--network-address', NODE_ADDRESS, '--deposit-delta', '1.5.5stos'), 'invalid decimal coin expression: 1.5.5stos'],
    ['register meta-node-reg-vote: a node address as candidate owner', register('meta-node-reg-vote', '--candidate-network-address', NODE_ADDRESS, '--candidate-owner-address', NODE_ADDRESS, '--opinion', 'true', '--voter-network-address', NODE_ADDRESS), 'invalid Bech32 prefix; expected st, got stsds'],
    // a zero delta (the only one not positive a coin can be) is ValidateBasic's ErrInvalidDepositChange, as on a real node
    ['register update-meta-node-deposit: a zero delta (ValidateBasic)', register('update-meta-node-deposit', '--network-address', NODE_ADDRESS, '--deposit-delta', '0wei', '--incr-deposit', 'true'), 'invalid change for deposit'],
    ['register kick-meta-node-vote: a bad target', register('kick-meta-node-vote', '--target-network-address', 'stsds1bad', '--opinion', 'true', '--voter-network-address', NODE_ADDRESS), 'decoding bech32 failed: invalid separator index 5'],
    ['sds upload: a bad reporter, before the file hash', sds('upload', '--file-hash', 'x', '--reporter', BOB.address, '--uploader', BOB.address), 'invalid Bech32 prefix; expected stsds, got st'],
    ['sds upload: a bad uploader, before the file hash', sds('upload', '--file-hash', 'x', '--reporter', NODE_ADDRESS, '--uploader', 'st1bad'), 'decoding bech32 failed: invalid bech32 string length 6'],
    ['sds prepay: a bad beneficiary', ['tx', 'sds', 'prepay', 'alice', 'st1bad', '1stos', '-y'], 'decoding bech32 failed: invalid bech32 string length 6'],
    ['sds prepay: bad coins', ['tx', 'sds', 'prepay', 'alice', 'lots', '-y'], 'invalid decimal coin expression: lots'],
    ['pot withdraw: bad coins', ['tx', 'pot', 'withdraw', '--amount', '1stos,abc', '--target-address', BOB.address, '--from', 'alice', '-y'], 'invalid decimal coin expression: abc'],
    ['pot foundation-deposit: bad coins', ['tx', 'pot', 'foundation-deposit', '--amount', 'abc', '--from', 'alice', '-y'], 'invalid decimal coin expression: abc'],
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

  it('pot withdraw --amount 0wei: ParseCoinsNormalized drops the zero coin, so the message carries no coins (as stratos\' CLI sends it)', async () => {
    const r = await chaindInProcess([...withdraw('--target-address', BOB.address, '--generate-only'), '--amount', '0wei', '--home', ln.home]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout).body.messages).toEqual([{ '@type': '/chain.pot.v1.MsgWithdraw', amount: [], wallet_address: ALICE.address, target_address: BOB.address }]);
  });

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
