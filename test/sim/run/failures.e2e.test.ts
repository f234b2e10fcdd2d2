/**
 * `sdsim run` and what the chain cannot do (docs/scenarios.md "Errors", "When a run fails"): a
 * scenario the chain would refuse — a misspelled or bad genesis override, a proposal's unknown or
 * bad param, a duration that is not whole epochs, a prepay of 0 — stops before anything is written,
 * with `<file>:<line>:<col>: <field path>: <problem>` and exit code 1; a run that fails midway (the
 * chain halts, refuses the genesis with the population, does not carry out a proposal) leaves
 * `--out` as it was, so that no folder looks like a finished run. Events due after the last
 * epoch's open block happen, in a closing block. Through the real executable (build first).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Chain } from '../../../src/abci/chain.ts';
import { EpochRecorder } from '../../../src/sim/run/metrics.ts';
import { BondStatus, getResourceNode, getSlashing } from '../../../src/modules/register/state.ts';
import { walletKey } from '../../../src/modules/pot/state.ts';
import { parseScenario } from '../../../src/sim/scenario/parse.ts';
import { buildPopulation } from '../../../src/sim/run/population.ts';
import { finalState } from './final-state.ts';
import { runScenario, RunError } from '../../../src/sim/run/runner.ts';
import { runBin } from '../../cli/run-chaind.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'sdsim-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sdsim = (args: string[]) => runBin('sdsim', args);
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
/** a population small enough for a run of seconds */
const SMALL = 'population: {validators: {count: 1}, meta_nodes: {count: 3}, resource_nodes: {count: 2}, users: {count: 2}}\n';


/** the last block of a home: height, seconds after genesis, txs */
function lastBlock(home: string): [number, number, number] {
  const db = new Database(join(home, 'data', 'chain.sqlite'), { readonly: true });
  try {
    const r = db.prepare('SELECT height, time_ns, num_txs FROM blocks ORDER BY height DESC LIMIT 1').get() as { height: number; time_ns: string; num_txs: number };
    return [Number(r.height), Number((BigInt(r.time_ns) - 1_735_689_600_000_000_000n) / 1_000_000_000n), Number(r.num_txs)];
  } finally {
    db.close();
  }
}

