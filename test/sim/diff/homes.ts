/**
 * Chain homes for the diff tests, made by the real runner: a small scenario in the shape of
 * scenarios/smoke.yaml (4 epochs), whose runs differ only where each test says.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScenario } from '../../../src/sim/run/runner.ts';
import { parseScenario } from '../../../src/sim/scenario/parse.ts';

export interface Variant {
  readonly name?: string;
  readonly communityTax?: string;
  readonly users?: number;
  /** runs only the first N epochs */
  readonly epochs?: number;
}

export function scenarioText(v: Variant = {}): string {
  return `name: ${v.name ?? 'taxdiff'}
seed: 42
bls: trusted
genesis:
  pot:
    params:
      mature_epoch: "2"
      community_tax: "${v.communityTax ?? '0.02'}"
clock:
  epoch: 10m
  block_interval: 5s
  duration: {epochs: 4}
population:
  validators: {count: 1, self_delegation: 1000stos}
  meta_nodes: {count: 3, deposit: 1000stos}
  resource_nodes:
    count: 4
    deposit: {uniform: {min: 100stos, max: 200stos}}
    node_type: 7
    join: 0
  users:
    count: ${v.users ?? 10}
    prepay: {lognormal: {median: 1stos, sigma: 0.5, min: 0.1stos}}
    upload_size: {choice: [{value: 64KiB, weight: 3}, 4MiB]}
    uploads_per_epoch: 2
    downloads_per_epoch: 3
    download_popularity: {zipf: {s: 1.1}}
settlement: {replicas: 3, noz_per_byte: 1, traffic_noz_per_byte: 1, settle_basis_points: 8000}
events:
  - at: 2
    prepay_wave: {users: 5, amount: 2stos}
`;
}

/** a fresh temporary folder holding `<label>/`, the run's home */
export async function runHome(dir: string, label: string, v: Variant = {}): Promise<string> {
  const out = join(dir, label);
  await runScenario(parseScenario(scenarioText(v), `${label}.yaml`), { out, ...(v.epochs !== undefined ? { epochs: v.epochs } : {}) });
  return out;
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'sdsim-diff-'));
