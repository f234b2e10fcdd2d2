/**
 * The example scenarios of scenarios/, each run in CI at a reduced size, with what each is for
 * checked on the chain it leaves: the tier-crossing year crosses into tier 2 (cut to 40 epochs),
 * the slashing and churn stress slashes, suspends, jails, unbonds and changes params by gov.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walletKey } from '../../../src/modules/pot/state.ts';
import { getMetaNode, getResourceNode, getSlashing, BondStatus } from '../../../src/modules/register/state.ts';
import { bytesToHex } from '@noble/hashes/utils.js';
import { addressFromBech32, Hrp } from '../../../src/crypto/address.ts';
import { parseScenario } from '../../../src/sim/scenario/parse.ts';
import { buildPopulation } from '../../../src/sim/run/population.ts';
import { finalState } from './final-state.ts';
import { runScenario } from '../../../src/sim/run/runner.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'sdsim-scenarios-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (name: string) => parseScenario(readFileSync(join(ROOT, 'scenarios', name), 'utf8'), name);
const rows = (home: string) => {
  const [head, ...lines] = readFileSync(join(home, 'metrics.csv'), 'utf8').trim().split('\n');
  const keys = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i]!, v])));
};


describe('scenarios/', () => {
  it('ships the three example scenarios, each valid', () => {
    expect(readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.yaml')).sort()).toStrictEqual(['slashing-churn.yaml', 'smoke.yaml', 'tier-crossing-year.yaml']);
    for (const f of ['slashing-churn.yaml', 'smoke.yaml', 'tier-crossing-year.yaml']) expect(() => load(f)).not.toThrow();
  });

  it('tier-crossing-year, cut to 40 daily epochs: tier 1 pays 80 stos a report until the total mined passes 2,400 stos, then tier 2 pays 40', async () => {
    const out = join(dir, 'tiers');
    const r = await runScenario(load('tier-crossing-year.yaml'), { out, epochs: 40 });
    expect(r).toMatchObject({ epochs: 40, reports: 40, failedTxs: 0 });
    const m = rows(out);
    const firstTier2 = m.findIndex((x) => x.tier === '2');
    expect(m.slice(0, firstTier2).every((x) => x.tier === '1' && x.mining_validators === '16000000000000000000')).toBe(true);
    expect(m.slice(firstTier2).every((x) => x.tier === '2' && x.mining_validators === '8000000000000000000')).toBe(true);
    // the tier of a report is chosen by the total mined before it: the first tier-2 report follows the one that passed the valve
    expect(BigInt(m[firstTier2 - 1]!.total_mined!)).toBeGreaterThanOrEqual(2400n * 10n ** 18n);
    expect(BigInt(m[firstTier2 - 2]!.total_mined!)).toBeLessThan(2400n * 10n ** 18n);
  }, 120_000);

  it('smoke with --bls full: every report is BLS-signed by the meta nodes and verified by the chain; the home keeps the pairing check', async () => {
    const out = join(dir, 'full');
    const trusted = await runScenario(load('smoke.yaml'), { out: join(dir, 'trusted') });
    const full = await runScenario(load('smoke.yaml'), { out, bls: 'full' });
    expect(full).toMatchObject({ bls: 'full', reports: 6, failedTxs: 0 });
    expect(readFileSync(join(out, 'config', 'app.toml'), 'utf8')).toMatch(/\[pot\][^[]*bls-verifier = "bls12-381"/);
    expect(readFileSync(join(dir, 'trusted', 'config', 'app.toml'), 'utf8')).toMatch(/\[pot\][^[]*bls-verifier = "accept-any"/);
    // only the signatures differ: the same rewards
    expect(readFileSync(join(out, 'metrics.csv'), 'utf8')).toBe(readFileSync(join(dir, 'trusted', 'metrics.csv'), 'utf8'));
    expect(full.appHash).not.toBe(trusted.appHash);
  }, 120_000);

  it('slashing-churn: every scripted event lands on chain', async () => {
    const scenario = load('slashing-churn.yaml');
    const out = join(dir, 'churn');
    const r = await runScenario(scenario, { out });
    expect(r).toMatchObject({ epochs: 48, failedTxs: 0 });
    const pop = buildPopulation(scenario);
    const s = finalState(out);
    const hex = (a: string) => bytesToHex(addressFromBech32(a, Hrp.account));
    // the proposal at epoch 14 passed: maturity is 3 epochs now
    expect(s.pot.params.mature_epoch).toBe(3n);
    // validator-1 double-signed: slashed 5 % of 2000 stos, jailed (tombstoned); validator-2 offline: jailed for downtime
    const validator = (i: number) => s.staking.validators[hex(pop.validators[i]!.address)]!;
    expect(validator(1).tokens).toBe(1900n * 10n ** 18n);
    expect(validator(1).jailed).toBe(true);
    expect(validator(2).jailed).toBe(true);
    expect(validator(0).jailed).toBe(false);
    // validator-3 unbonded its whole self-delegation
    expect(validator(3).tokens).toBe(0n);
    // meta-4 left; resource-5 suspended; resource-7 unbonding; resource-3 owes a slashing debt
    expect(getMetaNode(s, pop.metaNodes[4]!.networkAddress)?.status ?? BondStatus.UNBONDED).not.toBe(BondStatus.BONDED);
    expect(getResourceNode(s, pop.resourceNodes[5]!.networkAddress)!.suspend).toBe(true);
    expect(getResourceNode(s, pop.resourceNodes[7]!.networkAddress)?.status ?? BondStatus.UNBONDED).not.toBe(BondStatus.BONDED);
    const m = rows(out);
    // the resource nodes join at epoch 2 and leave at epoch 40: no traffic before; after, the carried
    // 20 % of their traffic is settled in the next reports until nothing is left
    expect(m.slice(0, 2).map((x) => x.report_epoch)).toStrictEqual(['', '']);
    expect(m.slice(40).every((x) => x.nodes_online === '0' && x.uploads === '0')).toBe(true);
    expect(m.slice(40, 43).map((x) => BigInt(x.traffic_carried!) < BigInt(m[39]!.traffic_carried!))).toStrictEqual([true, true, true]);
    expect(m[42]!.traffic_carried).toBe('0');
    expect(m.slice(43).every((x) => x.report_epoch === '')).toBe(true);
    // resource-3 was slashed twice (20 %, then 50 % of its deposit): a debt, paid from its maturing rewards
    expect(getSlashing(s, walletKey(pop.resourceNodes[3]!.address)) > 0n).toBe(true);
  }, 120_000);
});