describe('sdsim run: a scenario the chain would refuse stops before anything is written', () => {
  const cases: [string, string, string][] = [
    // genesis overrides: misspelled modules, fields and params were merged in beside the real ones
    ['typo.yaml', 'clock: {duration: {epochs: 2}}\ngenesis: {pot: {params: {mature_epochs: "3", comunity_tax: "0.5"}}}\n',
      'Error: typo.yaml:2:26: genesis.pot.params.mature_epochs: unknown field (did you mean "mature_epoch"?)\n'],
    ['module.yaml', 'clock: {duration: {epochs: 2}}\ngenesis:\n  potz: {params: {mature_epoch: "3"}}\n',
      'Error: module.yaml:3:3: genesis.potz: unknown module (did you mean "pot"?)\n'],
    ['subkey.yaml', 'clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    paramz: {mature_epoch: "3"}\n',
      'Error: subkey.yaml:4:5: genesis.pot.paramz: unknown field (did you mean "params"?)\n'],
    // bad values: the codec's reading, then the module's own validation, named by field path
    ['abc.yaml', 'clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {community_tax: "abc"}\n',
      'Error: abc.yaml:4:29: genesis.pot.params.community_tax: expected a decimal string such as "0.02", got "abc"\n'],
    ['tax.yaml', 'clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {community_tax: "1.5"}\n',
      'Error: tax.yaml:4:29: genesis.pot.params.community_tax: community tax must be between 0 and 1: 1.500000000000000000: invalid community tax param\n'],
    ['mature.yaml', 'clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {mature_epoch: "-5"}\n',
      'Error: mature.yaml:4:28: genesis.pot.params.mature_epoch: mature epoch must be positive: -5: the value of epoch must be positive and greater than its previous one\n'],
    // proposals: unknown params (the run used to fail at the event, leaving a home) and values the chain refuses (the proposal failed silently)
    ['x13.yaml', 'clock: {duration: {epochs: 2}}\nevents:\n  - at: 1\n    proposal: {module: pot, params: {foo: 1}}\n',
      'Error: x13.yaml:4:38: events[0].proposal.params.foo: unknown field (expected one of: bond_denom, reward_denom, mature_epoch, mining_reward_params, community_tax, initial_total_supply)\n'],
    ['p3.yaml', 'clock: {duration: {epochs: 3}}\ngenesis: {gov: {params: {voting_period: 300s}}}\nevents: [{at: 1, proposal: {module: pot, params: {community_tax: "1.5"}}}]\n',
      'Error: p3.yaml:3:66: events[0].proposal.params.community_tax: community tax must be between 0 and 1: 1.500000000000000000: invalid community tax param\n'],
    // a duration between two epochs was rounded up
    ['time.yaml', 'clock: {epoch: 10m, duration: {time: 25m}}\n',
      'Error: time.yaml:1:38: clock.duration.time: not a whole number of epochs (1500s, clock.epoch is 600s): use 1200s or 1800s\n'],
    // a prepay of 0 wei: every first prepay failed
    ['prepay.yaml', 'clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: 0.5wei}\n',
      'Error: prepay.yaml:3:19: population.users.prepay: a prepay must be at least 1 wei (the chain refuses 0), got "0.5wei", which is 0 wei (a fraction of a wei is truncated)\n'],
  ];
  it.each(cases)('%s', async (name, text, stderr) => {
    const out = join(dir, `out-${name}`);
    const r = await sdsim(['run', write(name, text), '--out', out]);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', stderr]);
    expect(existsSync(out)).toBe(false);
  }, 30_000);

  it('--epochs more than the scenario has is refused, not cut to the scenario', async () => {
    const out = join(dir, 'out-epochs');
    const r = await sdsim(['run', join(ROOT, 'scenarios/smoke.yaml'), '--epochs', '100', '--out', out]);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', "Error: --epochs 100 is more than the scenario's 6 epochs\n"]);
    expect(existsSync(out)).toBe(false);
  }, 30_000);

  it('names the problem of --out or of the scenario path in words, not as a system error', async () => {
    const file = join(dir, 'afile');
    writeFileSync(file, 'not a folder\n');
    const smoke = join(ROOT, 'scenarios/smoke.yaml');
    const a = await sdsim(['run', smoke, '--out', file]);
    expect([a.code, a.stdout, a.stderr]).toStrictEqual([1, '', `Error: ${file} is a file, not a folder: give --out a new or empty folder\n`]);
    const b = await sdsim(['run', smoke, '--out', join(file, 'sub')]);
    expect([b.code, b.stdout, b.stderr]).toStrictEqual([1, '', `Error: cannot use ${join(file, 'sub')} as the output folder: a part of the path is a file, not a folder\n`]);
    const c = await sdsim(['run', dir, '--out', join(dir, 'out-dir')]);
    expect([c.code, c.stdout, c.stderr]).toStrictEqual([1, '', `Error: cannot read the scenario ${dir}: it is a folder, not a file\n`]);
    const d = await sdsim(['sweep', smoke, '--out', file]);
    expect([d.code, d.stdout, d.stderr]).toStrictEqual([1, '', `Error: ${file} is a file, not a folder: give --out a new or empty folder\n`]);
    expect(readdirSync(dir).filter((f) => f.startsWith('out-dir'))).toStrictEqual([]);
  }, 30_000);
});

