/**
 * `chaind query mint|slashing|distribution …` against a running node without validators: the
 * params objects as YAML (keys sorted, numbers-as-strings quoted) and compact JSON, mint's bare
 * decimals whatever `-o` says, empty lists with their pagination, and the node's NotFound error as
 * the SDK CLI prints it (reference/sdk-modules.md §1.3, §1.5, §4.5, §5, §6.6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromBech32, valAddress } from '../../../../src/crypto/address.ts';
import { genesisWith, testKey } from '../../../helpers/fixture.ts';
import { startCliNode, type CliNode } from '../../tx/cli-node.ts';

const ALICE = testKey(0).address;
const VAL = valAddress(addressFromBech32(ALICE));
let n: CliNode;
beforeAll(async () => {
  n = await startCliNode('sdk-params', genesisWith([[ALICE, 10n ** 24n]]));
}, 30_000);
afterAll(async () => {
  await n?.close();
});

async function ok(args: string[]): Promise<string> {
  const r = await n.chaind(args);
  expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
  return r.stdout;
}

describe('query mint', () => {
  it('params as YAML and JSON; inflation and annual-provisions as bare decimals with either -o', async () => {
    expect(await ok(['query', 'mint', 'params'])).toBe(
      'blocks_per_year: "6311520"\ngoal_bonded: "0.670000000000000000"\ninflation_max: "0.000000000000000000"\ninflation_min: "0.000000000000000000"\ninflation_rate_change: "0.000000000000000000"\nmint_denom: wei\n',
    );
    expect(await ok(['query', 'mint', 'params', '-o', 'json'])).toBe(
      '{"mint_denom":"wei","inflation_rate_change":"0.000000000000000000","inflation_max":"0.000000000000000000","inflation_min":"0.000000000000000000","goal_bonded":"0.670000000000000000","blocks_per_year":"6311520"}\n',
    );
    for (const o of ['text', 'json']) {
      expect(await ok(['query', 'mint', 'inflation', '-o', o])).toBe('0.000000000000000000\n');
      expect(await ok(['query', 'mint', 'annual-provisions', '-o', o])).toBe('0.000000000000000000\n');
    }
  });
});

describe('query slashing', () => {
  it('params; signing-infos with no validator; signing-info of an unknown key is the NotFound status', async () => {
    expect(await ok(['query', 'slashing', 'params'])).toBe(
      'downtime_jail_duration: 21600s\nmin_signed_per_window: "0.050000000000000000"\nsigned_blocks_window: "10000"\nslash_fraction_double_sign: "0.050000000000000000"\nslash_fraction_downtime: "0.000200000000000000"\n',
    );
    expect(await ok(['query', 'slashing', 'signing-infos'])).toBe('info: []\npagination:\n  next_key: null\n  total: "0"\n');
    expect(await ok(['query', 'slashing', 'signing-infos', '--count-total', '-o', 'json'])).toBe('{"info":[],"pagination":{"next_key":null,"total":"0"}}\n');
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(await n.chaind(['query', 'slashing', 'signing-info', `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${key}"}`])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Error: rpc error: code = NotFound desc = rpc error: code = NotFound desc = SigningInfo not found for validator stvalcons1fwcxlrjw8fm3t5sp64eap2jzxa3w2hdtn9qes5: key not found\n',
    });
  });
});

describe('query distribution', () => {
  it('params, community-pool, and the empty answers for a validator and a delegator that have nothing', async () => {
    expect(await ok(['query', 'distribution', 'params'])).toBe(
      'base_proposer_reward: "0.000000000000000000"\nbonus_proposer_reward: "0.000000000000000000"\ncommunity_tax: "0.000000000000000000"\nwithdraw_addr_enabled: true\n',
    );
    expect(await ok(['query', 'distribution', 'community-pool', '-o', 'json'])).toBe('{"pool":[]}\n');
    // the inner objects, not the responses
    expect(await ok(['query', 'distribution', 'validator-outstanding-rewards', VAL, '-o', 'json'])).toBe('{"rewards":[]}\n');
    expect(await ok(['query', 'distribution', 'commission', VAL])).toBe('commission: []\n');
    expect(await ok(['query', 'distribution', 'rewards', ALICE, '-o', 'json'])).toBe('{"rewards":[],"total":[]}\n');
    expect(await ok(['query', 'distribution', 'slashes', VAL, '0', '10'])).toBe('pagination:\n  next_key: null\n  total: "0"\nslashes: []\n');
  });
});
