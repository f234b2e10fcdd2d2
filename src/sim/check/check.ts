/**
 * `sdsim check [--runs N] [--seed S] [--out DIR]` (docs/check.md): fast-check runs of generated
 * scenarios (generate.ts) through the real runner with the invariants checked after every block
 * (`runScenario({ check: true })`, src/sim/check/invariants.ts), and every stored app hash checked
 * by a replay of the home from genesis. A failure is shrunk by fast-check to a smallest scenario,
 * written as a file that `sdsim run <file> --check` replays to the same failure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { appModules } from '../../abci/modules.ts';
import { Chain } from '../../abci/chain.ts';
import { DEFAULT_POT_NODE_SETTINGS } from '../../modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../modules/pot/apply-node-settings.ts';
import { chainDbPath, homeLayout, readConsensusConfig } from '../../node/home.ts';
import { parseScenario } from '../scenario/parse.ts';
import { runScenario } from '../run/runner.ts';
import { scenarioArbitrary, scenarioText, type ScenarioYaml } from './generate.ts';
import { makeDirs } from '../../make-dirs.ts';

export interface CheckOptions {
  readonly runs: number;
  readonly seed: number;
  /** where a failing scenario is written (created when needed) */
  readonly out: string;
  readonly onRun?: (done: number) => void;
}

export type CheckResult =
  | { readonly ok: true; readonly runs: number; readonly seed: number }
  | {
      readonly ok: false;
      readonly runs: number;
      readonly seed: number;
      /** fast-check's replay path of the shrunk case */
      readonly path: string;
      readonly error: string;
      /** the shrunk scenario, written here */
      readonly file: string;
      readonly scenario: string;
    };

/** One generated scenario: run with the invariants, then replayed from genesis (app hashes). Throws on the first problem. */
export async function checkScenario(text: string, dir: string): Promise<void> {
  const scenario = parseScenario(text, 'generated.yaml');
  const home = join(dir, 'home');
  rmSync(home, { recursive: true, force: true });
  await runScenario(scenario, { out: home, check: true });
  // every stored app hash again, by a replay of the whole run (Chain.open checks each)
  const restore = applyPotNodeSettings({ ...DEFAULT_POT_NODE_SETTINGS, blsVerifier: scenario.bls === 'trusted' ? 'accept-any' : 'bls12-381' });
  try {
    Chain.open({ ...appModules, dbPath: chainDbPath(homeLayout(home, readConsensusConfig(home))), keepRecent: 1 }).close();
  } finally {
    restore();
  }
}

export async function runCheck(o: CheckOptions): Promise<CheckResult> {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-check-'));
  let done = 0;
  try {
    const property = fc.asyncProperty(scenarioArbitrary, async (s: ScenarioYaml) => {
      await checkScenario(scenarioText(s), dir);
      o.onRun?.(++done);
    });
    const details = await fc.check(property, { numRuns: o.runs, seed: o.seed, endOnFailure: false });
    if (!details.failed) return { ok: true, runs: details.numRuns, seed: o.seed };
    const shrunk = details.counterexample![0] as ScenarioYaml;
    const text = scenarioText(shrunk);
    makeDirs(o.out);
    const file = resolve(o.out, `check-failure-${o.seed}.yaml`);
    writeFileSync(file, text);
    const err = details.errorInstance as Error | undefined;
    return { ok: false, runs: details.numRuns, seed: o.seed, path: details.counterexamplePath ?? '', error: err?.message ?? String(details.errorInstance), file, scenario: text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
