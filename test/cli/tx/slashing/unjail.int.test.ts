/**
 * `chaind tx slashing unjail` against a running node whose consensus set follows staking (alice's
 * validator from a gentx holds the node's key): bob's validator signs with a key the node
 * does not hold, so it misses every vote and is jailed for downtime (slashing window of 10 blocks,
 * half of them to sign, 60 s in jail); unjail before the time is refused, after it the validator
 * is back (reference/sdk-modules.md §6.2, §6.4, §6.6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { consAddress } from '../../../../src/crypto/address.ts';
import { SECOND } from '../cli-node.ts';
import { BOB_VAL, deliver, nextBlock, queryOk, startStakingNode, type StakingNode } from '../staking/staking-node.ts';

const BOB_KEY = Buffer.alloc(32, 9);
const BOB_PUBKEY = `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${BOB_KEY.toString('base64')}"}`;
const RATES = ['--commission-rate', '0.1', '--commission-max-rate', '0.2', '--commission-max-change-rate', '0.01', '--min-self-delegation', '1'];

let n: StakingNode;
beforeAll(async () => {
  n = await startStakingNode('unjail', {
    slashing: {
      params: {
        signed_blocks_window: '10',
        min_signed_per_window: '0.500000000000000000',
        downtime_jail_duration: '60s',
        slash_fraction_double_sign: '0.050000000000000000',
        slash_fraction_downtime: '0.010000000000000000',
      },
      signing_infos: [],
      missed_blocks: [],
    },
  }, { aliceValidator: true });
}, 30_000);
afterAll(async () => {
  await n?.close();
});

const json = async (args: string[]) => JSON.parse(await queryOk(n, [...args, '-o', 'json']));

describe('tx slashing unjail', { timeout: 60_000 }, () => {
  it('a validator jailed for downtime is refused before its jail time and unjailed after it', async () => {
    expect(await deliver(n, 'bob', ['tx', 'staking', 'create-validator', '--amount', '1stos', '--moniker', 'bob-val', '--pubkey', BOB_PUBKEY, ...RATES])).toEqual({ code: 0, log: '' });
    expect((await json(['staking', 'validator', BOB_VAL])).status).toBe('BOND_STATUS_BONDED');
    for (let i = 0; i < 20 && !(await json(['staking', 'validator', BOB_VAL])).jailed; i++) nextBlock(n);
    const jailed = await json(['staking', 'validator', BOB_VAL]);
    expect([jailed.jailed, jailed.status]).toEqual([true, 'BOND_STATUS_UNBONDING']);
    // 1 stos less 1 % for downtime
    expect(jailed.tokens).toBe('990000000000000000');
    // distribution recorded the slash; its period filter leaves it out of [0, 0] (reference §4.3)
    const slashes = await json(['distribution', 'slashes', BOB_VAL, '0', '100']);
    expect(slashes.slashes).toHaveLength(1);
    expect(slashes.slashes[0].fraction).toBe('0.010000000000000000');
    expect((await json(['distribution', 'slashes', BOB_VAL, '0', '0'])).slashes).toEqual([]);
    const info = await json(['slashing', 'signing-info', BOB_PUBKEY]);
    expect(info.address).toBe(consAddress(sha256(BOB_KEY).slice(0, 20)));
    expect(info.missed_blocks_counter).toBe('0');
    const until = BigInt(Date.parse(info.jailed_until)) * 1_000_000n;

    const early = await deliver(n, 'bob', ['tx', 'slashing', 'unjail']);
    expect(early.code).toBe(4);
    expect(early.log).toContain('validator still jailed; cannot be unjailed');

    n.time = until;
    expect(await deliver(n, 'bob', ['tx', 'slashing', 'unjail', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    const back = await json(['staking', 'validator', BOB_VAL]);
    expect([back.jailed, back.status]).toEqual([false, 'BOND_STATUS_BONDED']);
    expect(n.time).toBe(until + SECOND);
  });
});
