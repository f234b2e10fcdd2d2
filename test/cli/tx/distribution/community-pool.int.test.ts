/**
 * `chaind tx distribution …` against a running node: the messages each command builds
 * (`--generate-only` prints the unsigned tx), fund-community-pool and set-withdraw-addr signed in
 * LEGACY_AMINO_JSON and delivered, and what the queries show afterwards (reference §4.4, §4.5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromBech32, valAddress } from '../../../../src/crypto/address.ts';
import { genesisWith, testKey } from '../../../helpers/fixture.ts';
import { startCliNode, type CliNode } from '../cli-node.ts';
import { deliverTx } from '../pot/pot-node.ts';

const ALICE = testKey(0).address;
const BOB = testKey(1).address;
const VAL = valAddress(addressFromBech32(ALICE));
let n: CliNode;
beforeAll(async () => {
  n = await startCliNode('distr-tx', genesisWith([[ALICE, 10n ** 24n]]));
}, 30_000);
afterAll(async () => {
  await n?.close();
});

/** the messages of the unsigned tx `--generate-only` prints */
async function generated(args: string[]): Promise<unknown[]> {
  const r = await n.chaind([...args, '--from', 'alice', '--generate-only']);
  expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
  return JSON.parse(r.stdout).body.messages;
}

const D = '/sdk.distribution.v1beta1';

describe('tx distribution', () => {
  it('withdraw-rewards [--commission], set-withdraw-addr, fund-community-pool build the SDK messages', async () => {
    expect(await generated(['tx', 'distribution', 'withdraw-rewards', VAL])).toEqual([{ '@type': `${D}.MsgWithdrawDelegatorReward`, delegator_address: ALICE, validator_address: VAL }]);
    expect(await generated(['tx', 'distribution', 'withdraw-rewards', VAL, '--commission'])).toEqual([
      { '@type': `${D}.MsgWithdrawDelegatorReward`, delegator_address: ALICE, validator_address: VAL },
      { '@type': `${D}.MsgWithdrawValidatorCommission`, validator_address: VAL },
    ]);
    expect(await generated(['tx', 'distribution', 'set-withdraw-addr', BOB])).toEqual([{ '@type': `${D}.MsgSetWithdrawAddress`, delegator_address: ALICE, withdraw_address: BOB }]);
    expect(await generated(['tx', 'distribution', 'fund-community-pool', '1.5stos'])).toEqual([
      { '@type': `${D}.MsgFundCommunityPool`, amount: [{ denom: 'wei', amount: '1500000000000000000' }], depositor: ALICE },
    ]);
    // a delegator without delegations: no message at all (the SDK builds the empty tx too)
    expect(await generated(['tx', 'distribution', 'withdraw-all-rewards'])).toEqual([]);
  });

  it('ParseCoinsNormalized neither merges nor sorts what it converted, so 1stos,5gwei fails ValidateBasic as in the SDK', async () => {
    const r = await n.chaind(['tx', 'distribution', 'fund-community-pool', '1stos,5gwei', '--from', 'alice', '--generate-only']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'Error: 5000000000wei,1000000000000000000wei: invalid coins\n' });
  });

  it('fund-community-pool and set-withdraw-addr signed with --sign-mode amino-json are delivered', async () => {
    expect(await deliverTx(n, ['tx', 'distribution', 'fund-community-pool', '2stos', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    const pool = await n.chaind(['query', 'distribution', 'community-pool']);
    expect(pool).toEqual({ code: 0, stdout: 'pool:\n- amount: "2000000000000000000.000000000000000000"\n  denom: wei\n', stderr: '' });
    expect(await deliverTx(n, ['tx', 'distribution', 'set-withdraw-addr', BOB, '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
  });
});
