import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, ScenarioError, SCENARIO_KEYS, parseDurationSeconds, parseAmountText } from '../../../src/sim/scenario/parse.ts';
import type { Scenario } from '../../../src/sim/scenario/types.ts';

const root = new URL('../../../', import.meta.url);
const read = (p: string) => readFileSync(new URL(p, root), 'utf8');
const STOS = 10n ** 18n;

describe('parseScenario: good files', () => {
  it('parses scenarios/smoke.yaml to the exact object', () => {
    const expected: Scenario = {
      file: 'smoke.yaml',
      name: 'smoke',
      seed: 42,
      genesis: { pot: { params: { mature_epoch: '3' } }, gov: { params: { voting_period: '600s' } } },
      population: {
        validators: { count: 1, selfDelegation: { kind: 'const', value: 1000n * STOS } },
        metaNodes: { count: 3, deposit: { kind: 'const', value: 1000n * STOS } },
        resourceNodes: {
          count: 4,
          deposit: { kind: 'uniform', min: 100n * STOS, max: 200n * STOS },
          nodeType: { kind: 'const', value: 7 },
          join: { epoch: 0 },
        },
        users: {
          count: 10,
          prepay: { kind: 'lognormal', median: STOS, sigma: 0.5, min: STOS / 10n },
          uploadSize: { kind: 'choice', options: [{ value: 65536, weight: 3 }, { value: 4194304, weight: 1 }] },
          uploadsPerEpoch: { kind: 'const', value: 2 },
          downloadsPerEpoch: { kind: 'const', value: 3 },
          downloadPopularity: { kind: 'zipf', s: 1.1 },
        },
        foundation: { deposit: 20_000_000n * STOS },
      },
      clock: { epochSeconds: 600, blockIntervalSeconds: 5, durationSeconds: 3600 },
      events: [
        { at: { epoch: 2 }, atSeconds: 1200, line: 47, col: 5, body: { kind: 'prepay_wave', users: 5, amount: { kind: 'const', value: 2n * STOS } } },
        { at: { epoch: 3 }, atSeconds: 1800, line: 49, col: 5, body: { kind: 'proposal', module: 'pot', params: { mature_epoch: '2' } } },
        { at: { seconds: 2400 }, atSeconds: 2400, line: 53, col: 5, body: { kind: 'slash', node: { role: 'resource', index: 1 }, fraction: 0.1 } },
        { at: { epoch: 5 }, atSeconds: 3000, line: 55, col: 5, body: { kind: 'traffic_surge', factor: 2, epochs: 1 } },
      ],
      settlement: { replicas: 3, nozPerByte: 1n, trafficNozPerByte: 1n, settleBasisPoints: 8000 },
      bls: 'trusted',
      positions: { 'genesis.pot.params.mature_epoch': { line: 10, col: 21 }, 'genesis.gov.params.voting_period': { line: 13, col: 22 }, population: { line: 20, col: 1 } },
    };
    expect(parseScenario(read('scenarios/smoke.yaml'), 'smoke.yaml')).toStrictEqual(expected);
  });

  it('fills every default for a minimal file', () => {
    expect(parseScenario('clock: {duration: {time: 1d}}\n', 'min.yaml')).toStrictEqual({
      file: 'min.yaml',
      seed: 1,
      genesis: {},
      population: {
        validators: { count: 1, selfDelegation: { kind: 'const', value: 1000n * STOS } },
        metaNodes: { count: 3, deposit: { kind: 'const', value: 1000n * STOS } },
        resourceNodes: { count: 4, deposit: { kind: 'const', value: 100n * STOS }, nodeType: { kind: 'const', value: 7 }, join: { epoch: 0 } },
        users: {
          count: 10,
          prepay: { kind: 'const', value: STOS },
          uploadSize: { kind: 'const', value: 1048576 },
          uploadsPerEpoch: { kind: 'const', value: 1 },
          downloadsPerEpoch: { kind: 'const', value: 1 },
          downloadPopularity: { kind: 'zipf', s: 1 },
        },
        foundation: { deposit: 20_000_000n * STOS },
      },
      clock: { epochSeconds: 600, blockIntervalSeconds: 5, durationSeconds: 86400 },
      events: [],
      settlement: { replicas: 3, nozPerByte: 1n, trafficNozPerByte: 1n, settleBasisPoints: 8000 },
      bls: 'trusted',
      positions: {},
    });
  });

  it('reads every distribution form, event kind, leave time and amount spelling', () => {
    const s = parseScenario(
      [
        'bls: full',
        'clock: {epoch: 1h, block_interval: 6s, duration: {epochs: 10}}',
        'population:',
        '  validators: {count: 2, self_delegation: {normal: {mean: 10stos, sd: 2stos, min: 1stos}}}',
        '  resource_nodes:',
        '    node_type: {choice: [1, {value: 7, weight: 2.5}]}',
        '    join: 1h',
        '    leave: 9',
        '    deposit: "2.5gwei"',
        '  users: {uploads_per_epoch: {uniform: {min: 0, max: 3}}, downloads_per_epoch: 0.5, upload_size: {lognormal: {median: 1MB, sigma: 1}}, download_popularity: {zipf: {s: 0.8, n: 100}}, prepay: 12345}',
        'settlement: {noz_per_byte: "1000", traffic_noz_per_byte: 2gwei}',
        'events:',
        '  - {at: 0, unbond: {node: validator-1}}',
        '  - {at: 0, suspend: {node: resource-2}}',
        '  - {at: 10, prepay_wave: {users: 10, amount: {uniform: {min: 1wei, max: 1stos}}}}',
      ].join('\n'),
      'all.yaml',
    );
    expect(s.bls).toBe('full');
    expect(s.clock).toStrictEqual({ epochSeconds: 3600, blockIntervalSeconds: 6, durationSeconds: 36000 });
    expect(s.population.validators).toStrictEqual({ count: 2, selfDelegation: { kind: 'normal', mean: 10n * STOS, sd: 2n * STOS, min: STOS } });
    expect(s.population.resourceNodes).toStrictEqual({
      count: 4,
      deposit: { kind: 'const', value: 2_500_000_000n },
      nodeType: { kind: 'choice', options: [{ value: 1, weight: 1 }, { value: 7, weight: 2.5 }] },
      join: { seconds: 3600 },
      leave: { epoch: 9 },
    });
    expect(s.population.users).toStrictEqual({
      count: 10,
      prepay: { kind: 'const', value: 12345n },
      uploadSize: { kind: 'lognormal', median: 1_000_000, sigma: 1 },
      uploadsPerEpoch: { kind: 'uniform', min: 0, max: 3 },
      downloadsPerEpoch: { kind: 'const', value: 0.5 },
      downloadPopularity: { kind: 'zipf', s: 0.8, n: 100 },
    });
    expect(s.settlement).toStrictEqual({ replicas: 3, nozPerByte: 1000n, trafficNozPerByte: 2_000_000_000n, settleBasisPoints: 8000 });
    expect(s.events).toStrictEqual([
      { at: { epoch: 0 }, atSeconds: 0, line: 13, col: 5, body: { kind: 'unbond', node: { role: 'validator', index: 1 } } },
      { at: { epoch: 0 }, atSeconds: 0, line: 14, col: 5, body: { kind: 'suspend', node: { role: 'resource', index: 2 } } },
      { at: { epoch: 10 }, atSeconds: 36000, line: 15, col: 5, body: { kind: 'prepay_wave', users: 10, amount: { kind: 'uniform', min: 1n, max: STOS } } },
    ]);
  });
});

