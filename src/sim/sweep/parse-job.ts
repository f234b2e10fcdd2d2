/**
 * The check of a sweep job that comes from outside the process (docs/sweeps.md, docs/sweep-queue.md):
 * light (no simulator loaded), so that the queue's worker checks a job before a thread runs it.
 */
import type { Setting, SweepJob } from './job.ts';

/**
 * A job as it comes to a worker (a JSON line of `sdsim worker --stdio`, a queue job's data), checked
 * field by field: `not a job: "id" is missing (a non-empty string)`. Unknown fields are refused too.
 */
export function parseSweepJob(value: unknown): SweepJob {
  const bad = (problem: string): never => {
    throw new Error(`not a job: ${problem}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad(`expected a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}`);
  const o = value as Record<string, unknown>;
  const what = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'string' ? `the string ${JSON.stringify(v)}` : `${typeof v} ${JSON.stringify(v)}`);
  const field = (key: string, expected: string, ok: (v: unknown) => boolean, optional = false) => {
    if (!(key in o)) {
      if (!optional) bad(`"${key}" is missing (${expected})`);
      return;
    }
    if (!ok(o[key])) bad(`"${key}" is ${what(o[key])}, expected ${expected}`);
  };
  const isString = (v: unknown) => typeof v === 'string';
  const isInt = (min: number, max: number) => (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
  field('id', 'a non-empty string', (v) => typeof v === 'string' && v !== '');
  field('scenarioFile', 'a string', isString);
  field('scenarioText', 'a string', isString);
  field('settings', 'a list of {path, value} strings', (v) => Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x) && typeof (x as Setting).path === 'string' && typeof (x as Setting).value === 'string' && Object.keys(x).length === 2));
  field('seed', 'an integer in 0..4294967295', isInt(0, 4294967295));
  field('epochs', 'an integer in 1..10000000', isInt(1, 10_000_000), true);
  field('home', 'a string', isString, true);
  const known = ['id', 'scenarioFile', 'scenarioText', 'settings', 'seed', 'epochs', 'home'];
  const unknown = Object.keys(o).find((k) => !known.includes(k));
  if (unknown !== undefined) bad(`unknown field "${unknown}" (a job has ${known.join(', ')})`);
  return o as unknown as SweepJob;
}
