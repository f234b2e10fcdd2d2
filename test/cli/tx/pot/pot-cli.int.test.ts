/**
 * The pot CLI against a running node, end to end: foundation deposit, prepay, a volume report
 * signed with BLS12-381 by `tx pot report` (alice's meta node key from the keyring; explicit
 * `--bls-keys` in the second case), the report and reward queries, maturity after the
 * epoch-2017 report, and a withdrawal checked to the wei (issue 6 "Done when").
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accAddress } from '../../../../src/crypto/address.ts';
import { balanceOf } from '../../../../src/modules/bank/state.ts';
import { acceptingBlsVerifier, bls12381Verifier, setBlsVerifier } from '../../../../src/modules/pot/bls.ts';
import { ALICE, deliverTx, MN_KEY, startPotNode, type PotNode } from './pot-node.ts';

const BOB = accAddress(new Uint8Array(20).fill(0xb0));
const BLS_KEY = bytesToHex(new Uint8Array(32).fill(5));

let n: PotNode;
beforeAll(async () => {
  setBlsVerifier(bls12381Verifier);
  n = await startPotNode();
}, 30_000);
afterAll(async () => {
  setBlsVerifier(acceptingBlsVerifier);
  await n?.close();
});

const tx = (args: string[]) => deliverTx(n, args);

async function query(args: string[]): Promise<any> {
  const q = await n.chaind(['query', 'pot', ...args, '-o', 'json']);
  expect([q.code, q.stderr]).toEqual([0, '']);
  return JSON.parse(q.stdout);
}

/** signed by alice's meta node from the keyring; the reporter defaults to it (alice owns one) */
const report = (epoch: number, ...extra: string[]) => [
  'tx', 'pot', 'report',
  '--epoch', String(epoch),
  '--reference', `ref-${epoch}`,
  '--wallet-volumes', JSON.stringify([{ wallet_address: ALICE.address, volume: '100000' }]),
  ...extra,
];

describe('pot through the CLI', { timeout: 60_000 }, () => {
  it('deposit, prepay, report, query, mature, withdraw — balance checked to the wei', async () => {
    expect(await tx(['tx', 'pot', 'foundation-deposit', '--amount', '1000stos'])).toEqual({ code: 0, log: '' });
    expect(await tx(['tx', 'sds', 'prepay', 'alice', '20stos'])).toEqual({ code: 0, log: '' });
    expect(await tx(report(1))).toEqual({ code: 0, log: '' });

    const info = await query(['report', '--epoch', '1']);
    expect(info.report_info).toMatchObject({ epoch: '1', reference: 'ref-1', reporter: MN_KEY.address });
    expect((await query(['total-mined-token'])).total_mined_token.amount).toBe(n.node.chain.app.state.pot.total_mined_tokens.toString());
    const immature = (await query(['rewards', ALICE.address])).rewards;
    expect(immature.mature_total_reward).toEqual([]);
    const perEpoch = await query(['rewards', '--epoch', '1']);
    expect(perEpoch.rewards.map((r: { wallet_address: string }) => r.wallet_address)).toEqual([ALICE.address]);

    expect(await tx(report(2016))).toEqual({ code: 0, log: '' });
    expect((await query(['rewards', ALICE.address])).rewards.mature_total_reward).toEqual([]);
    expect(await tx(report(2017))).toEqual({ code: 0, log: '' });
    const mature = (await query(['rewards', ALICE.address])).rewards.mature_total_reward;
    expect(mature).toHaveLength(1);
    const amount = BigInt(mature[0].amount);
    // epoch 1: the resource wallet and the meta node both pay alice
    const rec1 = perEpoch.rewards[0];
    expect(amount).toBe(BigInt(rec1.reward_from_mining_pool[0].amount) + BigInt(rec1.reward_from_traffic_pool[0].amount));

    expect(await tx(['tx', 'pot', 'withdraw', '--amount', `${amount}wei`, '--target-address', BOB])).toEqual({ code: 0, log: '' });
    expect(balanceOf(n.node.chain.app.state, BOB, 'wei')).toBe(amount);
    expect((await query(['rewards', ALICE.address])).rewards.mature_total_reward).toEqual([]);
    const total = await query(['total-reward', '--epoch', '1']);
    expect(total.is_legacy).toBe(false);
    // one resource wallet with the whole volume and one meta node: no mining dust, 80 stos in all
    expect(total.total_reward.mining_reward).toEqual([{ denom: 'wei', amount: (80n * 10n ** 18n).toString() }]);
  });

  it("report and total-reward: --epoch is required and read with strconv.ParseInt (stratos' checkFlagEpoch); a negative one is the node's InvalidArgument", async () => {
    const err = async (args: string[]) => {
      const q = await n.chaind(['query', 'pot', ...args]);
      expect([q.code, q.stdout]).toEqual([1, '']);
      return q.stderr;
    };
    expect(await err(['report'])).toBe("Error: required flag(s) \"epoch\" not set\nRun 'chaind query pot report --help' for usage.\n");
    expect(await err(['total-reward'])).toBe("Error: required flag(s) \"epoch\" not set\nRun 'chaind query pot total-reward --help' for usage.\n");
    expect(await err(['report', '--epoch', 'abc'])).toBe('Error: invalid epoch: strconv.ParseInt: parsing "abc": invalid syntax\n');
    expect(await err(['total-reward', '--epoch', '0x10'])).toBe('Error: invalid epoch: strconv.ParseInt: parsing "0x10": invalid syntax\n');
    expect(await err(['report', '--epoch', '-1'])).toBe('Error: rpc error: code = InvalidArgument desc = rpc error: code = InvalidArgument desc = epoch should be non-negative value: invalid request\n');
  });

  it('params prints the params object; a report whose epoch is not above the last fails with 8', async () => {
    const p = await query(['params']);
    expect(p).toMatchObject({ bond_denom: 'wei', reward_denom: 'wei', mature_epoch: '2016', community_tax: '0.020000000000000000' });
    expect(p.mining_reward_params).toHaveLength(6);
    expect(await tx(report(2017, '--reporter-addr', MN_KEY.address, '--bls-keys', BLS_KEY))).toEqual({
      code: 8,
      log: 'failed to execute message; message index: 0: expected epoch should be greater than 2017, got 2017: the value of epoch must be positive and greater than its previous one',
    });
  });
});