describe('parseScenario: bad files', () => {
  const cases: [string, string][] = [
  ["clock: {duration: {epochs: 6}}\npopulation:\n  users:\n    count: -3\n",
   "bad.yaml:4:12: population.users.count: expected an integer from 0 to 1000000, got number -3"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  users:\n    count: 1000001\n",
   "bad.yaml:4:12: population.users.count: expected an integer from 0 to 1000000, got number 1000001"],
  ["clock: {duration: {epochs: 6}}\npopulaton: {}\n",
   "bad.yaml:2:1: populaton: unknown field (did you mean \"population\"?)"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  users:\n    prepai: 1stos\n",
   "bad.yaml:4:5: population.users.prepai: unknown field (did you mean \"prepay\"?)"],
  ["clock: {duration: {epochs: 6}, epoch: 10x}\n",
   "bad.yaml:1:39: clock.epoch: bad duration \"10x\" (a sequence of <integer><unit>, units s, m, h, d, w)"],
  ["clock: {duration: {epochs: 6}, epoch: 600}\n",
   "bad.yaml:1:39: clock.epoch: expected a duration like \"10m\", got number 600"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  meta_nodes:\n    deposit: 10foo\n",
   "bad.yaml:4:14: population.meta_nodes.deposit: bad amount \"10foo\": unknown denomination \"foo\" (use wei, gwei or stos)"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  meta_nodes:\n    deposit: ten stos\n",
   "bad.yaml:4:14: population.meta_nodes.deposit: bad amount \"ten stos\": invalid decimal coin expression: ten stos"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    slahs: {node: meta-0, fraction: 0.5}\n",
   "bad.yaml:4:5: events[0].slahs: unknown event kind (did you mean \"slash\"?)"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    explode: {}\n",
   "bad.yaml:4:5: events[0].explode: unknown event kind (expected one of: proposal, slash, unbond, suspend, prepay_wave, traffic_surge)"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 3\n    unbond: {node: meta-0}\n  - at: 2\n    unbond: {node: meta-1}\n",
   "bad.yaml:5:9: events[1].at: events out of order (1200s is before the previous event's 1800s)"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 7\n    unbond: {node: meta-0}\n",
   "bad.yaml:3:9: events[0].at: beyond the run (clock.duration is 3600s, this is 4200s)"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 2h\n    unbond: {node: meta-0}\n",
   "bad.yaml:3:9: events[0].at: beyond the run (clock.duration is 3600s, this is 7200s)"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    suspend: {node: resource-4}\n",
   "bad.yaml:4:21: events[0].suspend.node: no such node \"resource-4\" (population has 4 resource nodes)"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n",
   "bad.yaml:3:5: events[0]: expected exactly one event kind (proposal, slash, unbond, suspend, prepay_wave, traffic_surge), got none"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    slash: {node: resource-0}\n",
   "bad.yaml:4:12: events[0].slash.fraction: missing required field"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    slash: {node: resource-0, fraction: 1.5}\n",
   "bad.yaml:4:41: events[0].slash.fraction: expected a fraction in (0, 1], got number 1.5"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    slash: {node: meta-0, fraction: 0.5}\n",
   "bad.yaml:4:19: events[0].slash.node: a meta node can only unbond: no message of the chain slashes or suspends one"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    suspend: {node: meta-1}\n",
   "bad.yaml:4:21: events[0].suspend.node: a meta node can only unbond: no message of the chain slashes or suspends one"],
  ["clock: {duration: {epochs: 6}}\nbls: fast\n",
   "bad.yaml:2:6: bls: expected \"trusted\" or \"full\", got string \"fast\""],
  ["clock: {duration: {epochs: 6}\n",
   "bad.yaml:2:1: yaml: Flow map in block collection must be sufficiently indented and end with a }"],
  ["clock: {duration: {epochs: 6}}\nclock: {}\n",
   "bad.yaml:2:1: yaml: Map keys must be unique"],
  ["seed: 1\n",
   "bad.yaml:1:1: clock: missing required field"],
  ["clock: {duration: {epochs: 6, time: 1h}}\n",
   "bad.yaml:1:19: clock.duration: expected exactly one of epochs, time, got 2"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  resource_nodes:\n    deposit: {uniform: {min: 2stos, max: 1stos}}\n",
   "bad.yaml:4:42: population.resource_nodes.deposit.uniform.max: must not be less than min"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  resource_nodes:\n    deposit: {uniform: {min: 2stos}}\n",
   "bad.yaml:4:24: population.resource_nodes.deposit.uniform.max: missing required field"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  resource_nodes:\n    deposit: {gaussian: {mean: 2stos}}\n",
   "bad.yaml:4:15: population.resource_nodes.deposit.gaussian: unknown field (expected one of: uniform, normal, lognormal, choice)"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  resource_nodes:\n    node_type: 9\n",
   "bad.yaml:4:16: population.resource_nodes.node_type: expected a node type 1..7, got number 9"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  resource_nodes:\n    join: 3\n    leave: 2\n",
   "bad.yaml:5:12: population.resource_nodes.leave: must be after join"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  users:\n    upload_size: {choice: []}\n",
   "bad.yaml:4:27: population.users.upload_size.choice: expected a non-empty list, got an empty list"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  users:\n    upload_size: 4 MiBs\n",
   "bad.yaml:4:18: population.users.upload_size: expected a size in bytes like 4096 or \"4MiB\", got string \"4 MiBs\""],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  users:\n    download_popularity: {zipf: {s: 0}}\n",
   "bad.yaml:4:37: population.users.download_popularity.zipf.s: expected a positive number, got number 0"],
  ["clock: {duration: {epochs: 6}}\nsettlement:\n  settle_basis_points: 10001\n",
   "bad.yaml:3:24: settlement.settle_basis_points: expected an integer in 1..10000, got number 10001"],
  ["clock: {duration: {epochs: 6}}\ngenesis:\n  pot: 3\n",
   "bad.yaml:3:8: genesis.pot: expected a mapping (module params/state), got number 3"],
  ["clock: {duration: {epochs: 6}, block_interval: 201s}\n",
   "bad.yaml:1:48: clock.block_interval: less than a third of clock.epoch (600s): the runner makes three blocks per epoch, each later than the one before"],
  // a third exactly would put the record and the report block at one time (CometBFT needs each block later)
  ["clock: {duration: {epochs: 6}, block_interval: 200s}\n",
   "bad.yaml:1:48: clock.block_interval: less than a third of clock.epoch (600s): the runner makes three blocks per epoch, each later than the one before"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  foundation: {deposit: -1}\n",
   "bad.yaml:3:25: population.foundation.deposit: expected an amount like \"10stos\" or \"1000\" (wei), got number -1"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    prepay_wave: {users: 11, amount: 1stos}\n",
   "bad.yaml:4:26: events[0].prepay_wave.users: expected a user count in 1..10, got number 11"],
  ["- a\n- b\n",
   "bad.yaml:1:1: (top): expected a mapping, got a list"],
  ["clock: {duration: {epochs: 6}}\nevents: {}\n",
   "bad.yaml:2:9: events: expected a list, got a mapping"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  validators:\n    count: 1.5\n",
   "bad.yaml:4:12: population.validators.count: expected an integer from 1 to 1000000, got number 1.5"],
  ["",
   "bad.yaml:1:1: (top): expected a mapping, got nothing"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - {at: 1, unbond: {node: meta-0}, suspend: {node: meta-0}}\n",
   "bad.yaml:3:5: events[0]: expected exactly one event kind (proposal, slash, unbond, suspend, prepay_wave, traffic_surge), got unbond, suspend"],
  ["clock: {duration: {epochs: 6}}\npopulation:\n  users:\n    upload_size: {choice: [{value: 1, weight: 0}]}\n",
   "bad.yaml:4:47: population.users.upload_size.choice[0].weight: expected a positive number, got number 0"],
  ["d: &d 1stos\nclock: {duration: {epochs: 6}}\n",
   "bad.yaml:1:1: d: unknown field (expected one of: name, seed, genesis, population, clock, events, settlement, bls)"],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    unbond: {node: node-1}\n",
   "bad.yaml:4:20: events[0].unbond.node: expected a node like \"validator-0\", \"meta-1\" or \"resource-2\", got \"node-1\""],
  ["clock: {duration: {epochs: 6}}\nevents:\n  - at: 1\n    proposal: {module: pot, params: 3}\n",
   "bad.yaml:4:37: events[0].proposal.params: expected a mapping, got number 3"],
  ["clock: {duration: {time: 0s}}\n",
   "bad.yaml:1:26: clock.duration.time: expected a positive duration, got \"0s\""],
  // genesis overrides: every key checked against the module's genesis type (typos were merged in silently)
  ["clock: {duration: {epochs: 2}}\ngenesis: {pot: {params: {mature_epochs: \"3\", comunity_tax: \"0.5\"}}}\n",
   "bad.yaml:2:26: genesis.pot.params.mature_epochs: unknown field (did you mean \"mature_epoch\"?)"],
  ["clock: {duration: {epochs: 2}}\ngenesis: {pot: {params: {mature_epoch: \"3\", comunity_tax: \"0.5\"}}}\n",
   "bad.yaml:2:45: genesis.pot.params.comunity_tax: unknown field (did you mean \"community_tax\"?)"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  potz: {params: {mature_epoch: \"3\"}}\n",
   "bad.yaml:3:3: genesis.potz: unknown module (did you mean \"pot\"?)"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    paramz: {mature_epoch: \"3\"}\n",
   "bad.yaml:4:5: genesis.pot.paramz: unknown field (did you mean \"params\"?)"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {bogus_field: 1}\n",
   "bad.yaml:4:14: genesis.pot.params.bogus_field: unknown field (expected one of: bond_denom, reward_denom, mature_epoch, mining_reward_params, community_tax, initial_total_supply)"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {communityTax: \"0.1\"}\n",
   "bad.yaml:4:14: genesis.pot.params.communityTax: unknown field (did you mean \"community_tax\"?)"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params:\n      mining_reward_params: [{mining_reward: {denom: wei, amount: \"1\"}, rewrd: 1}]\n",
   "bad.yaml:5:73: genesis.pot.params.mining_reward_params[0].rewrd: unknown field (expected one of: total_mined_valve_start, total_mined_valve_end, mining_reward, block_chain_percentage_in_bp, resource_node_percentage_in_bp, meta_node_percentage_in_bp)"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  genutil: {gen_txs: []}\n",
   "bad.yaml:3:3: genesis.genutil: the run makes it (the validators' gentxs): not a module to override"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  evidence: {evidences: []}\n",
   "bad.yaml:3:14: genesis.evidence.evidences: unknown field (did you mean \"evidence\"?)"],
  // genesis values: the codec's reading of the field, then the modules' own validation (InitChain), named by field path
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {community_tax: \"abc\"}\n",
   "bad.yaml:4:29: genesis.pot.params.community_tax: expected a decimal string such as \"0.02\", got \"abc\""],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {community_tax: \"1.5\"}\n",
   "bad.yaml:4:29: genesis.pot.params.community_tax: community tax must be between 0 and 1: 1.500000000000000000: invalid community tax param"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {mature_epoch: \"-5\"}\n",
   "bad.yaml:4:28: genesis.pot.params.mature_epoch: mature epoch must be positive: -5: the value of epoch must be positive and greater than its previous one"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {mature_epoch: \"3\", community_tax: \"0.1\"}\n  staking:\n    params: {max_validators: 0}\n",
   "bad.yaml:6:30: genesis.staking.params.max_validators: max validators must be positive"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  mint:\n    params: {inflation_min: \"0.1\"}\n",
   "bad.yaml:4:29: genesis.mint.params.inflation_min: max inflation (0.000000000000000000) must be greater than or equal to min inflation (0.100000000000000000)"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  gov:\n    params: {voting_period: 300}\n",
   "bad.yaml:4:29: genesis.gov.params.voting_period: expected a duration string such as \"1.5s\", got number 300"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  bank:\n    params: {default_send_enabled: \"yes\"}\n",
   "bad.yaml:4:36: genesis.bank.params.default_send_enabled: expected true or false, got string \"yes\""],
  // a number past 2^53 not written as an integer: the text as typed, never a rounded value
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {mature_epoch: 1e30}\n",
   "bad.yaml:4:28: genesis.pot.params.mature_epoch: the number 1e30 is beyond what a YAML number holds exactly (2^53): write it as a string, in quotes"],
  // integers past 2^53 (read as rounded floats by the yaml library): named by the digits typed
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: 115792089237316195423570985008687907853269984665640564039457584007913129639936}\n",
   "bad.yaml:3:19: population.users.prepay: bad amount 115792089237316195423570985008687907853269984665640564039457584007913129639936: does not fit 256 bits"],
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {count: 9007199254740993}\n",
   "bad.yaml:3:18: population.users.count: expected an integer from 0 to 1000000, got number 9007199254740993"],
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: -1000000000000000001}\n",
   "bad.yaml:3:19: population.users.prepay: expected an amount like \"10stos\" or \"1000\" (wei), got number -1000000000000000001"],
  ["clock: {duration: {epochs: 2}}\ngenesis:\n  pot:\n    params: {mining_reward_params: {}}\n",
   "bad.yaml:4:36: genesis.pot.params.mining_reward_params: expected a list, got a mapping"],
  // proposals: the module, the params' names, and their values as the chain would take them
  ["clock: {duration: {epochs: 2}}\nevents:\n  - at: 1\n    proposal: {module: pot, params: {foo: 1}}\n",
   "bad.yaml:4:38: events[0].proposal.params.foo: unknown field (expected one of: bond_denom, reward_denom, mature_epoch, mining_reward_params, community_tax, initial_total_supply)"],
  ["clock: {duration: {epochs: 2}}\nevents:\n  - at: 1\n    proposal: {module: pott, params: {mature_epoch: \"2\"}}\n",
   "bad.yaml:4:24: events[0].proposal.module: not a module with params (did you mean \"pot\"?)"],
  ["clock: {duration: {epochs: 2}}\nevents:\n  - at: 1\n    proposal: {module: evidence, params: {}}\n",
   "bad.yaml:4:24: events[0].proposal.module: not a module with params (expected one of: auth, bank, distribution, gov, mint, slashing, staking, pot, register, sds)"],
  ["clock: {duration: {epochs: 3}}\ngenesis: {gov: {params: {voting_period: 300s}}}\nevents: [{at: 1, proposal: {module: pot, params: {community_tax: \"1.5\"}}}]\n",
   "bad.yaml:3:66: events[0].proposal.params.community_tax: community tax must be between 0 and 1: 1.500000000000000000: invalid community tax param"],
  ["clock: {duration: {epochs: 3}}\nevents:\n  - {at: 1, proposal: {module: pot, params: {mature_epoch: \"2\"}}}\n  - {at: 2, proposal: {module: mint, params: {inflation_min: \"0.1\"}}}\n",
   "bad.yaml:4:62: events[1].proposal.params.inflation_min: max inflation (0.000000000000000000) must be greater than or equal to min inflation (0.100000000000000000)"],
  // a run is whole epochs
  ["clock: {epoch: 10m, duration: {time: 25m}}\n",
   "bad.yaml:1:38: clock.duration.time: not a whole number of epochs (1500s, clock.epoch is 600s): use 1200s or 1800s"],
  ["clock: {epoch: 1h, duration: {time: 30m}}\n",
   "bad.yaml:1:37: clock.duration.time: not a whole number of epochs (1800s, clock.epoch is 3600s): use 3600s"],
  // a prepay of 0 wei is refused by the chain: every draw at least 1 wei
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: 0}\n",
   "bad.yaml:3:19: population.users.prepay: a prepay must be at least 1 wei (the chain refuses 0), got 0"],
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: 0.5wei}\n",
   "bad.yaml:3:19: population.users.prepay: a prepay must be at least 1 wei (the chain refuses 0), got \"0.5wei\", which is 0 wei (a fraction of a wei is truncated)"],
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: {uniform: {min: 0, max: 1stos}}}\n",
   "bad.yaml:3:35: population.users.prepay.uniform.min: a prepay must be at least 1 wei (the chain refuses 0), got 0"],
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: {normal: {mean: 1stos, sd: 1stos}}}\n",
   "bad.yaml:3:28: population.users.prepay.normal.min: missing: a prepay drawn from a normal needs a min of at least 1 wei (a draw below min is clamped to it, to 0 without one, and the chain refuses 0)"],
  ["clock: {duration: {epochs: 2}}\npopulation:\n  users: {prepay: {choice: [1stos, {value: 0.1wei, weight: 2}]}}\n",
   "bad.yaml:3:44: population.users.prepay.choice[1].value: a prepay must be at least 1 wei (the chain refuses 0), got \"0.1wei\", which is 0 wei (a fraction of a wei is truncated)"],
  ["clock: {duration: {epochs: 2}}\nevents:\n  - at: 1\n    prepay_wave: {users: 2, amount: \"0\"}\n",
   "bad.yaml:4:37: events[0].prepay_wave.amount: a prepay must be at least 1 wei (the chain refuses 0), got 0"],
  ];
  it.each(cases)('%j', (text, message) => {
    let err: unknown;
    try {
      parseScenario(text, 'bad.yaml');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ScenarioError);
    expect((err as Error).message).toBe(message);
  });

  it('keeps the parts of the error', () => {
    try {
      parseScenario('clock: {duration: {epochs: 6}}\nbls: 3\n', 'x/y.yaml');
      expect.unreachable();
    } catch (e) {
      const err = e as ScenarioError;
      expect([err.file, err.line, err.col, err.field, err.problem]).toStrictEqual(['x/y.yaml', 2, 6, 'bls', 'expected "trusted" or "full", got number 3']);
    }
  });
});

