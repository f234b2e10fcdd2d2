/**
 * `chaind init --default-denom` sets the SDK's bond denom for the new genesis (staking `bond_denom`,
 * mint `mint_denom`, gov `min_deposit`; register, sds and pot keep wei), and each node command's
 * `--help` says what `--chain-id` does for that command.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome } from '../run-chaind.ts';
import { chaind } from './in-process.ts';

const appStateOf = (home: string) => JSON.parse(readFileSync(join(home, 'config/genesis.json'), 'utf8')).app_state;

describe('chaind init --default-denom', () => {
  it('puts the denom where SDK v0.47 uses sdk.DefaultBondDenom, and nowhere else', async () => {
    const [plain, foo, wei] = [await tempHome(), await tempHome(), await tempHome()];
    expect((await chaind(['init', 'a', '--home', plain, '--chain-id', 'denom-1'])).code).toBe(0);
    expect((await chaind(['init', 'b', '--home', foo, '--chain-id', 'denom-1', '--default-denom', 'foo'])).code).toBe(0);
    expect((await chaind(['init', 'c', '--home', wei, '--chain-id', 'denom-1', '--default-denom', 'wei'])).code).toBe(0);
    const [p, f] = [appStateOf(plain), appStateOf(foo)];
    expect([f.staking.params.bond_denom, f.mint.params.mint_denom, f.gov.params.min_deposit]).toEqual(['foo', 'foo', [{ denom: 'foo', amount: '100000000000000000000' }]]);
    // the stratos modules' denoms are their own constants
    expect([f.register.params.bond_denom, f.sds.params.bond_denom, f.pot.params.bond_denom, f.pot.params.reward_denom]).toEqual(['wei', 'wei', 'wei', 'wei']);
    // everything else is the default genesis
    expect({
      ...f,
      staking: { ...f.staking, params: { ...f.staking.params, bond_denom: 'wei' } },
      mint: { ...f.mint, params: { ...f.mint.params, mint_denom: 'wei' } },
      gov: { ...f.gov, params: { ...f.gov.params, min_deposit: [{ denom: 'wei', amount: '100000000000000000000' }] } },
    }).toEqual(p);
    // the default denom gives the default genesis, byte for byte
    expect(JSON.stringify(appStateOf(wei))).toBe(JSON.stringify(p));
    expect((await chaind(['genesis', 'validate-genesis', '--home', foo])).code).toBe(0);
  });

  it('refuses an invalid denom', async () => {
    const home = await tempHome();
    expect(await chaind(['init', 'x', '--home', home, '--default-denom', '1x'])).toEqual({ code: 1, stdout: '', stderr: 'Error: invalid denom: 1x\n' });
  });
});

describe('--chain-id in the help of each node command', () => {
  /** the --chain-id entry of `--help`, its wrapped lines joined */
  async function chainIdHelp(words: string[]): Promise<string> {
    const r = await chaind([...words, '--help']);
    const lines = r.stdout.split('\n');
    const i = lines.findIndex((l) => l.trimStart().startsWith('--chain-id'));
    const entry = [lines[i]!];
    for (let j = i + 1; j < lines.length && /^ {10,}\S/.test(lines[j]!); j++) entry.push(lines[j]!);
    return entry.map((l) => l.trim()).join(' ').replace(/\s+/g, ' ');
  }

  it('init: the chain ID written into genesis.json, never "testnet"', async () => {
    expect(await chainIdHelp(['init'])).toBe("--chain-id <value> The chain ID written into genesis.json (default: client.toml's chain-id, else a random test-chain-XXXXXX)");
  });

  it('gentx: the chain ID it signs for', async () => {
    expect(await chainIdHelp(['genesis', 'gentx'])).toBe("--chain-id <value> The chain ID the gentx is signed for (default: genesis.json's chain_id)");
  });

  it('start: taken from genesis.json', async () => {
    expect(await chainIdHelp(['start'])).toBe("--chain-id <value> The network chain ID: the node takes it from genesis.json (a value that differs from genesis.json's chain_id logs a note)");
  });

  it('the commands that read no chain ID say so', async () => {
    for (const words of [['export'], ['config'], ['status'], ['consensus', 'show-node-id'], ['consensus', 'unsafe-reset-all'], ['genesis', 'validate-genesis'], ['genesis', 'add-genesis-account'], ['genesis', 'collect-gentxs']]) {
      expect(await chainIdHelp(words), words.join(' ')).toBe('--chain-id <value> The network chain ID (not used by this command)');
    }
  });
});