describe('sdsim run: a run that fails midway leaves --out as it was', () => {
  const halt = `clock: {duration: {epochs: 3}}\n${SMALL}events: [{at: 1, unbond: {node: validator-0}}]\n`;
  const HALTS = "Error: the chain halts at height 5 (epoch 1): no validator is left to sign (every one jailed, tombstoned or unbonded by the scenario's events)\n";

  it('the chain halts: no folder, not even the parents it created', async () => {
    const out = join(dir, 'new', 'deeper', 'out');
    const r = await sdsim(['run', write('halt.yaml', halt), '--out', out]);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', HALTS]);
    expect(existsSync(join(dir, 'new'))).toBe(false);
  }, 30_000);

  it('every validator suspended: no block can be committed, the chain halts there', async () => {
    const out = join(dir, 'out-suspended');
    const text = `clock: {duration: {epochs: 3}}\n${SMALL}events: [{at: 1, suspend: {node: validator-0}}]\n`;
    const r = await sdsim(['run', write('suspended.yaml', text), '--out', out]);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', "Error: the chain halts at height 4 (epoch 1): no validator signs (all 1 of the set, 1000000 voting power, suspended by the scenario's events)\n"]);
    expect(existsSync(out)).toBe(false);
  }, 30_000);

  it('the chain halts in the empty folder given: it stays, empty', async () => {
    const out = join(dir, 'given');
    mkdirSync(out);
    const r = await sdsim(['run', write('halt.yaml', halt), '--out', out]);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', HALTS]);
    expect(readdirSync(out)).toStrictEqual([]);
  }, 30_000);

  it("the chain refuses the genesis with the run's population: the override that makes it refuse is named", async () => {
    const out = join(dir, 'out-supply');
    const text = `clock: {duration: {epochs: 2}}\n${SMALL}genesis:\n  pot:\n    params:\n      mature_epoch: "2"\n      initial_total_supply: {denom: wei, amount: "1000"}\n`;
    const r = await sdsim(['run', write('supply.yaml', text), '--out', out]);
    // the first override alone (mature_epoch) is fine; the second makes the chain refuse
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', "Error: supply.yaml:7:50: genesis.pot.params.initial_total_supply.amount: the chain refuses it with the run's population (accounts, deposits, gentxs): pot genesis: bank supply 20311225000000000000000000wei is greater than params.initial_total_supply 1000wei\n"]);
    expect(existsSync(out)).toBe(false);
  }, 30_000);

  it('a proposal the chain does not carry out stops the run, naming the scenario line (the parser refuses such params first: here it is bypassed)', async () => {
    const out = join(dir, 'out-failed-proposal');
    const s = parseScenario(`clock: {duration: {epochs: 3}}\n${SMALL}genesis: {gov: {params: {voting_period: 300s}}}\nevents: [{at: 1, proposal: {module: pot, params: {community_tax: "0.5"}}}]\n`, 'p.yaml');
    const bad = { ...s, events: s.events.map((e) => ({ ...e, body: { kind: 'proposal' as const, module: 'pot', params: { community_tax: '1.5' } } })) };
    const err = await runScenario(bad, { out }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(RunError);
    expect((err as Error).message).toBe('p.yaml:4:10: events[0].proposal: the chain did not carry it out: proposal 1 passed the vote at height 6 (epoch 1), but the chain refused its params: community tax must be between 0 and 1: 1.500000000000000000: invalid community tax param');
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe('sdsim run: errors while closing', () => {
  it('the metrics\' last write failing (a full disk) still closes the chain, so the run ends with its error', async () => {
    const out = join(dir, 'out-enospc');
    const s = parseScenario(`clock: {duration: {epochs: 1}}\n${SMALL}`, 'e.yaml');
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const metrics = vi.spyOn(EpochRecorder.prototype, 'close').mockImplementation(() => {
      throw full;
    });
    const closed = vi.spyOn(Chain.prototype, 'close');
    try {
      await expect(runScenario(s, { out })).rejects.toBe(full);
      expect(closed).toHaveBeenCalledTimes(1);
    } finally {
      metrics.mockRestore();
      closed.mockRestore();
    }
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('an amount that fits alone but not with what the run adds to it is refused at the population, with its place', async () => {
    const max = (2n ** 256n - 1n).toString();
    const s = parseScenario(`clock: {duration: {epochs: 1}}\npopulation: {validators: {count: 1}, meta_nodes: {count: 3}, resource_nodes: {count: 2}, users: {count: 2, prepay: "${max}"}}\n`, 'big.yaml');
    const out = join(dir, 'out-overflow');
    await expect(runScenario(s, { out })).rejects.toThrow(/^big\.yaml:2:1: population: the run's genesis cannot be built from it: .*overflow/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe('sdsim run: events after the last epoch\'s open block', () => {
  it('take effect in a closing block at the end of the run + one interval', async () => {
    const out = join(dir, 'out-closing');
    const text = `clock: {epoch: 10m, block_interval: 5s, duration: {time: 30m}}\n${SMALL}events:\n  - {at: 22m, slash: {node: resource-0, fraction: 0.1}}\n  - {at: 3, unbond: {node: resource-1}}\n`;
    const file = write('closing.yaml', text);
    const r = await sdsim(['run', file, '--out', out]);
    expect([r.code, r.stderr]).toStrictEqual([0, '']);
    expect(JSON.parse(r.stdout)).toMatchObject({ epochs: 3, height: '10', failed_txs: 0 });
    // 3 epochs of 3 blocks, then the closing block at 30m05s with the slash and the unbond
    expect(lastBlock(out)).toStrictEqual([10, 1805, 2]);
    const pop = buildPopulation(parseScenario(text, 'closing.yaml'));
    const s = finalState(out);
    expect(getResourceNode(s, pop.resourceNodes[1]!.networkAddress)?.status).not.toBe(BondStatus.BONDED);
    expect(getSlashing(s, walletKey(pop.resourceNodes[0]!.address)) > 0n).toBe(true);
  }, 60_000);

  it('a run without them ends with its last report block, as before', async () => {
    const out = join(dir, 'out-no-closing');
    const r = await sdsim(['run', write('plain.yaml', `clock: {duration: {epochs: 2}}\n${SMALL}events:\n  - {at: 1, unbond: {node: resource-1}}\n`), '--out', out]);
    expect([r.code, r.stderr]).toStrictEqual([0, '']);
    expect(lastBlock(out)).toStrictEqual([6, 1195, 1]);
  }, 60_000);

  it('a proposal still in its voting period when the run ends is said on stderr', async () => {
    const out = join(dir, 'out-voting');
    const r = await sdsim(['run', write('voting.yaml', `clock: {duration: {epochs: 2}}\n${SMALL}events:\n  - {at: 1, proposal: {module: pot, params: {mature_epoch: "3"}}}\n`), '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('voting.yaml:4:5: events[0].proposal: still in its voting period when the run ends (it ends at 2025-01-08T00:10:05Z): its params did not change\n');
  }, 60_000);
});
