/**
 * `chaind init`, the genesis helpers, `config`, the consensus key commands and `version`, run as
 * real processes against temporary homes. Expected keys, addresses and ids are computed here with
 * @noble/curves, @noble/hashes and the bech32 package, not with the code under test.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from 'bech32';
import { parse as parseToml } from 'smol-toml';
import { runChaind, tempHome } from '../run-chaind.ts';
import { chaind } from './in-process.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** reference/wire-formats.md §3.1: m/44'/606'/0'/0/0 and /1 of the mnemonic above */
const ALICE = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const BOB = 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k';

const APP_MESSAGE =
  '{"auth":{"accounts":[],"params":{"max_memo_characters":"256","sig_verify_cost_ed25519":"590","sig_verify_cost_secp256k1":"1000","tx_sig_limit":"7","tx_size_cost_per_byte":"10"}},' +
  '"bank":{"balances":[],"denom_metadata":[],"params":{"default_send_enabled":true,"send_enabled":[]},"send_enabled":[],"supply":[]},' +
  '"distribution":{"delegator_starting_infos":[],"delegator_withdraw_infos":[],"fee_pool":{"community_pool":[]},"outstanding_rewards":[],"params":{"base_proposer_reward":"0.000000000000000000","bonus_proposer_reward":"0.000000000000000000","community_tax":"0.000000000000000000","withdraw_addr_enabled":true},"previous_proposer":"","validator_accumulated_commissions":[],"validator_current_rewards":[],"validator_historical_rewards":[],"validator_slash_events":[]},' +
  '"evidence":{"evidence":[]},' +
  '"genutil":{"gen_txs":[]},' +
  '"gov":{"deposit_params":null,"deposits":[],"params":{"burn_proposal_deposit_prevote":false,"burn_vote_quorum":false,"burn_vote_veto":true,"max_deposit_period":"1209600s","min_deposit":[{"amount":"100000000000000000000","denom":"wei"}],"min_initial_deposit_ratio":"0.000000000000000000","quorum":"0.334000000000000000","threshold":"0.500000000000000000","veto_threshold":"0.334000000000000000","voting_period":"604800s"},"proposals":[],"starting_proposal_id":"1","tally_params":null,"votes":[],"voting_params":null},' +
  '"mint":{"minter":{"annual_provisions":"0.000000000000000000","inflation":"0.000000000000000000"},"params":{"blocks_per_year":"6311520","goal_bonded":"0.670000000000000000","inflation_max":"0.000000000000000000","inflation_min":"0.000000000000000000","inflation_rate_change":"0.000000000000000000","mint_denom":"wei"}},' +
  '"pot":{"immature_total_info":[],"individual_reward_info":[],"last_distributed_epoch":"0","mature_total_info":[],"matured_epoch":"0","params":{"bond_denom":"wei","community_tax":"0.020000000000000000","initial_total_supply":{"amount":"400000000000000000000000000","denom":"wei"},"mature_epoch":"2016","mining_reward_params":[{"block_chain_percentage_in_bp":"2000","meta_node_percentage_in_bp":"2000","mining_reward":{"amount":"80000000000000000000","denom":"wei"},"resource_node_percentage_in_bp":"6000","total_mined_valve_end":{"amount":"16819200000000000000000000","denom":"wei"},"total_mined_valve_start":{"amount":"0","denom":"wei"}},{"block_chain_percentage_in_bp":"2000","meta_node_percentage_in_bp":"1800","mining_reward":{"amount":"40000000000000000000","denom":"wei"},"resource_node_percentage_in_bp":"6200","total_mined_valve_end":{"amount":"25228800000000000000000000","denom":"wei"},"total_mined_valve_start":{"amount":"16819200000000000000000000","denom":"wei"}},{"block_chain_percentage_in_bp":"2000","meta_node_percentage_in_bp":"1600","mining_reward":{"amount":"20000000000000000000","denom":"wei"},"resource_node_percentage_in_bp":"6400","total_mined_valve_end":{"amount":"29433600000000000000000000","denom":"wei"},"total_mined_valve_start":{"amount":"25228800000000000000000000","denom":"wei"}},{"block_chain_percentage_in_bp":"2000","meta_node_percentage_in_bp":"1400","mining_reward":{"amount":"10000000000000000000","denom":"wei"},"resource_node_percentage_in_bp":"6600","total_mined_valve_end":{"amount":"31536000000000000000000000","denom":"wei"},"total_mined_valve_start":{"amount":"29433600000000000000000000","denom":"wei"}},{"block_chain_percentage_in_bp":"2000","meta_node_percentage_in_bp":"1200","mining_reward":{"amount":"5000000000000000000","denom":"wei"},"resource_node_percentage_in_bp":"6800","total_mined_valve_end":{"amount":"32587200000000000000000000","denom":"wei"},"total_mined_valve_start":{"amount":"31536000000000000000000000","denom":"wei"}},{"block_chain_percentage_in_bp":"2000","meta_node_percentage_in_bp":"1000","mining_reward":{"amount":"2500000000000000000","denom":"wei"},"resource_node_percentage_in_bp":"7000","total_mined_valve_end":{"amount":"40000000000000000000000000","denom":"wei"},"total_mined_valve_start":{"amount":"32587200000000000000000000","denom":"wei"}}],"reward_denom":"wei"},"reward_total_info":[],"total_mined_token":{"amount":"0","denom":"wei"}},' +
  '"register":{"deposit_noz_rate":"1000000.000000000000000000","kick_meta_node_vote_pool":[],"meta_node_reg_vote_pool":[],"meta_nodes":[],"params":{"bond_denom":"wei","max_entries":16,"resource_node_min_deposit":{"amount":"1000000000000000000","denom":"wei"},"resource_node_reg_enabled":true,"unbonding_completion_time":"1209600s","unbonding_threashold_time":"15552000s","voting_period":"604800s"},"remaining_noz_limit":"0","resource_nodes":[],"slashing":[],"unbonding_nodes":[]},' +
  '"sds":{"files":null,"params":{"bond_denom":"wei"}},' +
  '"slashing":{"missed_blocks":[],"params":{"downtime_jail_duration":"21600s","min_signed_per_window":"0.050000000000000000","signed_blocks_window":"10000","slash_fraction_double_sign":"0.050000000000000000","slash_fraction_downtime":"0.000200000000000000"},"signing_infos":[]},' +
  '"staking":{"delegations":[],"exported":false,"last_total_power":"0","last_validator_powers":[],"params":{"bond_denom":"wei","historical_entries":10000,"max_entries":7,"max_validators":100,"min_commission_rate":"0.000000000000000000","unbonding_time":"1814400s"},"redelegations":[],"unbonding_delegations":[],"validators":[]}}';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

