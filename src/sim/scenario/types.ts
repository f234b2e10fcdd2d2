/**
 * The typed scenario of `sdsim run`, as `parseScenario` returns it (docs/scenarios.md): amounts in
 * wei as bigint, durations in seconds, distributions as tagged unions. Pure data.
 */

/** A seeded distribution over `T` (amounts: bigint wei; sizes: bytes; counts: number). */
export type Dist<T> =
  | { readonly kind: 'const'; readonly value: T }
  | { readonly kind: 'uniform'; readonly min: T; readonly max: T }
  | { readonly kind: 'normal'; readonly mean: T; readonly sd: T; readonly min?: T }
  | { readonly kind: 'lognormal'; readonly median: T; readonly sigma: number; readonly min?: T }
  | { readonly kind: 'choice'; readonly options: readonly { readonly value: T; readonly weight: number }[] };

/** Popularity of downloads: rank r of n files is chosen with weight 1/r^s (n: all uploaded files when absent). */
export interface Zipf {
  readonly kind: 'zipf';
  readonly s: number;
  readonly n?: number;
}

/** A moment of the run: the start of epoch N, or a time (seconds) after genesis. */
export type At = { readonly epoch: number } | { readonly seconds: number };

export interface Validators {
  readonly count: number;
  readonly selfDelegation: Dist<bigint>;
}

export interface MetaNodes {
  readonly count: number;
  readonly deposit: Dist<bigint>;
}

export interface ResourceNodes {
  readonly count: number;
  readonly deposit: Dist<bigint>;
  readonly nodeType: Dist<number>;
  readonly join: At;
  readonly leave?: At;
}

export interface Users {
  readonly count: number;
  readonly prepay: Dist<bigint>;
  readonly uploadSize: Dist<number>;
  readonly uploadsPerEpoch: Dist<number>;
  readonly downloadsPerEpoch: Dist<number>;
  readonly downloadPopularity: Zipf;
}

export interface Population {
  readonly validators: Validators;
  readonly metaNodes: MetaNodes;
  readonly resourceNodes: ResourceNodes;
  readonly users: Users;
  /** what the foundation account deposits into pot's mining pool at the first block */
  readonly foundation: { readonly deposit: bigint };
}

export interface Clock {
  readonly epochSeconds: number;
  readonly blockIntervalSeconds: number;
  /** the whole run, in seconds (a `{epochs: N}` duration is N × epochSeconds) */
  readonly durationSeconds: number;
}

/** A node of the population: `validator-0`, `meta-2`, `resource-3` (0-based). */
export interface NodeRef {
  readonly role: 'validator' | 'meta' | 'resource';
  readonly index: number;
}

export type EventBody =
  | { readonly kind: 'proposal'; readonly module: string; readonly params: Readonly<Record<string, unknown>> }
  | { readonly kind: 'slash'; readonly node: NodeRef; readonly fraction: number }
  | { readonly kind: 'unbond'; readonly node: NodeRef }
  | { readonly kind: 'suspend'; readonly node: NodeRef }
  | { readonly kind: 'prepay_wave'; readonly users: number; readonly amount: Dist<bigint> }
  | { readonly kind: 'traffic_surge'; readonly factor: number; readonly epochs: number };

export interface ScenarioEvent {
  readonly at: At;
  /** `at` in seconds after genesis */
  readonly atSeconds: number;
  /** 1-based line and column of the event in the file, for the runner's messages */
  readonly line: number;
  readonly col: number;
  readonly body: EventBody;
}

/** A 1-based line and column of the scenario file. */
export interface SourcePos {
  readonly line: number;
  readonly col: number;
}

export interface Settlement {
  readonly replicas: number;
  readonly nozPerByte: bigint;
  readonly trafficNozPerByte: bigint;
  readonly settleBasisPoints: number;
}

export type BlsMode = 'trusted' | 'full';

export interface Scenario {
  readonly file: string;
  readonly name?: string;
  readonly seed: number;
  /**
   * merged into the genesis `app_state`, module by module: plain JSON, checked against each
   * module's proto-JSON shape and accepted by the chain's InitChain (numbers where the chain's JSON
   * has strings are those strings)
   */
  readonly genesis: Readonly<Record<string, unknown>>;
  readonly population: Population;
  readonly clock: Clock;
  readonly events: readonly ScenarioEvent[];
  readonly settlement: Settlement;
  readonly bls: BlsMode;
  /**
   * Where the fields the runner may have to name are in the file, by field path: every override of
   * `genesis` (a scalar, or a list: lists replace the default whole) in file order, e.g.
   * `genesis.pot.params.community_tax`, and `population` when the file has it.
   */
  readonly positions: Readonly<Record<string, SourcePos>>;
}
