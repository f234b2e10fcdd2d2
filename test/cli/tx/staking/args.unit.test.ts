/**
 * The staking-family commands refuse bad arguments and flags locally, with the SDK v0.47 CLI's
 * texts, before anything is signed or sent (reference/sdk-modules.md §1.5, §2.6, §4.5, §6.6): the
 * client home points at a port where no node listens, so any network call would fail differently.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accAddress, valAddress, addressFromBech32 } from '../../../../src/crypto/address.ts';
import { testKey } from '../../../helpers/fixture.ts';
import { offlineHome } from '../offline-home.ts';

const ALICE = testKey(0);
const VAL = valAddress(addressFromBech32(ALICE.address));
const { chaind, fails, dir: tmp, home: homeDir } = offlineHome('chaind-staking-args-');

describe('tx staking: local argument errors', () => {
  it('delegate reads the amount first, then the validator address', async () => {
    await fails(['tx', 'staking', 'delegate', ALICE.address, '1x!', '--from', 'alice'], 'invalid decimal coin expression: 1x!');
    await fails(['tx', 'staking', 'delegate', ALICE.address, '1stos', '--from', 'alice'], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['tx', 'staking', 'delegate', '', '1stos', '--from', 'alice'], 'empty address string is not allowed');
    const r = await chaind(['tx', 'staking', 'delegate', 'stvaloper1abc', '1stos', '--from', 'alice']);
    expect([r.code, r.stderr.startsWith('Error: decoding bech32 failed: ')]).toEqual([1, true]);
  });

  it('redelegate and unbond read the validators first; cancel-unbond checks the height as ParseInt', async () => {
    await fails(['tx', 'staking', 'redelegate', VAL, ALICE.address, '1x!', '--from', 'alice'], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['tx', 'staking', 'redelegate', VAL, VAL, '1x!', '--from', 'alice'], 'invalid decimal coin expression: 1x!');
    await fails(['tx', 'staking', 'unbond', ALICE.address, '1x!', '--from', 'alice'], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['tx', 'staking', 'cancel-unbond', VAL, '1stos', 'ten', '--from', 'alice'], 'invalid height: invalid height: 0');
    await fails(['tx', 'staking', 'cancel-unbond', VAL, '1stos', '9223372036854775808', '--from', 'alice'], 'invalid height: invalid height: 0');
  });

  it('create-validator: required flags, commission all or none, min self delegation, the pubkey', async () => {
    await fails(['tx', 'staking', 'create-validator'], 'required flag(s) "amount", "from", "moniker" not set');
    await fails(['tx', 'staking', 'create-validator', '--from', 'alice', '--moniker', 'v'], 'required flag(s) "amount" not set');
    const base = ['tx', 'staking', 'create-validator', '--from', 'alice', '--moniker', 'v', '--amount', '1stos'];
    const key = '{"@type":"/sdk.crypto.ed25519.PubKey","key":"' + Buffer.alloc(32, 7).toString('base64') + '"}';
    await fails([...base, '--pubkey', key, '--commission-rate', '0.1'], 'must specify all validator commission parameters');
    const rates = ['--commission-rate', '0.1', '--commission-max-rate', '0.2', '--commission-max-change-rate', '0.01'];
    await fails([...base, '--pubkey', key, ...rates], 'minimum self delegation must be a positive integer: invalid request');
    await fails([...base, '--pubkey', key, ...rates, '--min-self-delegation', '1.5'], 'minimum self delegation must be a positive integer: invalid request');
    await fails([...base, '--pubkey', key, '--commission-rate', '0.1.1', '--commission-max-rate', '0.2', '--commission-max-change-rate', '0.01'], 'invalid decimal string');
    await fails([...base.slice(0, -1), '1x!', '--pubkey', key], 'invalid decimal coin expression: 1x!');
    // no --pubkey and no priv_validator_key.json in the home
    const r = await chaind([...base, ...rates, '--min-self-delegation', '1']);
    expect([r.code, r.stderr]).toEqual([1, `Error: required flag(s) "pubkey" not set (and there is no ${join(homeDir(), 'config', 'priv_validator_key.json')} to take the consensus key from)\n`]);
    const short = '{"@type":"/sdk.crypto.ed25519.PubKey","key":"' + Buffer.alloc(31, 7).toString('base64') + '"}';
    await fails([...base, ...rates, '--min-self-delegation', '1', '--pubkey', short], 'invalid pubkey size: an ed25519 key is 32 bytes, got 31');
    const notAKey = '{"@type":"/sdk.bank.v1beta1.MsgSend"}';
    await fails([...base, ...rates, '--min-self-delegation', '1', '--pubkey', notAKey], `no concrete type registered for type URL /sdk.bank.v1beta1.MsgSend against interface *types.PubKey (expected a consensus public key such as {"@type":"/sdk.crypto.ed25519.PubKey","key":"<base64 of 32 bytes>"})`);
  });

  it('create-validator: any registered public key type goes into the message, for the chain to judge (staking 6)', async () => {
    const rates = ['--commission-rate', '0.1', '--commission-max-rate', '0.2', '--commission-max-change-rate', '0.01', '--min-self-delegation', '1'];
    const secp = { '@type': '/sdk.crypto.secp256k1.PubKey', key: 'AnxyywvuwdeVrJa2SUGji3OsTSus5k8x3LN5jrB2yIJs' };
    const r = await chaind(['tx', 'staking', 'create-validator', '--from', 'alice', '--moniker', 'v', '--amount', '1stos', ...rates, '--pubkey', JSON.stringify(secp), '--generate-only']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout).body.messages[0].pubkey).toEqual(secp);
  });

  it('create-validator and edit-validator read --min-self-delegation as math.NewIntFromString: big.Int SetString base 0, at most 256 bits', async () => {
    const rates = ['--commission-rate', '0.1', '--commission-max-rate', '0.2', '--commission-max-change-rate', '0.01'];
    const key = '{"@type":"/sdk.crypto.ed25519.PubKey","key":"' + Buffer.alloc(32, 7).toString('base64') + '"}';
    const create = async (msd: string) => {
      const r = await chaind(['tx', 'staking', 'create-validator', '--from', 'alice', '--moniker', 'v', '--amount', '1stos', '--pubkey', key, ...rates, '--min-self-delegation', msd, '--generate-only']);
      expect([r.code, r.stderr]).toEqual([0, '']);
      return JSON.parse(r.stdout).body.messages[0].min_self_delegation;
    };
    expect([await create('010'), await create('0x10'), await create('0b11'), await create('1_000'), await create('+7')]).toEqual(['8', '16', '3', '1000', '7']);
    const edit = await chaind(['tx', 'staking', 'edit-validator', '--from', 'alice', '--min-self-delegation', '0o17', '--generate-only']);
    expect(JSON.parse(edit.stdout).body.messages[0].min_self_delegation).toBe('15');
    const base = ['tx', 'staking', 'create-validator', '--from', 'alice', '--moniker', 'v', '--amount', '1stos', '--pubkey', key, ...rates];
    for (const bad of ['08', '0x', '1__0', '_1', (1n << 256n).toString()]) await fails([...base, '--min-self-delegation', bad], 'minimum self delegation must be a positive integer: invalid request');
  });

  it('edit-validator: a bad rate or min self delegation', async () => {
    await fails(['tx', 'staking', 'edit-validator', '--from', 'alice', '--commission-rate', 'x'], 'invalid new commission rate: failed to set decimal string with base 10: x000000000000000000');
    await fails(['tx', 'staking', 'edit-validator', '--from', 'alice', '--min-self-delegation', 'x'], 'minimum self delegation must be a positive integer: invalid request');
  });
});

describe('tx distribution and slashing: local argument errors', () => {
  it('withdraw-rewards, set-withdraw-addr, fund-community-pool, withdraw-all-rewards --offline, unjail with an argument', async () => {
    await fails(['tx', 'distribution', 'withdraw-rewards', ALICE.address, '--from', 'alice'], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['tx', 'distribution', 'set-withdraw-addr', VAL, '--from', 'alice'], 'invalid Bech32 prefix; expected st, got stvaloper');
    await fails(['tx', 'distribution', 'fund-community-pool', '1x!', '--from', 'alice'], 'invalid decimal coin expression: 1x!');
    await fails(['tx', 'distribution', 'withdraw-all-rewards', '--from', 'alice', '--offline', '-a', '0', '-s', '0'], 'cannot generate tx in offline mode');
    const big = await chaind(['tx', 'distribution', 'withdraw-all-rewards', '--from', 'alice', '--max-msgs', '9223372036854775808']);
    expect([big.code, big.stderr.split('\n')[0]]).toEqual([1, 'Error: invalid argument "9223372036854775808" for "--max-msgs" flag: strconv.ParseInt: parsing "9223372036854775808": value out of range']);
    const r = await chaind(['tx', 'slashing', 'unjail', 'extra', '--from', 'alice']);
    // v0.47 unjail is cobra.NoArgs, whose refusal names the first argument as an unknown command
    expect([r.code, r.stderr]).toEqual([1, "Error: unknown command \"extra\" for \"chaind tx slashing unjail\"\nRun 'chaind tx slashing unjail --help' for usage.\n"]);
  });
});

describe('query staking|distribution|slashing: local argument errors', () => {
  it('addresses of the wrong kind, heights, page with offset', async () => {
    await fails(['query', 'staking', 'validator', ALICE.address], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['query', 'staking', 'delegation', VAL, VAL], 'invalid Bech32 prefix; expected st, got stvaloper');
    // unbonding-delegation reads the validator first
    await fails(['query', 'staking', 'unbonding-delegation', VAL, ALICE.address], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['query', 'staking', 'redelegation', ALICE.address, VAL, ALICE.address], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['query', 'staking', 'historical-info', '-1'], 'height argument provided must be a non-negative-integer: <nil>');
    await fails(['query', 'staking', 'historical-info', 'abc'], 'height argument provided must be a non-negative-integer: strconv.ParseInt: parsing "abc": invalid syntax');
    await fails(['query', 'staking', 'validators', '--page', '2', '--offset', '1'], 'page and offset cannot be used together: invalid request');
    await fails(['query', 'distribution', 'slashes', VAL, 'x', '1'], 'start-height x not a valid uint, please input a valid start-height');
    await fails(['query', 'distribution', 'slashes', VAL, '1', '-1'], 'end-height -1 not a valid uint, please input a valid end-height');
    await fails(['query', 'distribution', 'rewards', VAL], 'invalid Bech32 prefix; expected st, got stvaloper');
    await fails(['query', 'distribution', 'commission', ALICE.address], 'invalid Bech32 prefix; expected stvaloper, got st');
    await fails(['query', 'slashing', 'signing-info', '{"@type":"/sdk.crypto.secp256k1.PubKey","key":"AA=="}'], 'invalid secp256k1 public key: expected 33 bytes, got 1');
  });
});