/** ed25519 pubkey of a CometBFT key file's 64-byte priv_key value (seed ‖ pub): recomputed from the seed. */
function pubOfKeyFile(path: string): Uint8Array {
  const priv = Buffer.from(readJson(path).priv_key.value, 'base64');
  return ed25519.getPublicKey(new Uint8Array(priv.subarray(0, 32)));
}

describe('chaind init', () => {
  let home: string;
  let firstInit: { code: number; stdout: string; stderr: string };
  const before = Date.now();

  beforeAll(async () => {
    home = await tempHome();
    firstInit = await runChaind(['init', 'mynode', '--home', home, '--chain-id', 'test-chain-1']);
  });

  it('prints the SDK summary, sorted and compact, on stderr', () => {
    expect(firstInit.code).toBe(0);
    expect(firstInit.stdout).toBe('');
    const nodeId = hex(sha256(pubOfKeyFile(join(home, 'config/node_key.json'))).subarray(0, 20));
    expect(firstInit.stderr).toBe(`{"app_message":${APP_MESSAGE},"chain_id":"test-chain-1","gentxs_dir":"","moniker":"mynode","node_id":"${nodeId}"}\n`);
  });

  it('creates the home files', () => {
    for (const f of ['config/genesis.json', 'config/config.toml', 'config/app.toml', 'config/client.toml', 'config/node_key.json', 'config/priv_validator_key.json', 'data/priv_validator_state.json']) {
      expect(existsSync(join(home, f)), f).toBe(true);
    }
    expect(readFileSync(join(home, 'data/priv_validator_state.json'), 'utf8')).toBe('{\n  "height": "0",\n  "round": 0,\n  "step": 0\n}');
    const pv = readJson(join(home, 'config/priv_validator_key.json'));
    const pub = pubOfKeyFile(join(home, 'config/priv_validator_key.json'));
    expect(pv.pub_key).toEqual({ type: 'tendermint/PubKeyEd25519', value: b64(pub) });
    expect(pv.address).toBe(hex(sha256(pub).subarray(0, 20)).toUpperCase());
  });

  it('writes a CometBFT genesis with this node as its single validator', () => {
    const text = readFileSync(join(home, 'config/genesis.json'), 'utf8');
    expect(text.startsWith('{\n  "genesis_time": "')).toBe(true);
    const g = JSON.parse(text);
    expect(Object.keys(g)).toEqual(['genesis_time', 'chain_id', 'initial_height', 'consensus_params', 'validators', 'app_hash', 'app_state']);
    expect(Date.parse(g.genesis_time)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(g.genesis_time)).toBeLessThanOrEqual(Date.now());
    expect(g.chain_id).toBe('test-chain-1');
    expect(g.initial_height).toBe('1');
    expect(g.consensus_params).toEqual({
      block: { max_bytes: '22020096', max_gas: '20000000' },
      evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000', max_bytes: '1048576' },
      validator: { pub_key_types: ['ed25519'] },
      version: { app: '0' },
    });
    const pub = pubOfKeyFile(join(home, 'config/priv_validator_key.json'));
    expect(g.validators).toEqual([
      { address: hex(sha256(pub).subarray(0, 20)).toUpperCase(), pub_key: { type: 'tendermint/PubKeyEd25519', value: b64(pub) }, power: '10', name: 'mynode' },
    ]);
    expect(g.app_hash).toBe('');
    expect(JSON.stringify(g.app_state)).not.toBe(''); // module order and content below
    expect(Object.keys(g.app_state)).toEqual(['auth', 'bank', 'distribution', 'evidence', 'genutil', 'gov', 'mint', 'pot', 'register', 'sds', 'slashing', 'staking']);
  });

  it('writes config.toml, app.toml and client.toml with the CometBFT/SDK keys', () => {
    const config = parseToml(readFileSync(join(home, 'config/config.toml'), 'utf8')) as any;
    expect(config.moniker).toBe('mynode');
    expect(config.db_dir).toBe('data');
    expect(config.db_backend).toBe('goleveldb');
    expect(config.rpc.laddr).toBe('tcp://127.0.0.1:26657');
    expect(config.p2p.laddr).toBe('tcp://0.0.0.0:26656');
    expect(config.consensus.timeout_commit).toBe('5s');
    expect(config.consensus.create_empty_blocks).toBe(true);
    expect(config.consensus.create_empty_blocks_interval).toBe('0s');
    expect(config.tx_index.indexer).toBe('kv');
    const app = parseToml(readFileSync(join(home, 'config/app.toml'), 'utf8')) as any;
    expect(app['minimum-gas-prices']).toBe('1000000000wei');
    expect([app.pruning, app['pruning-keep-recent'], app['pruning-interval'], app['halt-height'], app['halt-time']]).toEqual(['default', '0', '0', 0, 0]);
    expect(app.api).toMatchObject({ enable: false, address: 'tcp://0.0.0.0:1317', 'enabled-unsafe-cors': false });
    expect(app.grpc).toMatchObject({ enable: true, address: '0.0.0.0:9090' });
    expect(app['json-rpc']).toMatchObject({ enable: true, address: '0.0.0.0:8545', 'ws-address': '0.0.0.0:8546', api: 'eth,net,web3' });
    const client = parseToml(readFileSync(join(home, 'config/client.toml'), 'utf8'));
    expect(client).toEqual({ 'chain-id': 'test-chain-1', 'keyring-backend': 'os', output: 'text', node: 'tcp://localhost:26657', 'broadcast-mode': 'sync' });
  });

  it('refuses to overwrite the genesis without -o, and with -o keeps the keys and the genesis time', async () => {
    const genesisBefore = readJson(join(home, 'config/genesis.json'));
    const keyBefore = readFileSync(join(home, 'config/priv_validator_key.json'), 'utf8');
    const again = await chaind(['init', 'mynode', '--home', home]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Error: genesis.json file already exists: ${join(home, 'config/genesis.json')}\n`);
    const over = await runChaind(['init', 'renamed', '-o', '--home', home, '--chain-id', 'other-chain']);
    expect(over.code).toBe(0);
    const g = readJson(join(home, 'config/genesis.json'));
    expect(g.chain_id).toBe('other-chain');
    expect(g.genesis_time).toBe(genesisBefore.genesis_time);
    expect(g.validators[0].name).toBe('renamed');
    expect(g.validators[0].pub_key).toEqual(genesisBefore.validators[0].pub_key);
    expect(readFileSync(join(home, 'config/priv_validator_key.json'), 'utf8')).toBe(keyBefore);
    expect((parseToml(readFileSync(join(home, 'config/config.toml'), 'utf8')) as any).moniker).toBe('renamed');
  });

  it('picks a random test-chain-XXXXXX chain id and derives the validator key from a mnemonic with --recover', async () => {
    const h = await tempHome();
    const r = await runChaind(['init', 'rec', '--home', h, '--recover'], MNEMONIC + '\n');
    expect(r.code).toBe(0);
    const chainId = readJson(join(h, 'config/genesis.json')).chain_id;
    expect(chainId).toMatch(/^test-chain-[0-9A-Za-z]{6}$/);
    expect((parseToml(readFileSync(join(h, 'config/client.toml'), 'utf8')) as any)['chain-id']).toBe(chainId);
    // CometBFT GenPrivKeyFromSecret: ed25519 seed = sha256(mnemonic text)
    const pub = ed25519.getPublicKey(sha256(new TextEncoder().encode(MNEMONIC)));
    expect(readJson(join(h, 'config/priv_validator_key.json')).pub_key.value).toBe(b64(pub));

    const shown = await runChaind(['consensus', 'show-validator', '--home', h]);
    expect(shown).toEqual({ code: 0, stdout: `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${b64(pub)}"}\n`, stderr: '' });
    const address = await chaind(['consensus', 'show-address', '--home', h]);
    expect(address.stdout).toBe(bech32.encode('stvalcons', bech32.toWords(sha256(pub).subarray(0, 20))) + '\n');
    const nodeId = await chaind(['consensus', 'show-node-id', '--home', h]);
    expect(nodeId.stdout).toBe(hex(sha256(pubOfKeyFile(join(h, 'config/node_key.json'))).subarray(0, 20)) + '\n');

    const bad = await chaind(['init', 'x', '--home', await tempHome(), '--recover'], ['abandon abandon']);
    expect(bad).toEqual({ code: 1, stdout: '', stderr: 'Error: invalid mnemonic\n' });
  });
});

describe('chaind genesis helpers', () => {
  let home: string;
  beforeAll(async () => {
    home = await tempHome();
    expect((await chaind(['init', 'g', '--home', home, '--chain-id', 'gen-1'])).code).toBe(0);
  });

  it('adds accounts by address and by key name, with balances sorted by address and the supply summed', async () => {
    expect(await runChaind(['genesis', 'add-genesis-account', ALICE, '1stos', '--home', home])).toEqual({ code: 0, stdout: '', stderr: '' });
    const added = await chaind(['keys', 'add', 'bob', '--recover', '--index', '1', '--keyring-backend', 'test', '--home', home], [MNEMONIC]);
    expect(added.code).toBe(0);
    // the legacy top-level spelling of the command, with a key name
    expect(await runChaind(['add-genesis-account', 'bob', '2000gwei', '--keyring-backend', 'test', '--home', home])).toEqual({ code: 0, stdout: '', stderr: '' });
    const g = readJson(join(home, 'config/genesis.json'));
    expect(g.app_state.auth.accounts).toEqual([
      { '@type': '/sdk.auth.v1beta1.BaseAccount', address: ALICE, pub_key: null, account_number: '0', sequence: '0' },
      { '@type': '/sdk.auth.v1beta1.BaseAccount', address: BOB, pub_key: null, account_number: '1', sequence: '0' },
    ]);
    expect(g.app_state.bank.balances).toEqual([
      { address: ALICE, coins: [{ denom: 'wei', amount: '1000000000000000000' }] },
      { address: BOB, coins: [{ denom: 'wei', amount: '2000000000000' }] },
    ]);
    expect(g.app_state.bank.supply).toEqual([{ denom: 'wei', amount: '1000002000000000000' }]);
    expect((await runChaind(['genesis', 'validate-genesis', '--home', home])).stdout).toBe(`File at ${join(home, 'config/genesis.json')} is a valid genesis file\n`);
  });

  it('refuses a duplicate account, an unknown key and bad coins with the SDK texts', async () => {
    expect(await chaind(['genesis', 'add-genesis-account', ALICE, '5wei', '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: cannot add account at existing address ${ALICE}\n` });
    expect(await chaind(['genesis', 'add-genesis-account', 'carol', '5wei', '--keyring-backend', 'test', '--home', home])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: failed to get address from Keyring: carol.info: key not found\n',
    });
    expect(await chaind(['genesis', 'add-genesis-account', ALICE, '12', '--home', home])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: failed to parse coins: invalid decimal coin expression: 12\n',
    });
  });

  it('validate-genesis reports what InitChain would refuse', async () => {
    const path = join(home, 'bad-genesis.json');
    const g = readJson(join(home, 'config/genesis.json'));
    g.app_state.bank.supply = [{ denom: 'wei', amount: '7' }];
    writeFileSync(path, JSON.stringify(g));
    expect(await chaind(['genesis', 'validate-genesis', path, '--home', home])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: error validating genesis file ${path}: app_state.bank.supply: genesis supply is incorrect, expected 7wei, got 1000002000000000000wei\n`,
    });
  });

  it("validate-genesis: a document CometBFT cannot read, in Go's words with the SDK's advice; any chain id of 1-50 bytes", async () => {
    const advice = '. Make sure that you have correctly migrated all CometBFT consensus params, please see the chain migration guide at https://github.com/cosmos/cosmos-sdk/blob/main/UPGRADING.md for more info';
    const broken = join(home, 'broken.json');
    writeFileSync(broken, '{');
    expect(await chaind(['genesis', 'validate-genesis', broken, '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: error reading GenesisDoc at ${broken}: unexpected end of JSON input${advice}\n` });
    const missing = join(home, 'nothing.json');
    expect(await chaind(['genesis', 'validate-genesis', missing, '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: couldn't read GenesisDoc file: open ${missing}: no such file or directory${advice}\n` });
    const g = readJson(join(home, 'config/genesis.json'));
    const colon = join(home, 'colon.json');
    writeFileSync(colon, JSON.stringify({ ...g, chain_id: 'chain:one/1' }));
    expect((await chaind(['genesis', 'validate-genesis', colon, '--home', home])).code).toBe(0);
    writeFileSync(colon, JSON.stringify({ ...g, chain_id: 'x'.repeat(51) }));
    expect(await chaind(['genesis', 'validate-genesis', colon, '--home', home])).toEqual({ code: 1, stdout: '', stderr: `Error: error reading GenesisDoc at ${colon}: chain_id in genesis doc is too long (max: 50)${advice}\n` });
    writeFileSync(colon, JSON.stringify({ ...g, chain_id: '' }));
    expect((await chaind(['genesis', 'validate-genesis', colon, '--home', home])).stderr).toBe(`Error: error reading GenesisDoc at ${colon}: genesis doc must include non-empty chain_id${advice}\n`);
  });
});
