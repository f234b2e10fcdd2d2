/**
 * The staking CLI end to end against a running node (reference/sdk-modules.md §2.6, §4.5, §6.6,
 * §10): alice creates her validator with `tx staking create-validator` (the consensus key from the
 * home, as the node signs with it), bob delegates, unbonds and cancels part of it, alice edits her
 * validator; every `query staking …` prints what the SDK CLI prints, and the distribution and
 * slashing commands work against that validator. Every staking message is also signed in
 * LEGACY_AMINO_JSON once (`--sign-mode amino-json`: create-validator's consensus key inside).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { addressFromBech32, consAddress } from '../../../../src/crypto/address.ts';
import { balanceOf } from '../../../../src/modules/bank/state.ts';
import { ALICE, ALICE_VAL, BOB, BOB_VAL, CONS_KEY, CONS_PUBKEY_JSON, deliver, FEE, queryOk, startStakingNode, type StakingNode } from './staking-node.ts';

const STOS = 10n ** 18n;
const KEY_B64 = Buffer.from(CONS_KEY.pubKey).toString('base64');
const CONS_ADDR = consAddress(sha256(CONS_KEY.pubKey).slice(0, 20));
const CREATE = [
  'tx', 'staking', 'create-validator',
  '--amount', '10stos', '--moniker', 'alice-val', '--website', 'https://alice.example',
  '--commission-rate', '0.1', '--commission-max-rate', '0.2', '--commission-max-change-rate', '0.01', '--min-self-delegation', '1',
];

let n: StakingNode;
beforeAll(async () => {
  n = await startStakingNode('staking-cli');
}, 30_000);
afterAll(async () => {
  await n?.close();
});

const json = async (args: string[]) => JSON.parse(await queryOk(n, [...args, '-o', 'json']));

describe('tx staking create-validator and the validator queries', { timeout: 60_000 }, () => {
  it('--generate-only prints the MsgCreateValidator with the home key; --node-id and --ip make no memo (v0.47 has no --p2p-port here)', async () => {
    const r = await n.chaind([...CREATE, '--from', 'alice', '--generate-only', '--node-id', 'abcd', '--ip', '10.0.0.1']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const tx = JSON.parse(r.stdout);
    expect(tx.body.memo).toBe('');
    const noted = await n.chaind([...CREATE, '--from', 'alice', '--generate-only', '--node-id', 'abcd', '--ip', '10.0.0.1', '--note', 'hello']);
    expect(JSON.parse(noted.stdout).body.memo).toBe('hello');
    const port = await n.chaind([...CREATE, '--from', 'alice', '--generate-only', '--p2p-port', '26656']);
    expect([port.code, port.stderr.split('\n')[0]]).toEqual([1, 'Error: unknown flag: --p2p-port']);
    expect(tx.body.messages).toEqual([
      {
        '@type': '/sdk.staking.v1beta1.MsgCreateValidator',
        description: { moniker: 'alice-val', identity: '', website: 'https://alice.example', security_contact: '', details: '' },
        commission: { rate: '0.100000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' },
        min_self_delegation: '1',
        delegator_address: ALICE,
        validator_address: ALICE_VAL,
        pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: KEY_B64 },
        value: { denom: 'wei', amount: (10n * STOS).toString() },
      },
    ]);
  });

  it('create-validator is delivered; query staking validator prints the Validator as the SDK CLI does', async () => {
    expect(await deliver(n, 'alice', CREATE)).toEqual({ code: 0, log: '' });
    expect(await queryOk(n, ['staking', 'validator', ALICE_VAL])).toBe(
      [
        'commission:',
        '  commission_rates:',
        '    max_change_rate: "0.010000000000000000"',
        '    max_rate: "0.200000000000000000"',
        '    rate: "0.100000000000000000"',
        '  update_time: "2024-01-01T00:00:01Z"',
        'consensus_pubkey:',
        "  '@type': /sdk.crypto.ed25519.PubKey",
        `  key: ${KEY_B64}`,
        'delegator_shares: "10000000000000000000.000000000000000000"',
        'description:',
        '  details: ""',
        '  identity: ""',
        '  moniker: alice-val',
        '  security_contact: ""',
        '  website: https://alice.example',
        'jailed: false',
        'min_self_delegation: "1"',
        `operator_address: ${ALICE_VAL}`,
        'status: BOND_STATUS_BONDED',
        'tokens: "10000000000000000000"',
        'unbonding_height: "0"',
        'unbonding_ids: []',
        'unbonding_on_hold_ref_count: "0"',
        'unbonding_time: "1970-01-01T00:00:00Z"',
        '',
      ].join('\n'),
    );
    const list = await json(['staking', 'validators']);
    expect(list.validators.map((v: { operator_address: string }) => v.operator_address)).toEqual([ALICE_VAL]);
    expect(list.pagination).toEqual({ next_key: null, total: '0' });
    expect((await json(['staking', 'validators', '--count-total'])).pagination).toEqual({ next_key: null, total: '1' });
    expect(await json(['staking', 'delegation', ALICE, ALICE_VAL])).toEqual({
      delegation: { delegator_address: ALICE, validator_address: ALICE_VAL, shares: '10000000000000000000.000000000000000000' },
      balance: { denom: 'wei', amount: '10000000000000000000' },
    });
    expect(await queryOk(n, ['staking', 'pool'])).toBe('bonded_tokens: "10000000000000000000"\nnot_bonded_tokens: "0"\n');
    expect(await json(['staking', 'params'])).toMatchObject({ bond_denom: 'wei', max_validators: 100, unbonding_time: '1814400s' });
  });

  it('a second create-validator for the same operator fails with staking code 4', async () => {
    const r = await deliver(n, 'alice', CREATE);
    expect(r.code).toBe(4);
    expect(r.log).toContain('validator already exist for this operator address; must use new validator operator address');
  });
});

describe('delegate, unbond, cancel-unbond, edit-validator', { timeout: 60_000 }, () => {
  it('bob delegates 5 stos: delegations, delegations-to, delegator validators', async () => {
    expect(await deliver(n, 'bob', ['tx', 'staking', 'delegate', ALICE_VAL, '5stos', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    const bob = await json(['staking', 'delegations', BOB]);
    expect(bob).toEqual({
      delegation_responses: [{ delegation: { delegator_address: BOB, validator_address: ALICE_VAL, shares: '5000000000000000000.000000000000000000' }, balance: { denom: 'wei', amount: (5n * STOS).toString() } }],
      pagination: { next_key: null, total: '0' },
    });
    const to = await json(['staking', 'delegations-to', ALICE_VAL]);
    // a scan of all delegations: by delegator address bytes
    const order = [ALICE, BOB].sort((a, b) => (bytesToHex(addressFromBech32(a)) < bytesToHex(addressFromBech32(b)) ? -1 : 1));
    expect(to.delegation_responses.map((d: { delegation: { delegator_address: string } }) => d.delegation.delegator_address)).toEqual(order);
    expect(await queryOk(n, ['staking', 'pool', '-o', 'json'])).toBe('{"not_bonded_tokens":"0","bonded_tokens":"15000000000000000000"}\n');
    // the service's queries the SDK v0.47 CLI lacks
    const vals = await json(['staking', 'delegator-validators', BOB]);
    expect([vals.validators.map((v: { operator_address: string }) => v.operator_address), vals.pagination]).toEqual([[ALICE_VAL], { next_key: null, total: '0' }]);
    expect((await json(['staking', 'delegator-validator', BOB, ALICE_VAL])).operator_address).toBe(ALICE_VAL);
    expect(await queryOk(n, ['distribution', 'delegator-validators', BOB, '-o', 'json'])).toBe(`{"validators":["${ALICE_VAL}"]}\n`);
    expect(await queryOk(n, ['distribution', 'delegator-withdraw-address', BOB])).toBe(`withdraw_address: ${BOB}\n`);
    // one page of one: next_key is len‖delegator‖len‖validator of the second; --count-total counts both
    const page = await json(['staking', 'delegations-to', ALICE_VAL, '--limit', '1', '--count-total']);
    expect(page.delegation_responses.map((d: { delegation: { delegator_address: string } }) => d.delegation.delegator_address)).toEqual([order[0]]);
    const key = Buffer.concat([Buffer.from([20]), addressFromBech32(order[1]), Buffer.from([20]), addressFromBech32(ALICE_VAL, 'stvaloper')]);
    expect(page.pagination).toEqual({ next_key: key.toString('base64'), total: '2' });
    expect((await json(['staking', 'delegations-to', ALICE_VAL, '--page', '2', '--limit', '1'])).delegation_responses.map((d: { delegation: { delegator_address: string } }) => d.delegation.delegator_address)).toEqual([order[1]]);
  });

  it('bob unbonds 1 stos, then cancels 0.4 stos of it at its creation height', async () => {
    expect(await deliver(n, 'bob', ['tx', 'staking', 'unbond', ALICE_VAL, '1stos', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    // the entry of the unbond's block, maturing 21 days (unbonding_time 1814400s) after its time
    const completion = new Date(Number(n.time / 1_000_000n) + 1814400_000).toISOString().replace('.000Z', 'Z');
    expect(await queryOk(n, ['staking', 'unbonding-delegation', BOB, ALICE_VAL])).toBe(
      [
        `delegator_address: ${BOB}`,
        'entries:',
        '- balance: "1000000000000000000"',
        `  completion_time: "${completion}"`,
        `  creation_height: "${n.node.chain.height}"`,
        '  initial_balance: "1000000000000000000"',
        '  unbonding_id: "1"',
        '  unbonding_on_hold_ref_count: "0"',
        `validator_address: ${ALICE_VAL}`,
        '',
      ].join('\n'),
    );
    const ubd = await json(['staking', 'unbonding-delegation', BOB, ALICE_VAL]);
    expect(ubd.delegator_address).toBe(BOB);
    expect(ubd.validator_address).toBe(ALICE_VAL);
    expect(ubd.entries).toHaveLength(1);
    const entry = ubd.entries[0];
    expect(entry).toMatchObject({ initial_balance: STOS.toString(), balance: STOS.toString(), unbonding_on_hold_ref_count: '0' });
    const height = entry.creation_height as string;
    expect(await json(['staking', 'unbonding-delegations', BOB])).toEqual({ unbonding_responses: [ubd], pagination: { next_key: null, total: '0' } });
    expect(await json(['staking', 'unbonding-delegations-from', ALICE_VAL])).toEqual({ unbonding_responses: [ubd], pagination: { next_key: null, total: '0' } });

    expect(await deliver(n, 'bob', ['tx', 'staking', 'cancel-unbond', ALICE_VAL, '0.4stos', height, '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    const after = await json(['staking', 'unbonding-delegation', BOB, ALICE_VAL]);
    expect(after.entries).toEqual([{ ...entry, initial_balance: (6n * STOS / 10n).toString(), balance: (6n * STOS / 10n).toString() }]);
    expect((await json(['staking', 'delegation', BOB, ALICE_VAL])).balance).toEqual({ denom: 'wei', amount: (44n * STOS / 10n).toString() });
    // no entry at another height: sdk 38
    const wrong = await deliver(n, 'bob', ['tx', 'staking', 'cancel-unbond', ALICE_VAL, '0.1stos', '1']);
    expect(wrong.code).toBe(38);
  });

  it('redelegating to the same validator or to an unknown one fails in the handler', async () => {
    expect((await deliver(n, 'bob', ['tx', 'staking', 'redelegate', ALICE_VAL, ALICE_VAL, '1stos'])).code).toBe(29);
    expect((await deliver(n, 'bob', ['tx', 'staking', 'redelegate', ALICE_VAL, BOB_VAL, '1stos'])).code).toBe(31);
    expect(await json(['staking', 'redelegations', BOB])).toEqual({ redelegation_responses: [], pagination: { next_key: null, total: '0' } });
    expect(await queryOk(n, ['staking', 'redelegations-from', ALICE_VAL])).toBe('pagination:\n  next_key: null\n  total: "0"\nredelegation_responses: []\n');
    // staking wraps the NotFound status as Internal; abci_query turns that into unknown request (reference §1.3)
    expect(await n.chaind(['query', 'staking', 'redelegation', BOB, ALICE_VAL, BOB_VAL])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Error: rpc error: code = Unknown desc = rpc error: code = Internal desc = rpc error: code = NotFound desc = ' +
        `redelegation not found for delegator address ${BOB} from validator address ${ALICE_VAL}: unknown request\n`,
    });
  });

  it('edit-validator changes the moniker only; the other description fields are [do-not-modify]', async () => {
    expect(await deliver(n, 'alice', ['tx', 'staking', 'edit-validator', '--new-moniker', 'alice-2', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    expect((await json(['staking', 'validator', ALICE_VAL])).description).toEqual({ moniker: 'alice-2', identity: '', website: 'https://alice.example', security_contact: '', details: '' });
    // a new rate within 24 h of the creation: staking 12
    const rate = await deliver(n, 'alice', ['tx', 'staking', 'edit-validator', '--commission-rate', '0.15']);
    expect(rate.code).toBe(12);
    expect(rate.log).toContain('commission cannot be changed more than once in 24h');
  });

  it('historical-info of a recent height holds the bonded set', async () => {
    const height = n.node.chain.height;
    const hist = await json(['staking', 'historical-info', String(height)]);
    expect(hist.header.height).toBe(String(height));
    expect(hist.valset.map((v: { operator_address: string }) => v.operator_address)).toEqual([ALICE_VAL]);
  });
});

describe('slashing and distribution commands against the validator', { timeout: 60_000 }, () => {
  it('signing-info by the consensus key; unjail of a validator not jailed fails with slashing 5', async () => {
    const info = await json(['slashing', 'signing-info', CONS_PUBKEY_JSON]);
    expect(info).toMatchObject({ address: CONS_ADDR, jailed_until: '1970-01-01T00:00:00Z', tombstoned: false, missed_blocks_counter: '0' });
    expect((await json(['slashing', 'signing-infos'])).info).toEqual([info]);
    const r = await deliver(n, 'alice', ['tx', 'slashing', 'unjail']);
    expect(r.code).toBe(5);
    expect(r.log).toContain('validator not jailed; cannot be unjailed');
  });

  it('rewards accrue from fees; withdraw-rewards --commission and withdraw-all-rewards pay them out', async () => {
    const total = await json(['distribution', 'rewards', BOB]);
    expect(total.rewards.map((r: { validator_address: string }) => r.validator_address)).toEqual([ALICE_VAL]);
    expect(await json(['distribution', 'rewards', BOB, ALICE_VAL])).toEqual({ rewards: total.rewards[0].reward });
    const commission = await json(['distribution', 'commission', ALICE_VAL]);
    expect(commission.commission.length).toBe(1);
    const before = balanceOf(n.node.chain.app.state, ALICE, 'wei');
    expect(await deliver(n, 'alice', ['tx', 'distribution', 'withdraw-rewards', ALICE_VAL, '--commission', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    // alice gets what the withdraw_rewards and withdraw_commission events say, less the fee
    const [record] = n.node.blockResults(n.node.chain.height);
    const amountOf = (type: string) => {
      const e = record!.result.events.find((ev) => ev.type === type)!;
      const text = e.attributes.find((a) => a.key === 'amount')!.value;
      return BigInt(text.replace(/wei$/, '') || '0');
    };
    const paid = amountOf('withdraw_rewards') + amountOf('withdraw_commission');
    expect(paid > 0n).toBe(true);
    expect(balanceOf(n.node.chain.app.state, ALICE, 'wei')).toBe(before + paid - BigInt(FEE.replace(/wei$/, '')));
    const gen = await n.chaind(['tx', 'distribution', 'withdraw-all-rewards', '--from', 'bob', '--generate-only']);
    expect(JSON.parse(gen.stdout).body.messages).toEqual([{ '@type': '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', delegator_address: BOB, validator_address: ALICE_VAL }]);
    expect(await deliver(n, 'bob', ['tx', 'distribution', 'withdraw-all-rewards', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    const info = await json(['distribution', 'validator-distribution-info', ALICE_VAL]);
    expect(info.operator_address).toBe(ALICE);
  });

  it('distribution queries failing with a registered SDK error print its Error() as baseapp wraps it: `[<wrap>: ]<description>: unknown request`', async () => {
    const unknownVal = 'stvaloper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqp95fc8e';
    const notFound = `Error: rpc error: code = Unknown desc = ${unknownVal}: validator does not exist: unknown request\n`;
    expect(await n.chaind(['query', 'distribution', 'rewards', BOB, unknownVal])).toEqual({ code: 1, stdout: '', stderr: notFound });
    expect(await n.chaind(['query', 'distribution', 'validator-distribution-info', unknownVal])).toEqual({ code: 1, stdout: '', stderr: notFound });
    // an account without a delegation to alice's validator (the mint module account)
    const nobody = 'st1m3h30wlvsf8llruxtpukdvsy0km2kum85un2xa';
    expect(await n.chaind(['query', 'distribution', 'rewards', nobody, ALICE_VAL])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: rpc error: code = Unknown desc = delegation does not exist: unknown request\n',
    });
  });
});

describe('redelegate to a second validator', { timeout: 60_000 }, () => {
  it('bob creates a validator with an explicit --pubkey; alice redelegates 1.5 stos to it; the three redelegation queries show it', async () => {
    const pubkey = `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${Buffer.alloc(32, 9).toString('base64')}"}`;
    const create = ['tx', 'staking', 'create-validator', '--amount', '1stos', '--moniker', 'bob-val', '--pubkey', pubkey, ...CREATE.slice(CREATE.indexOf('--commission-rate'))];
    expect(await deliver(n, 'bob', [...create, '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    expect((await json(['staking', 'validator', BOB_VAL])).consensus_pubkey).toEqual(JSON.parse(pubkey));
    expect(await deliver(n, 'alice', ['tx', 'staking', 'redelegate', ALICE_VAL, BOB_VAL, '1.5stos', '--sign-mode', 'amino-json'])).toEqual({ code: 0, log: '' });
    const completion = new Date(Number(n.time / 1_000_000n) + 1814400_000).toISOString().replace('.000Z', 'Z');
    const one = await json(['staking', 'redelegation', ALICE, ALICE_VAL, BOB_VAL]);
    // both validators given: that one redelegation and no pagination (reference §2.2)
    expect(one.pagination).toBe(null);
    expect(one.redelegation_responses).toHaveLength(1);
    const [res] = one.redelegation_responses;
    // the SDK prints RedelegationResponse with Go encoding/json (reference §1.1): entries null, heights and ids numbers
    expect(res.redelegation).toEqual({ delegator_address: ALICE, validator_src_address: ALICE_VAL, validator_dst_address: BOB_VAL, entries: null });
    expect(typeof res.entries[0].redelegation_entry.creation_height).toBe('number');
    expect(typeof res.entries[0].redelegation_entry.unbonding_id).toBe('number');
    expect(res.entries[0].redelegation_entry).not.toHaveProperty('unbonding_on_hold_ref_count');
    expect(res.entries).toHaveLength(1);
    expect(res.entries[0].balance).toBe('1500000000000000000');
    expect(res.entries[0].redelegation_entry).toMatchObject({ completion_time: completion, initial_balance: '1500000000000000000', shares_dst: '1500000000000000000.000000000000000000' });
    expect(await json(['staking', 'redelegations', ALICE])).toEqual({ redelegation_responses: one.redelegation_responses, pagination: { next_key: null, total: '0' } });
    expect(await json(['staking', 'redelegations-from', ALICE_VAL])).toEqual({ redelegation_responses: one.redelegation_responses, pagination: { next_key: null, total: '0' } });
    expect((await json(['staking', 'redelegations-from', BOB_VAL])).redelegation_responses).toEqual([]);
  });

  it('withdraw-all-rewards: one message per validator of the delegator, split by --max-msgs', async () => {
    const withdraw = (validator: string) => ({ '@type': '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', delegator_address: ALICE, validator_address: validator });
    const all = await n.chaind(['tx', 'distribution', 'withdraw-all-rewards', '--from', 'alice', '--generate-only']);
    expect(all.stdout.trim().split('\n').map((line) => JSON.parse(line).body.messages)).toEqual([[withdraw(ALICE_VAL), withdraw(BOB_VAL)]]);
    const split = await n.chaind(['tx', 'distribution', 'withdraw-all-rewards', '--from', 'alice', '--generate-only', '--max-msgs', '1']);
    expect(split.stdout.trim().split('\n').map((line) => JSON.parse(line).body.messages)).toEqual([[withdraw(ALICE_VAL)], [withdraw(BOB_VAL)]]);
    // pflag's Int: strconv.ParseInt(s, 0, 64), so 0x1 is 1
    const hex = await n.chaind(['tx', 'distribution', 'withdraw-all-rewards', '--from', 'alice', '--generate-only', '--max-msgs', '0x1']);
    expect(hex.stdout).toBe(split.stdout);
  });
});
