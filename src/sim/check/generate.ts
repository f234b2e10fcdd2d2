/**
 * Generated scenarios for `sdsim check` (docs/check.md): a fast-check arbitrary of small scenario
 * files — populations, clocks, settlement settings, pot params and a few scripted events drawn with
 * weights — as the YAML a user would write, so that a shrunk failure is a scenario file that
 * `sdsim run --check` replays.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';

/** A scenario file's content (plain YAML data). */
export type ScenarioYaml = Record<string, unknown>;

interface RawEvent {
  readonly at: number;
  readonly kind: 'prepay_wave' | 'traffic_surge' | 'slash' | 'suspend' | 'unbond_resource' | 'unbond_meta' | 'proposal' | 'suspend_validator' | 'slash_validator';
  readonly index: number;
  readonly value: number;
}

const rawEvent: fc.Arbitrary<RawEvent> = fc.record({
  at: fc.integer({ min: 0, max: 5 }),
  kind: fc.oneof(
    { weight: 3, arbitrary: fc.constant('prepay_wave' as const) },
    { weight: 2, arbitrary: fc.constant('traffic_surge' as const) },
    { weight: 3, arbitrary: fc.constant('slash' as const) },
    { weight: 2, arbitrary: fc.constant('suspend' as const) },
    { weight: 2, arbitrary: fc.constant('unbond_resource' as const) },
    { weight: 1, arbitrary: fc.constant('unbond_meta' as const) },
    { weight: 2, arbitrary: fc.constant('proposal' as const) },
    { weight: 1, arbitrary: fc.constant('suspend_validator' as const) },
    { weight: 1, arbitrary: fc.constant('slash_validator' as const) },
  ),
  index: fc.nat(5),
  value: fc.integer({ min: 1, max: 9 }),
});

export const scenarioArbitrary: fc.Arbitrary<ScenarioYaml> = fc
  .record({
    seed: fc.nat(1000),
    epochs: fc.integer({ min: 1, max: 4 }),
    validators: fc.integer({ min: 1, max: 3 }),
    metas: fc.integer({ min: 1, max: 4 }),
    resources: fc.integer({ min: 0, max: 5 }),
    join: fc.integer({ min: 0, max: 1 }),
    users: fc.integer({ min: 0, max: 6 }),
    prepay: fc.constantFrom('1stos', '0.001stos', '20stos'),
    uploadSize: fc.constantFrom('4KiB', '1MiB', '40MiB'),
    uploads: fc.constantFrom(0, 0.5, 1, 3),
    downloads: fc.constantFrom(0, 1, 4),
    matureEpoch: fc.integer({ min: 1, max: 4 }),
    tax: fc.constantFrom('0.000000000000000000', '0.020000000000000000', '0.100000000000000000', '0.500000000000000000'),
    replicas: fc.integer({ min: 1, max: 3 }),
    settle: fc.integer({ min: 1, max: 10000 }),
    events: fc.array(rawEvent, { maxLength: 4 }),
  })
  .map((g): ScenarioYaml => {
    const events = g.events
      .map((e) => ({ ...e, at: Math.min(e.at, g.epochs) }))
      .sort((a, b) => a.at - b.at)
      .flatMap((e): Record<string, unknown>[] => {
        const at = e.at;
        switch (e.kind) {
          case 'prepay_wave':
            return g.users > 0 ? [{ at, prepay_wave: { users: 1 + (e.index % g.users), amount: `${e.value}stos` } }] : [];
          case 'traffic_surge':
            return [{ at, traffic_surge: { factor: e.value, epochs: 1 + (e.index % 2) } }];
          case 'slash':
            return g.resources > 0 ? [{ at, slash: { node: `resource-${e.index % g.resources}`, fraction: e.value / 10 } }] : [];
          case 'suspend':
            return g.resources > 0 ? [{ at, suspend: { node: `resource-${e.index % g.resources}` } }] : [];
          case 'unbond_resource':
            return g.resources > 0 ? [{ at, unbond: { node: `resource-${e.index % g.resources}` } }] : [];
          case 'unbond_meta':
            return [{ at, unbond: { node: `meta-${e.index % g.metas}` } }];
          case 'proposal':
            return [{ at, proposal: { module: 'pot', params: { mature_epoch: String(1 + (e.value % 4)) } } }];
          // validator-0 stays: a chain whose every validator is jailed halts (the runner stops there)
          case 'suspend_validator':
            return g.validators > 1 ? [{ at, suspend: { node: `validator-${1 + (e.index % (g.validators - 1))}` } }] : [];
          case 'slash_validator':
            return g.validators > 1 ? [{ at, slash: { node: `validator-${1 + (e.index % (g.validators - 1))}`, fraction: 0.05 } }] : [];
        }
      });
    return {
      name: 'generated',
      seed: g.seed,
      genesis: { pot: { params: { mature_epoch: String(g.matureEpoch), community_tax: g.tax } }, gov: { params: { voting_period: '600s' } } },
      clock: { epoch: '10m', block_interval: '5s', duration: { epochs: g.epochs } },
      population: {
        validators: { count: g.validators, self_delegation: '1000stos' },
        meta_nodes: { count: g.metas, deposit: '1000stos' },
        resource_nodes: { count: g.resources, deposit: { uniform: { min: '100stos', max: '300stos' } }, join: g.join > g.epochs ? 0 : g.join },
        users: { count: g.users, prepay: g.prepay, upload_size: g.uploadSize, uploads_per_epoch: g.uploads, downloads_per_epoch: g.downloads },
      },
      settlement: { replicas: g.replicas, settle_basis_points: g.settle },
      events,
    };
  });

export function scenarioText(s: ScenarioYaml): string {
  return `# A scenario generated by sdsim check (docs/check.md)\n${stringify(s)}`;
}
