/**
 * `chaind genesis gentx` → `collect-gentxs` → `start`: the validator set of the chain comes from
 * staking (the gentx's self-delegation), as on an SDK chain. Keys and addresses are computed here
 * with @noble libraries, not with the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { tempHome } from '../run-chaind.ts';
import { chaind } from './in-process.ts';
import { freePort, rpc, startChaind, type NodeProcess } from './node-process.ts';
import { ALICE, gentxHome, MNEMONIC } from './gentx-home.ts';

const CHAIN_ID = 'gentx-chain';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('chaind genesis gentx / collect-gentxs', () => {
  let home: string;
  let node: NodeProcess | undefined;
  let consKey: Uint8Array;

  beforeAll(async () => {
    home = await tempHome();
    expect((await chaind(['init', 'val', '--home', home, '--chain-id', CHAIN_ID])).code).toBe(0);
    expect((await chaind(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', '--home', home], [MNEMONIC])).code).toBe(0);
    expect((await chaind(['genesis', 'add-genesis-account', ALICE, '1000stos', '--home', home])).code).toBe(0);
    const priv = Buffer.from(readJson(join(home, 'config/priv_validator_key.json')).priv_key.value, 'base64');
    consKey = ed25519.getPublicKey(new Uint8Array(priv.subarray(0, 32)));
  });

  afterAll(async () => {
    await node?.stop();
  });

  it('refuses a delegator without enough genesis funds', async () => {
    const r = await chaind(['genesis', 'gentx', 'alice', '2000stos', '--keyring-backend', 'test', '--home', home]);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: failed to validate account in genesis: account ${ALICE} has a balance in genesis, but it only has 1000000000000000000000wei available to stake, not 2000000000000000000000wei\n`,
    });
  });

  it.each([
    [['--commission-rate', '0.5', '--commission-max-rate', '0.2'], 'commission cannot be more than the max rate'],
    [['--commission-rate', '2', '--commission-max-rate', '3'], 'commission cannot be more than 100%'],
    [['--commission-max-change-rate', '0.5'], 'commission change rate cannot be more than the max rate'],
    [['--min-self-delegation', '0'], 'minimum self delegation must be a positive integer: invalid request'],
    [['--min-self-delegation', '200000000000000000000'], 'validator\'s self delegation must be greater than their minimum self delegation'],
  ])('runs MsgCreateValidator\'s ValidateBasic before signing: %j', async (flags, message) => {
    const r = await chaind(['genesis', 'gentx', 'alice', '100stos', '--keyring-backend', 'test', '--home', home, ...flags]);
    expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    expect(existsSync(join(home, 'config/gentx'))).toBe(false);
  });

  it("the memo is the node's peer address '<node id>@<ip>:<p2p port>', replacing --note unless --ip is empty or --p2p-port 0", async () => {
    const nodeId = (await chaind(['consensus', 'show-node-id', '--home', home])).stdout.trim();
    const memoOf = async (...flags: string[]) => {
      const out = join(home, `gentx-memo-${flags.join('_').replace(/[^a-z0-9_]/gi, '')}.json`);
      const r = await chaind(['genesis', 'gentx', 'alice', '100stos', '--keyring-backend', 'test', '--home', home, '--output-document', out, ...flags]);
      expect(r.code).toBe(0);
      return readJson(out).body.memo as string;
    };
    expect(await memoOf()).toBe(`${nodeId}@127.0.0.1:26656`);
    expect(await memoOf('--note', 'hello', '--ip', '10.0.0.7', '--p2p-port', '0x10')).toBe(`${nodeId}@10.0.0.7:16`);
    expect(await memoOf('--note', 'hello', '--p2p-port', '0')).toBe('hello');
    expect(await memoOf('--note', 'hello', '--ip', '')).toBe('hello');
    const bad = await chaind(['genesis', 'gentx', 'alice', '100stos', '--keyring-backend', 'test', '--home', home, '--p2p-port', '-1']);
    expect(bad.stderr.split('\n')[0]).toBe('Error: invalid argument "-1" for "--p2p-port" flag: strconv.ParseUint: parsing "-1": invalid syntax');
  });

  it('writes a signed MsgCreateValidator, collects it into gen_txs and starts with it as the only validator', async () => {
    const r = await chaind(['genesis', 'gentx', 'alice', '100stos', '--keyring-backend', 'test', '--home', home, '--moniker', 'alice-val']);
    expect(r.code).toBe(0);
    const file = r.stderr.match(/^Genesis transaction written to "(.+)"\n$/)![1]!;
    expect(file.startsWith(join(home, 'config/gentx/gentx-'))).toBe(true);
    const tx = readJson(file);
    const msg = tx.body.messages[0];
    expect(msg['@type']).toBe('/sdk.staking.v1beta1.MsgCreateValidator');
    expect(msg.delegator_address).toBe(ALICE);
    expect(msg.value).toEqual({ denom: 'wei', amount: '100000000000000000000' });
    expect(msg.pubkey).toEqual({ '@type': '/sdk.crypto.ed25519.PubKey', key: Buffer.from(consKey).toString('base64') });
    expect(msg.commission).toEqual({ rate: '0.100000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' });
    expect(msg.min_self_delegation).toBe('1');
    expect(msg.description.moniker).toBe('alice-val');
    expect(tx.auth_info.signer_infos[0].sequence).toBe('0');
    expect(tx.signatures).toHaveLength(1);

    // writeSignedGenTx never replaces a gentx (O_EXCL)
    const again = await chaind(['genesis', 'gentx', 'alice', '200stos', '--keyring-backend', 'test', '--home', home]);
    expect(again).toEqual({ code: 1, stdout: '', stderr: `Error: failed to write signed gen tx: open ${file}: file exists\n` });
    expect(readJson(file)).toEqual(tx);

    const c = await chaind(['genesis', 'collect-gentxs', '--home', home]);
    expect(c.code).toBe(0);
    const genesis = readJson(join(home, 'config/genesis.json'));
    expect(genesis.app_state.genutil.gen_txs).toEqual([tx]);
    // CometBFT's GenesisDoc prints `validators` with omitempty
    expect(genesis.validators).toBeUndefined();

    const [rpcPort] = [await freePort()];
    node = startChaind(['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--consensus.timeout_commit', '100ms', '--grpc.address', '127.0.0.1:0']);
    await node.waitFor(/height=3 module=state/);
    const vals = await rpc(rpcPort, 'validators', { height: '2' });
    const address = Buffer.from(sha256(consKey).subarray(0, 20)).toString('hex').toUpperCase();
    // power = floor(tokens / 10^15): 100 STOS → 100000
    expect(vals.validators).toEqual([{ address, pub_key: { type: 'tendermint/PubKeyEd25519', value: Buffer.from(consKey).toString('base64') }, voting_power: '100000', proposer_priority: '0' }]);
    const block = await rpc(rpcPort, 'block', { height: '3' });
    expect(block.block.header.proposer_address).toBe(address);
    expect(block.block.last_commit.signatures.map((s: { block_id_flag: number; validator_address: string }) => [s.block_id_flag, s.validator_address])).toEqual([[2, address]]);
  });
});

/**
 * A chain whose genesis starts above height 1 (`init --initial-height`, what a non-zero-height
 * `chaind export` writes) with its validators from gentxs (genesis.json lists none): its first block
 * is at the initial height, made with the set InitChain returned.
 */
