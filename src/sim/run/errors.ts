import type { ScenarioError } from '../scenario/parse.ts';

/** A run that cannot go on (a scenario asks for what the chain cannot do); the message names the scenario line. */
export class RunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunError';
  }
}

/**
 * A run stopped by a scripted event (a proposal the chain did not carry out): its message is the
 * scenario error's (`<file>:<line>:<col>: <field>: <problem>`), whose parts it keeps (`at`) so that a
 * sweep can name the `--set` the event came from.
 */
export class ScenarioEventError extends RunError {
  constructor(readonly at: ScenarioError) {
    super(at.message);
    this.name = 'ScenarioEventError';
  }
}

/** An invariant of src/sim/check/invariants.ts broken by a block of a run (`--check`). */
export class InvariantError extends RunError {
  constructor(
    readonly height: bigint,
    readonly epoch: number,
    readonly block: string,
    readonly violations: readonly string[],
  ) {
    super(`invariant broken at height ${height} (epoch ${epoch}, its ${block} block): ${violations.join('; ')}`);
    this.name = 'InvariantError';
  }
}
