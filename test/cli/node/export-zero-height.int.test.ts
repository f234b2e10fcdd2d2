/**
 * `chaind export --for-zero-height [--jail-allowed-addrs …]` on a gentx chain: the document starts at
 * height 0, lists staking's bonded set as its `validators` (address, key, consensus power, moniker),
 * names no height of the old chain, and a new chain starts from it at height 1. The money of the
 * preparation is tested in test/abci/zero-height.unit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { tempHome } from '../run-chaind.ts';
import { freePort } from './node-process.ts';
import { chaind } from './in-process.ts';
import { ALICE, ALICE_VALOPER, gentxHome } from './gentx-home.ts';


describe('chaind export --for-zero-height', () => {
  it('starts at height 0 with staking bonded set as its validators, every height reset, and a new chain runs from it', async () => {
    const home = await gentxHome('zero-1', { moniker: 'alice-val' });
    const start = ['--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--json-rpc.enable=false', '--consensus.timeout_commit', '50ms'];
    expect((await chaind(['start', '--home', home, ...start, '--halt-height', '5'])).code).toBe(0);

    const priv = Buffer.from(JSON.parse(readFileSync(join(home, 'config/priv_validator_key.json'), 'utf8')).priv_key.value, 'base64');
    const consKey = Buffer.from(ed25519.getPublicKey(new Uint8Array(priv.subarray(0, 32))));
    const member = {
      address: Buffer.from(sha256(consKey).subarray(0, 20)).toString('hex').toUpperCase(),
      name: 'alice-val',
      power: '100000', // 100 STOS / 10^15
      pub_key: { type: 'tendermint/PubKeyEd25519', value: consKey.toString('base64') },
    };

    // the default export: the next height, and the same set
    const plain = JSON.parse((await chaind(['export', '--home', home])).stdout);
    expect(plain.initial_height).toBe('5');
    expect(plain.validators).toEqual([member]);
    expect(plain.app_state.slashing.signing_infos[0].validator_signing_info.start_height).toBe('0'); // bonded at InitChain

    const r = await chaind(['export', '--home', home, '--for-zero-height']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.initial_height).toBe('0');
    expect(doc.validators).toEqual([member]);
    expect(doc.app_state.staking.validators.map((v: { unbonding_height: string }) => v.unbonding_height)).toEqual(['0']);
    expect(doc.app_state.distribution.delegator_starting_infos).toEqual([
      { delegator_address: ALICE, validator_address: ALICE_VALOPER, starting_info: { previous_period: '1', stake: '100000000000000000000.000000000000000000', height: '0' } },
    ]);
    expect(doc.app_state.distribution.validator_historical_rewards).toEqual([
      { validator_address: ALICE_VALOPER, period: '1', rewards: { cumulative_reward_ratio: [], reference_count: 2 } },
    ]);

    // a new home with the document and the same validator key: blocks 1, 2, …
    const next = await tempHome();
    expect((await chaind(['init', 'val', '--home', next, '--chain-id', 'zero-1'])).code).toBe(0);
    copyFileSync(join(home, 'config/priv_validator_key.json'), join(next, 'config/priv_validator_key.json'));
    expect((await chaind(['export', '--home', home, '--for-zero-height', '--output-document', join(next, 'config/genesis.json')])).code).toBe(0);
    const started = await chaind(['start', '--home', next, ...start, '--halt-height', '3']);
    expect(started.code).toBe(0);
    expect(started.stderr).toContain('INF node stopped height=2 module=server\n'); // --halt-height 3: blocks 1 and 2
    expect(JSON.parse((await chaind(['export', '--home', next])).stdout).validators).toEqual([member]);
  }, 60_000);

  it('--jail-allowed-addrs: the validators not listed are jailed and leave the set; a bad address is refused', async () => {
    const home = await gentxHome('zero-2');
    const start = ['--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--json-rpc.enable=false', '--consensus.timeout_commit', '50ms'];
    expect((await chaind(['start', '--home', home, ...start, '--halt-height', '3'])).code).toBe(0);

    const listed = JSON.parse((await chaind(['export', '--home', home, '--for-zero-height', '--jail-allowed-addrs', ALICE_VALOPER])).stdout);
    expect(listed.app_state.staking.validators.map((v: { jailed: boolean; status: string }) => [v.jailed, v.status])).toEqual([[false, 'BOND_STATUS_BONDED']]);

    const other = 'stvaloper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqczad6t';
    const jailed = JSON.parse((await chaind(['export', '--home', home, '--for-zero-height', '--jail-allowed-addrs', other])).stdout);
    expect(jailed.app_state.staking.validators.map((v: { jailed: boolean; status: string }) => [v.jailed, v.status])).toEqual([[true, 'BOND_STATUS_UNBONDING']]);
    expect(jailed.app_state.staking.last_validator_powers).toEqual([]);
    // no bonded validator: an empty list (the document cannot start a chain, as on the real node)
    expect(jailed.validators).toBeUndefined();

    expect(await chaind(['export', '--home', home, '--for-zero-height', '--jail-allowed-addrs', ALICE])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`invalid --jail-allowed-addrs entry "${ALICE}"`),
    });
  }, 60_000);
});