describe('a gentx chain with initial height 5', () => {
  let node: NodeProcess | undefined;
  afterAll(async () => {
    await node?.stop();
  });

  it('makes blocks 5, 6, … with the gentx validator signing', async () => {
    const home = await gentxHome('ih-1', { initArgs: ['--initial-height', '5'] });
    const port = await freePort();
    node = startChaind(['--home', home, '--rpc.laddr', `tcp://127.0.0.1:${port}`, '--consensus.timeout_commit', '100ms', '--grpc.address', '127.0.0.1:0', '--json-rpc.enable=false']);
    await node.waitFor(/height=6 module=state/);
    const first = await rpc(port, 'block', { height: '5' });
    expect(first.block.header.height).toBe('5');
    const vals = await rpc(port, 'validators', { height: '5' });
    expect(vals.validators.map((v: { voting_power: string }) => v.voting_power)).toEqual(['100000']);
  }, 60_000);
});

/**
 * BaseApp InitChain's sanity check: a genesis file that lists validators and whose staking gives a
 * set must list that set (what `chaind export` writes); the node refuses to start otherwise.
 */
describe('genesis.validators beside a gentx set', () => {
  it('must be the set InitChain gives: another power or another count is refused, the same set starts', async () => {
    const home = await gentxHome('gv-1');
    const file = join(home, 'config/genesis.json');
    const genesis = readJson(file);
    const priv = Buffer.from(readJson(join(home, 'config/priv_validator_key.json')).priv_key.value, 'base64');
    const pub = Buffer.from(ed25519.getPublicKey(new Uint8Array(priv.subarray(0, 32))));
    const member = (power: string, key = pub) => ({ address: Buffer.from(sha256(key).subarray(0, 20)).toString('hex').toUpperCase(), pub_key: { type: 'tendermint/PubKeyEd25519', value: key.toString('base64') }, power, name: 'alice' });
    const start = async (validators: unknown[]) => {
      writeFileSync(file, JSON.stringify({ ...genesis, validators }, null, 2));
      return chaind(['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${await freePort()}`, '--grpc.address', '127.0.0.1:0', '--json-rpc.enable=false', '--consensus.timeout_commit', '50ms', '--halt-height', '2']);
    };
    const refused = (why: string) => ({ code: 1, stdout: '', stderr: expect.stringContaining(`Error: ${file}: genesis.validators are not the validator set InitChain gives (staking's): ${why} (list staking's bonded set there`) });
    expect(await start([member('100')])).toMatchObject(refused('genesisValidators[0] != req.Validators[0]'));
    expect(await start([member('100000'), member('5', Buffer.alloc(32, 7))])).toMatchObject(refused('len(RequestInitChain.Validators) != len(GenesisValidators) (2 != 1)'));
    const ok = await start([member('100000')]);
    expect([ok.code, ok.stderr]).toEqual([0, expect.stringContaining('INF node stopped height=1 module=server\n')]);
  }, 60_000);
});