describe('parseScenario: genesis overrides and proposal params as the chain takes them', () => {
  it("writes numbers where the chain's JSON has strings as those strings, and records where each override is", () => {
    const s = parseScenario(
      [
        'clock: {duration: {epochs: 2}}',
        'genesis:',
        '  pot:',
        '    params: {mature_epoch: 3, community_tax: 0.05}',
        '  staking: {params: {max_validators: 7}}',
        '  evidence: {evidence: []}',
        'events:',
        '  - {at: 1, proposal: {module: slashing, params: {signed_blocks_window: 20, min_signed_per_window: 0.5}}}',
      ].join('\n'),
      'n.yaml',
    );
    // max_validators is a uint32: a number in the chain's JSON too
    expect(s.genesis).toStrictEqual({ pot: { params: { mature_epoch: '3', community_tax: '0.05' } }, staking: { params: { max_validators: 7 } }, evidence: { evidence: [] } });
    expect(s.events[0]!.body).toStrictEqual({ kind: 'proposal', module: 'slashing', params: { signed_blocks_window: '20', min_signed_per_window: '0.5' } });
    expect(s.positions).toStrictEqual({
      'genesis.pot.params.mature_epoch': { line: 4, col: 28 },
      'genesis.pot.params.community_tax': { line: 4, col: 46 },
      'genesis.staking.params.max_validators': { line: 5, col: 38 },
      'genesis.evidence.evidence': { line: 6, col: 24 },
    });
  });

  it('reads integers past 2^53 exactly, as their digits were typed (amounts up to 2^256 − 1, 64-bit integers)', () => {
    const s = parseScenario(
      [
        'clock: {duration: {epochs: 1}}',
        'genesis: {pot: {params: {mature_epoch: 9007199254740993, initial_total_supply: {denom: wei, amount: 100000000000000000000000001}}}}',
        'population:',
        '  users: {count: 2, prepay: 1000000000000000001}',
        '  resource_nodes: {deposit: {uniform: {min: 9007199254740993, max: 115792089237316195423570985008687907853269984665640564039457584007913129639935}}}',
        '  foundation: {deposit: 0x20000000000001}',
      ].join('\n'),
      'prec.yaml',
    );
    expect(s.genesis).toStrictEqual({ pot: { params: { mature_epoch: '9007199254740993', initial_total_supply: { denom: 'wei', amount: '100000000000000000000000001' } } } });
    expect(s.population.users.prepay).toStrictEqual({ kind: 'const', value: 1000000000000000001n });
    expect(s.population.resourceNodes.deposit).toStrictEqual({ kind: 'uniform', min: 9007199254740993n, max: (1n << 256n) - 1n });
    expect(s.population.foundation.deposit).toBe(9007199254740993n);
  });

  it('checks a proposal against the params as they will be: the genesis and the proposals before it', () => {
    const refused = 'clock: {duration: {epochs: 3}}\nevents:\n  - {at: 2, proposal: {module: mint, params: {inflation_min: "0.1"}}}\n';
    expect(() => parseScenario(refused, 'm.yaml')).toThrow('m.yaml:3:62: events[0].proposal.params.inflation_min: max inflation (0.000000000000000000) must be greater than or equal to min inflation (0.100000000000000000)');
    const afterProposal = 'clock: {duration: {epochs: 3}}\nevents:\n  - {at: 1, proposal: {module: mint, params: {inflation_max: "0.2"}}}\n  - {at: 2, proposal: {module: mint, params: {inflation_min: "0.1"}}}\n';
    expect(parseScenario(afterProposal, 'm.yaml').events.map((e) => e.body)).toStrictEqual([
      { kind: 'proposal', module: 'mint', params: { inflation_max: '0.2' } },
      { kind: 'proposal', module: 'mint', params: { inflation_min: '0.1' } },
    ]);
    const afterGenesis = 'clock: {duration: {epochs: 3}}\ngenesis: {mint: {params: {inflation_max: "0.2"}}}\nevents:\n  - {at: 2, proposal: {module: mint, params: {inflation_min: "0.1"}}}\n';
    expect(parseScenario(afterGenesis, 'm.yaml').events).toHaveLength(1);
  });

  it('accepts the example scenarios and the check generator\'s genesis', () => {
    for (const f of ['smoke.yaml', 'slashing-churn.yaml', 'tier-crossing-year.yaml']) expect(() => parseScenario(read(`scenarios/${f}`), f)).not.toThrow();
    const generated = 'clock: {duration: {epochs: 1}}\ngenesis: {pot: {params: {mature_epoch: "2", community_tax: "0.000000000000000000"}}, gov: {params: {voting_period: 600s}}}\n';
    expect(parseScenario(generated, 'g.yaml').genesis).toStrictEqual({ pot: { params: { mature_epoch: '2', community_tax: '0.000000000000000000' } }, gov: { params: { voting_period: '600s' } } });
  });
});

describe('small parsers', () => {
  it('parseDurationSeconds', () => {
    expect(['30s', '10m', '1h30m', '365d', '2w', '0s', '', '10', '1.5h', '-1s', '1y'].map(parseDurationSeconds)).toStrictEqual([
      30, 600, 5400, 31536000, 1209600, 0, undefined, undefined, undefined, undefined, undefined,
    ]);
  });
  it('parseAmountText', () => {
    expect(['0', '1000', '10stos', '2.5gwei', '1.5wei', '3foo', 'x'].map(parseAmountText)).toStrictEqual([
      0n, 1000n, 10n * STOS, 2_500_000_000n, 1n, 'unknown denomination "foo" (use wei, gwei or stos)', 'invalid decimal coin expression: x',
    ]);
  });
});

describe('scenarios/scenario.schema.json', () => {
  const schema = JSON.parse(read('scenarios/scenario.schema.json')) as Record<string, any>;

  /** Every `properties` object of the schema, by the same paths as SCENARIO_KEYS ($refs not followed). */
  function walk(node: any, path: string, out: Record<string, string[]>): Record<string, string[]> {
    if (node === null || typeof node !== 'object') return out;
    if (node.properties) {
      out[path] = [...(out[path] ?? []), ...Object.keys(node.properties)];
      for (const [k, v] of Object.entries(node.properties)) walk(v, path === '' ? k : `${path}.${k}`, out);
    }
    if (node.items) walk(node.items, `${path}[]`, out);
    if (node.then) walk(node.then, path, out);
    return out;
  }

  it('names exactly the keys the parser accepts, at the same places', () => {
    const found = walk(schema, '', {});
    walk(schema.$defs.dist, 'dist', found);
    const sorted = (r: Record<string, readonly string[]>) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, [...v].sort()]).sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(sorted(found)).toStrictEqual(sorted(SCENARIO_KEYS));
  });

  it('closes every mapping with additionalProperties: false and resolves every $ref', () => {
    const refs: string[] = [];
    const open: string[] = [];
    const visit = (node: any, where: string) => {
      if (node === null || typeof node !== 'object') return;
      if (typeof node.$ref === 'string') refs.push(node.$ref);
      if (node.properties && node.additionalProperties !== false) open.push(where);
      for (const [k, v] of Object.entries(node)) visit(v, `${where}/${k}`);
    };
    visit(schema, '#');
    expect(open).toStrictEqual([]);
    for (const r of refs) {
      expect(r.startsWith('#/$defs/')).toBe(true);
      expect(schema.$defs[r.slice('#/$defs/'.length)]).toBeDefined();
    }
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('lists the defaults the parser applies', () => {
    const d = parseScenario('clock: {duration: {epochs: 1}}\n', 'd.yaml');
    const p = schema.properties;
    const amt = (t: string) => parseAmountText(t);
    expect(p.seed.default).toBe(d.seed);
    expect(p.bls.default).toBe(d.bls);
    expect(parseDurationSeconds(p.clock.properties.epoch.default)).toBe(d.clock.epochSeconds);
    expect(parseDurationSeconds(p.clock.properties.block_interval.default)).toBe(d.clock.blockIntervalSeconds);
    const pop = p.population.properties;
    expect(pop.validators.properties.count.default).toBe(d.population.validators.count);
    expect({ kind: 'const', value: amt(pop.validators.properties.self_delegation.default) }).toStrictEqual(d.population.validators.selfDelegation);
    expect(pop.meta_nodes.properties.count.default).toBe(d.population.metaNodes.count);
    expect({ kind: 'const', value: amt(pop.meta_nodes.properties.deposit.default) }).toStrictEqual(d.population.metaNodes.deposit);
    expect(pop.resource_nodes.properties.count.default).toBe(d.population.resourceNodes.count);
    expect({ kind: 'const', value: amt(pop.resource_nodes.properties.deposit.default) }).toStrictEqual(d.population.resourceNodes.deposit);
    expect(pop.resource_nodes.properties.node_type.default).toBe(7);
    expect(pop.users.properties.count.default).toBe(d.population.users.count);
    expect({ kind: 'const', value: amt(pop.users.properties.prepay.default) }).toStrictEqual(d.population.users.prepay);
    expect(pop.users.properties.upload_size.default).toBe('1MiB');
    expect(d.population.users.uploadSize).toStrictEqual({ kind: 'const', value: 1048576 });
    const st = p.settlement.properties;
    expect([st.replicas.default, BigInt(st.noz_per_byte.default), BigInt(st.traffic_noz_per_byte.default), st.settle_basis_points.default]).toStrictEqual([
      d.settlement.replicas, d.settlement.nozPerByte, d.settlement.trafficNozPerByte, d.settlement.settleBasisPoints,
    ]);
  });
});
