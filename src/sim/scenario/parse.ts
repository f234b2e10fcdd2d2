/**
 * `parseScenario`: a scenario file (YAML) → the typed `Scenario` (docs/scenarios.md). Every mistake
 * throws a `ScenarioError` naming `<file>:<line>:<col>: <field path>: <problem>`, positions from
 * the yaml library's document nodes and a `LineCounter`. The `genesis` overrides and the params of
 * each `proposal` are checked against the modules' proto shapes and by the chain itself (InitChain
 * of an App in memory, ./chain.ts), so that a scenario the chain would refuse stops here, before
 * anything is written. Pure: no I/O.
 */
import type protobuf from 'protobufjs';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import type { FieldInfo } from '../../codec/field-info.ts';
import { parseCoinNormalized } from '../../math/coin-parse.ts';
import { defaultAppState } from '../../node/init.ts';
import { DEFAULT_META_NODE_SETTINGS } from '../../sds/meta-node/settings.ts';
import { asChainJson, chainRefusal, fieldNames, fieldOf, GENESIS_MODULES, genesisTypeOf, isIntegral, isStructured, overridesInTurn, PARAMS_PACKAGES, paramsTypeOf, valueProblem } from './chain.ts';
import { mergeJson } from './merge-json.ts';
import type {
  At, BlsMode, Clock, Dist, EventBody, NodeRef, Population, Scenario, ScenarioEvent, Settlement, SourcePos, Zipf,
} from './types.ts';

export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file}:${line}:${col}: ${field}: ${problem}`);
    this.name = 'ScenarioError';
  }
}

/**
 * The keys each mapping of the format accepts, by path (`events[].slash`: the body of a slash
 * event; `dist.*`: the distribution forms). The parser checks keys against this table and a test
 * checks scenarios/scenario.schema.json against it.
 */
export const SCENARIO_KEYS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '': ['name', 'seed', 'genesis', 'population', 'clock', 'events', 'settlement', 'bls'],
  // the modules a genesis may override (each checked against its genesis type, ./chain.ts)
  genesis: GENESIS_MODULES,
  population: ['validators', 'meta_nodes', 'resource_nodes', 'users', 'foundation'],
  'population.foundation': ['deposit'],
  'population.validators': ['count', 'self_delegation'],
  'population.meta_nodes': ['count', 'deposit'],
  'population.resource_nodes': ['count', 'deposit', 'node_type', 'join', 'leave'],
  'population.users': ['count', 'prepay', 'upload_size', 'uploads_per_epoch', 'downloads_per_epoch', 'download_popularity'],
  'population.users.download_popularity': ['zipf'],
  'population.users.download_popularity.zipf': ['s', 'n'],
  clock: ['epoch', 'block_interval', 'duration'],
  'clock.duration': ['epochs', 'time'],
  'events[]': ['at', 'proposal', 'slash', 'unbond', 'suspend', 'prepay_wave', 'traffic_surge'],
  'events[].proposal': ['module', 'params'],
  'events[].slash': ['node', 'fraction'],
  'events[].unbond': ['node'],
  'events[].suspend': ['node'],
  'events[].prepay_wave': ['users', 'amount'],
  'events[].traffic_surge': ['factor', 'epochs'],
  settlement: ['replicas', 'noz_per_byte', 'traffic_noz_per_byte', 'settle_basis_points'],
  dist: ['uniform', 'normal', 'lognormal', 'choice'],
  'dist.uniform': ['min', 'max'],
  'dist.normal': ['mean', 'sd', 'min'],
  'dist.lognormal': ['median', 'sigma', 'min'],
  'dist.choice[]': ['value', 'weight'],
});

export const EVENT_KINDS = ['proposal', 'slash', 'unbond', 'suspend', 'prepay_wave', 'traffic_surge'] as const;

/** Defaults of the optional fields (docs/scenarios.md lists them). */
export const SCENARIO_DEFAULTS = Object.freeze({
  seed: 1,
  bls: 'trusted' as BlsMode,
  epochSeconds: 600,
  blockIntervalSeconds: 5,
  validators: 1,
  selfDelegation: 1_000_000_000_000_000_000_000n, // 1000stos
  metaNodes: 3,
  metaDeposit: 1_000_000_000_000_000_000_000n, // 1000stos
  resourceNodes: 4,
  resourceDeposit: 100_000_000_000_000_000_000n, // 100stos
  nodeType: 7,
  users: 10,
  prepay: 1_000_000_000_000_000_000n, // 1stos
  uploadSize: 1_048_576, // 1MiB
  uploadsPerEpoch: 1,
  downloadsPerEpoch: 1,
  foundationDeposit: 20_000_000_000_000_000_000_000_000n, // 20,000,000stos: tier 1's whole issuance
  zipfS: 1.0,
});

type Ctx = { readonly file: string; readonly text: string; readonly lc: LineCounter };

/** The 1-based position of `node` (of `fallback` when `node` has none: an empty value). */
function posOf(ctx: Ctx, node: Node | Pair['key'] | null | undefined, fallback?: Node): SourcePos {
  const n = (node && (node as Node).range ? node : fallback) as Node | undefined;
  const { line, col } = ctx.lc.linePos(n?.range ? n.range[0] : 0);
  return { line, col };
}

function fail(ctx: Ctx, node: Node | Pair['key'] | null | undefined, field: string, problem: string, fallback?: Node): never {
  const { line, col } = posOf(ctx, node, fallback);
  throw new ScenarioError(ctx.file, line, col, field || '(top)', problem);
}

function describe(node: Node | null | undefined): string {
  if (node == null) return 'nothing';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'null';
    if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
    // a number as it was written: past 2^53 its value is rounded (`1000000000000000001` is 1e18)
    return `${typeof v} ${typeof v === 'number' && node.source !== undefined ? node.source : String(v)}`;
  }
  return 'an alias';
}

/**
 * The integer a YAML number was written as, exactly (from its source text: the yaml library reads
 * an integer past 2^53 as a rounded float), or undefined when it was not written as an integer
 * (`1.5`, `1e21`).
 */
export function writtenInteger(node: Scalar): bigint | undefined {
  const src = node.source?.trim();
  if (src === undefined || typeof node.value !== 'number') return undefined;
  if (/^[-+]?\d+$/.test(src) || /^0x[0-9a-fA-F]+$/.test(src) || /^0o[0-7]+$/.test(src)) return BigInt(src.replace(/^\+/, ''));
  return undefined;
}

function levenshtein(a: string, b: string): number {
  const d: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length];
}

function suggestion(key: string, allowed: readonly string[]): string {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of allowed) {
    const dist = levenshtein(key, k);
    if (dist < bestD) [best, bestD] = [k, dist];
  }
  if (best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 3))) return ` (did you mean "${best}"?)`;
  return ` (expected one of: ${allowed.join(', ')})`;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** A mapping with only the keys of `SCENARIO_KEYS[keysAt]`; returns key → value node. */
function mapping(ctx: Ctx, node: Node | null | undefined, path: string, keysAt: string, fallback?: Node): Map<string, { key: Node; value: Node | null }> {
  if (!isMap(node)) fail(ctx, node, path, `expected a mapping, got ${describe(node)}`, fallback);
  const allowed = SCENARIO_KEYS[keysAt];
  const out = new Map<string, { key: Node; value: Node | null }>();
  for (const pair of node.items) {
    const key = pair.key as Node;
    if (!isScalar(key) || typeof key.value !== 'string') fail(ctx, key, path, `expected a field name, got ${describe(key)}`, node);
    const name = key.value as string;
    if (!allowed.includes(name)) fail(ctx, key, join(path, name), keysAt === 'events[]' ? `unknown event kind${suggestion(name, EVENT_KINDS)}` : `unknown field${suggestion(name, allowed)}`, node);
    out.set(name, { key, value: pair.value as Node | null });
  }
  return out;
}

function intIn(ctx: Ctx, node: Node | null | undefined, path: string, min: number, max: number, what: string, fallback?: Node): number {
  const v = isScalar(node) ? node.value : undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) {
    fail(ctx, node, path, `expected ${what}, got ${describe(node)}`, fallback);
  }
  return v;
}

function num(ctx: Ctx, node: Node | null | undefined, path: string, ok: (v: number) => boolean, what: string): number {
  const v = isScalar(node) ? node.value : undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || !ok(v)) fail(ctx, node, path, `expected ${what}, got ${describe(node)}`);
  return v;
}

function str(ctx: Ctx, node: Node | null | undefined, path: string, what: string): string {
  const v = isScalar(node) ? node.value : undefined;
  if (typeof v !== 'string' || v === '') fail(ctx, node, path, `expected ${what}, got ${describe(node)}`);
  return v;
}

const MAX_WEI = (1n << 256n) - 1n;

/** `"1000"` (wei), `"10stos"`, `"2.5gwei"` (parseCoinNormalized), or a non-negative YAML integer (wei). */
export function parseAmountText(text: string): bigint | string {
  const t = text.trim();
  let wei: bigint;
  if (/^\d+$/.test(t)) wei = BigInt(t);
  else {
    let coin;
    try {
      coin = parseCoinNormalized(t);
    } catch (e) {
      return (e as Error).message;
    }
    if (coin.denom !== 'wei') return `unknown denomination "${coin.denom}" (use wei, gwei or stos)`;
    wei = coin.amount;
  }
  if (wei < 0n) return 'must not be negative';
  if (wei > MAX_WEI) return 'does not fit 256 bits';
  return wei;
}

function amount(ctx: Ctx, node: Node | null | undefined, path: string): bigint {
  const v = isScalar(node) ? node.value : undefined;
  // an integer is wei, exactly as written (any size up to 2^256 − 1)
  const wei = isScalar(node) ? writtenInteger(node) : undefined;
  if (wei !== undefined && wei >= 0n) {
    if (wei > MAX_WEI) fail(ctx, node, path, `bad amount ${(node as Scalar).source!.trim()}: does not fit 256 bits`);
    return wei;
  }
  if (typeof v !== 'string') fail(ctx, node, path, `expected an amount like "10stos" or "1000" (wei), got ${describe(node)}`);
  const r = parseAmountText(v);
  if (typeof r === 'string') fail(ctx, node, path, `bad amount ${JSON.stringify(v)}: ${r}`);
  return r;
}

const DURATION_UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** `30s`, `10m`, `1h30m`, `365d`, `2w`: whole seconds (units s, m, h, d, w); a string or undefined (error). */
export function parseDurationSeconds(text: string): number | undefined {
  if (!/^(\d+(s|m|h|d|w))+$/.test(text)) return undefined;
  let total = 0;
  for (const m of text.matchAll(/(\d+)([smhdw])/g)) total += Number(m[1]) * DURATION_UNITS[m[2]];
  return Number.isSafeInteger(total) ? total : undefined;
}

function duration(ctx: Ctx, node: Node | null | undefined, path: string, positive: boolean): number {
  const v = isScalar(node) ? node.value : undefined;
  if (typeof v !== 'string') fail(ctx, node, path, `expected a duration like "10m", got ${describe(node)}`);
  const s = parseDurationSeconds(v);
  if (s === undefined) fail(ctx, node, path, `bad duration ${JSON.stringify(v)} (a sequence of <integer><unit>, units s, m, h, d, w)`);
  if (positive && s === 0) fail(ctx, node, path, `expected a positive duration, got ${JSON.stringify(v)}`);
  return s;
}

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1, B: 1, KB: 1e3, MB: 1e6, GB: 1e9, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3,
};

function size(ctx: Ctx, node: Node | null | undefined, path: string): number {
  const v = isScalar(node) ? node.value : undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string') {
    const m = /^(\d+)\s*(B|KB|MB|GB|KiB|MiB|GiB)?$/.exec(v.trim());
    if (m) {
      const bytes = Number(m[1]) * SIZE_UNITS[m[2] ?? ''];
      if (Number.isSafeInteger(bytes)) return bytes;
    }
  }
  fail(ctx, node, path, `expected a size in bytes like 4096 or "4MiB", got ${describe(node)}`);
}

/** A constant (read by `one`) or `{uniform|normal|lognormal|choice: …}`. */
function dist<T>(ctx: Ctx, node: Node | null | undefined, path: string, one: (n: Node | null | undefined, p: string) => T, less: (a: T, b: T) => boolean): Dist<T> {
  if (!isMap(node)) return { kind: 'const', value: one(node, path) };
  const m = mapping(ctx, node, path, 'dist');
  if (m.size !== 1) fail(ctx, node, path, `expected exactly one of uniform, normal, lognormal, choice, got ${m.size}`);
  const [[form, { value }]] = [...m.entries()];
  const p = join(path, form);
  if (form === 'uniform') {
    const f = mapping(ctx, value, p, 'dist.uniform', node);
    const min = one(req(ctx, f, 'min', p, value), `${p}.min`);
    const max = one(req(ctx, f, 'max', p, value), `${p}.max`);
    if (less(max, min)) fail(ctx, f.get('max')!.value, `${p}.max`, 'must not be less than min');
    return { kind: 'uniform', min, max };
  }
  if (form === 'normal') {
    const f = mapping(ctx, value, p, 'dist.normal', node);
    const mean = one(req(ctx, f, 'mean', p, value), `${p}.mean`);
    const sd = one(req(ctx, f, 'sd', p, value), `${p}.sd`);
    const min = f.has('min') ? one(f.get('min')!.value, `${p}.min`) : undefined;
    return min === undefined ? { kind: 'normal', mean, sd } : { kind: 'normal', mean, sd, min };
  }
  if (form === 'lognormal') {
    const f = mapping(ctx, value, p, 'dist.lognormal', node);
    const median = one(req(ctx, f, 'median', p, value), `${p}.median`);
    const sigma = num(ctx, req(ctx, f, 'sigma', p, value), `${p}.sigma`, (x) => x > 0, 'a positive number');
    const min = f.has('min') ? one(f.get('min')!.value, `${p}.min`) : undefined;
    return min === undefined ? { kind: 'lognormal', median, sigma } : { kind: 'lognormal', median, sigma, min };
  }
  // choice
  if (!isSeq(value) || value.items.length === 0) fail(ctx, value, p, `expected a non-empty list, got ${isSeq(value) ? 'an empty list' : describe(value)}`, node);
  const options = value.items.map((item, i) => {
    const ip = `${p}[${i}]`;
    if (!isMap(item)) return { value: one(item as Node, ip), weight: 1 };
    const f = mapping(ctx, item as Node, ip, 'dist.choice[]');
    const v = one(req(ctx, f, 'value', ip, item as Node), `${ip}.value`);
    const weight = f.has('weight') ? num(ctx, f.get('weight')!.value, `${ip}.weight`, (x) => x > 0, 'a positive number') : 1;
    return { value: v, weight };
  });
  return { kind: 'choice', options };
}

function req(ctx: Ctx, m: Map<string, { key: Node; value: Node | null }>, key: string, path: string, parent: Node | null | undefined): Node | null {
  const e = m.get(key);
  if (!e) fail(ctx, parent, join(path, key), 'missing required field');
  return e.value;
}

function opt<T>(m: Map<string, { key: Node; value: Node | null }>, key: string, read: (n: Node | null, p: string) => T, path: string, dflt: T): T {
  const e = m.get(key);
  return e ? read(e.value, join(path, key)) : dflt;
}

/** `at`: an integer (the start of that epoch) or a duration after genesis. */
function at(ctx: Ctx, node: Node | null | undefined, path: string): At {
  const v = isScalar(node) ? node.value : undefined;
  if (typeof v === 'number') return { epoch: intIn(ctx, node, path, 0, Number.MAX_SAFE_INTEGER, 'an epoch number (integer ≥ 0) or a time like "2h"') };
  if (typeof v === 'string') return { seconds: duration(ctx, node, path, false) };
  fail(ctx, node, path, `expected an epoch number (integer ≥ 0) or a time like "2h", got ${describe(node)}`);
}

const atSeconds = (a: At, epochSeconds: number) => ('epoch' in a ? a.epoch * epochSeconds : a.seconds);

/**
 * One value a scenario sets in the chain's JSON (a genesis override, a proposal's param): a scalar,
 * or a list (a list replaces the default whole), by its keys below the root and where it is.
 */
interface Override {
  readonly keys: readonly string[];
  readonly path: string;
  readonly node: Node | null | undefined;
  readonly fallback: Node;
}

/**
 * A mapping read as the proto-JSON of message `type` (genesis JSON: fields by their proto names),
 * each value checked by the codec; returns the chain's JSON and adds the overrides it sets to `out`
 * (none inside lists: a list is one override).
 */
function protoMessage(ctx: Ctx, node: Node | null | undefined, path: string, type: protobuf.Type, out: Override[] | undefined, keys: readonly string[], fallback?: Node): Record<string, unknown> {
  if (!isMap(node)) fail(ctx, node, path, `expected a mapping, got ${describe(node)}`, fallback);
  const json: Record<string, unknown> = {};
  for (const pair of node.items) {
    const key = pair.key as Node;
    if (!isScalar(key) || typeof key.value !== 'string') fail(ctx, key, path, `expected a field name, got ${describe(key)}`, node);
    const name = key.value as string;
    const p = join(path, name);
    const f = fieldOf(type, name);
    if (!f) fail(ctx, key, p, `unknown field${suggestion(name, fieldNames(type))}`, node);
    json[name] = protoField(ctx, pair.value as Node | null, p, type, f, out, [...keys, name], key);
  }
  return json;
}

function protoField(ctx: Ctx, node: Node | null, path: string, type: protobuf.Type, f: FieldInfo, out: Override[] | undefined, keys: readonly string[], keyNode: Node): unknown {
  if (node === null || (isScalar(node) && node.value === null)) {
    out?.push({ keys, path, node, fallback: keyNode });
    return null;
  }
  if (!f.repeated) return protoSingle(ctx, node, path, type, f, out, keys, keyNode);
  if (!isSeq(node)) fail(ctx, node, path, `expected a list, got ${describe(node)}`, keyNode);
  const list = node.items.map((item, i) => protoSingle(ctx, item as Node, `${path}[${i}]`, type, f, undefined, keys, node));
  out?.push({ keys, path, node, fallback: keyNode });
  return list;
}

function protoSingle(ctx: Ctx, node: Node | null, path: string, type: protobuf.Type, f: FieldInfo, out: Override[] | undefined, keys: readonly string[], fallback: Node): unknown {
  if (isStructured(f)) return protoMessage(ctx, node, path, f.messageType!, out, keys, fallback);
  if (node === null || isAlias(node)) fail(ctx, node, path, `expected a value, got ${describe(node)}`, fallback);
  const raw = isScalar(node) ? node.value : node.toJSON();
  // an integer where the chain's JSON has one as a string (an amount, a 64-bit integer): its digits as written
  const exact = isIntegral(f) && isScalar(node) ? writtenInteger(node) : undefined;
  if (exact === undefined && isIntegral(f) && typeof raw === 'number' && Number.isInteger(raw) && !Number.isSafeInteger(raw)) {
    fail(ctx, node, path, `the number ${(node as Scalar).source ?? String(raw)} is beyond what a YAML number holds exactly (2^53): write it as a string, in quotes`);
  }
  const value = exact !== undefined ? exact.toString() : asChainJson(f, raw);
  const problem = valueProblem(type, f, value);
  if (problem !== undefined) fail(ctx, node, path, /\bgot\b/.test(problem) ? problem : `${problem}, got ${describe(node)}`, fallback);
  out?.push({ keys, path, node, fallback });
  return value;
}

/** `genesis`: module → its genesis, checked against the module's genesis type (evidence, which has none: the keys of its default). */
function genesisOverrides(ctx: Ctx, node: Node | null, out: Override[], keyNode: Node): Record<string, unknown> {
  if (!isMap(node)) fail(ctx, node, 'genesis', `expected a mapping, got ${describe(node)}`, keyNode);
  const json: Record<string, unknown> = {};
  for (const pair of node.items) {
    const key = pair.key as Node;
    if (!isScalar(key) || typeof key.value !== 'string') fail(ctx, key, 'genesis', `expected a module name, got ${describe(key)}`, node);
    const module = key.value as string;
    const p = `genesis.${module}`;
    if (module === 'genutil') fail(ctx, key, p, "the run makes it (the validators' gentxs): not a module to override");
    if (!GENESIS_MODULES.includes(module)) fail(ctx, key, p, `unknown module${suggestion(module, GENESIS_MODULES)}`);
    const value = pair.value as Node | null;
    if (!isMap(value)) fail(ctx, value, p, `expected a mapping (module params/state), got ${describe(value)}`, key);
    const type = genesisTypeOf(module);
    json[module] = type ? protoMessage(ctx, value, p, type, out, [module], key) : plainModule(ctx, value, p, module, out);
  }
  return json;
}

function plainModule(ctx: Ctx, node: YAMLMap, path: string, module: string, out: Override[]): Record<string, unknown> {
  const allowed = Object.keys(defaultAppState()[module] as Record<string, unknown>);
  const json: Record<string, unknown> = {};
  for (const pair of node.items) {
    const key = pair.key as Node;
    if (!isScalar(key) || typeof key.value !== 'string') fail(ctx, key, path, `expected a field name, got ${describe(key)}`, node as Node);
    const name = key.value as string;
    if (!allowed.includes(name)) fail(ctx, key, join(path, name), `unknown field${suggestion(name, allowed)}`, node as Node);
    const value = pair.value as Node | null;
    json[name] = value === null ? null : value.toJSON();
    out.push({ keys: [module, name], path: join(path, name), node: value, fallback: key });
  }
  return json;
}

/**
 * When the chain refuses `base` with `json` merged in: names the first override (in file order)
 * whose addition makes it refuse, with the chain's message.
 */
function blame(ctx: Ctx, base: unknown, json: unknown, overrides: readonly Override[], refusal: (merged: unknown) => string | undefined, whole: { node: Node | null | undefined; path: string; problem: string; fallback?: Node }): never {
  for (const { override: o, merged } of overridesInTurn(base, json, overrides)) {
    const problem = refusal(merged);
    if (problem !== undefined) fail(ctx, o.node, o.path, problem, o.fallback);
  }
  fail(ctx, whole.node, whole.path, whole.problem, whole.fallback);
}

/**
 * A prepay amount (`users.prepay`, `prepay_wave.amount`): every draw at least 1 wei, since the chain
 * refuses a prepay of 0 — a constant, `uniform.min`, `normal.min` (required: a normal is clamped at
 * min, at 0 without one), `lognormal.median` and `min`, every `choice` value.
 */
function positivePrepay(ctx: Ctx, d: Dist<bigint>, node: Node | null, path: string): void {
  const m = node as YAMLMap;
  const atLeast1 = (v: bigint, n: Node | null | undefined, p: string, fallback?: Node) => {
    if (v > 0n) return;
    const got = isScalar(n) && typeof n.value === 'string' && !/^\s*0+\s*(wei)?\s*$/.test(n.value) ? `${JSON.stringify(n.value)}, which is 0 wei (a fraction of a wei is truncated)` : '0';
    fail(ctx, n, p, `a prepay must be at least 1 wei (the chain refuses 0), got ${got}`, fallback);
  };
  const at = (...keys: (string | number)[]) => m.getIn(keys, true) as Node | undefined;
  switch (d.kind) {
    case 'const':
      return atLeast1(d.value, node, path);
    case 'uniform':
      return atLeast1(d.min, at('uniform', 'min'), `${path}.uniform.min`);
    case 'normal':
      if (d.min === undefined) fail(ctx, at('normal'), `${path}.normal.min`, 'missing: a prepay drawn from a normal needs a min of at least 1 wei (a draw below min is clamped to it, to 0 without one, and the chain refuses 0)');
      return atLeast1(d.min, at('normal', 'min'), `${path}.normal.min`);
    case 'lognormal':
      atLeast1(d.median, at('lognormal', 'median'), `${path}.lognormal.median`);
      if (d.min !== undefined) atLeast1(d.min, at('lognormal', 'min'), `${path}.lognormal.min`);
      return;
    case 'choice':
      d.options.forEach((o, i) => {
        const item = at('choice', i);
        atLeast1(o.value, isMap(item) ? (item.get('value', true) as Node) : item, `${path}.choice[${i}]${isMap(item) ? '.value' : ''}`);
      });
  }
}

export function parseScenario(text: string, file: string): Scenario {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true, intAsBigInt: false });
  const ctx: Ctx = { file, text, lc };
  const err = doc.errors[0];
  if (err) {
    const { line, col } = lc.linePos(err.pos[0]);
    throw new ScenarioError(file, line, col, 'yaml', err.message);
  }
  const root = doc.contents as Node | null;
  const top = mapping(ctx, root, '', '');
  const bigLess = (a: bigint, b: bigint) => a < b;
  const numLess = (a: number, b: number) => a < b;
  const amt = (n: Node | null | undefined, p: string) => amount(ctx, n, p);
  const amtDist = (n: Node | null, p: string) => dist(ctx, n, p, amt, bigLess);
  const count = (min: number) => (n: Node | null, p: string) => intIn(ctx, n, p, min, 1_000_000, min === 0 ? 'an integer from 0 to 1000000' : 'an integer from 1 to 1000000');

  const name = opt(top, 'name', (n, p) => str(ctx, n, p, 'a non-empty string'), '', undefined as string | undefined);
  const seed = opt(top, 'seed', (n, p) => intIn(ctx, n, p, 0, 2 ** 32 - 1, 'an integer in 0..4294967295'), '', SCENARIO_DEFAULTS.seed);
  const bls = opt(top, 'bls', (n, p) => {
    const v = isScalar(n) ? n.value : undefined;
    if (v !== 'trusted' && v !== 'full') fail(ctx, n, p, `expected "trusted" or "full", got ${describe(n)}`);
    return v as BlsMode;
  }, '', SCENARIO_DEFAULTS.bls);
  // genesis: each override checked against its module's proto shape, then the whole by the chain
  const genesisEntry = top.get('genesis');
  const genesisOver: Override[] = [];
  const genesis = genesisEntry ? genesisOverrides(ctx, genesisEntry.value, genesisOver, genesisEntry.key) : {};
  let chainState = mergeJson(defaultAppState(), genesis) as Record<string, unknown>;
  if (genesisOver.length > 0) {
    const refused = chainRefusal(chainState);
    if (refused !== undefined) {
      blame(ctx, defaultAppState(), genesis, genesisOver, (merged) => chainRefusal(merged as Record<string, unknown>), { node: genesisEntry!.value, path: 'genesis', problem: refused, fallback: genesisEntry!.key });
    }
  }
  const positions: Record<string, SourcePos> = {};
  for (const o of genesisOver) positions[o.path] = posOf(ctx, o.node, o.fallback);
  if (top.has('population')) positions.population = posOf(ctx, top.get('population')!.key);

  // clock
  const clockEntry = top.get('clock');
  if (!clockEntry) fail(ctx, root, 'clock', 'missing required field');
  const cm = mapping(ctx, clockEntry.value, 'clock', 'clock', clockEntry.key);
  const epochSeconds = opt(cm, 'epoch', (n, p) => duration(ctx, n, p, true), 'clock', SCENARIO_DEFAULTS.epochSeconds);
  const blockIntervalSeconds = opt(cm, 'block_interval', (n, p) => duration(ctx, n, p, true), 'clock', SCENARIO_DEFAULTS.blockIntervalSeconds);
  // the record block (epoch start + 2 × interval) must come before the report block (epoch end − interval)
  if (blockIntervalSeconds * 3 >= epochSeconds) fail(ctx, cm.get('block_interval')!.value, 'clock.block_interval', `less than a third of clock.epoch (${epochSeconds}s): the runner makes three blocks per epoch, each later than the one before`);
  const durNode = req(ctx, cm, 'duration', 'clock', clockEntry.value);
  const dm = mapping(ctx, durNode, 'clock.duration', 'clock.duration', cm.get('duration')!.key);
  if (dm.size !== 1) fail(ctx, durNode, 'clock.duration', `expected exactly one of epochs, time, got ${dm.size}`);
  let durationSeconds: number;
  if (dm.has('epochs')) durationSeconds = intIn(ctx, dm.get('epochs')!.value, 'clock.duration.epochs', 1, 10_000_000, 'a positive integer') * epochSeconds;
  else {
    const timeNode = dm.get('time')!.value;
    durationSeconds = duration(ctx, timeNode, 'clock.duration.time', true);
    // a run is whole epochs (each ends with its report): a time between two would be rounded
    if (durationSeconds % epochSeconds !== 0) {
      const below = Math.floor(durationSeconds / epochSeconds) * epochSeconds;
      const use = below > 0 ? `${below}s or ${below + epochSeconds}s` : `${epochSeconds}s`;
      fail(ctx, timeNode, 'clock.duration.time', `not a whole number of epochs (${durationSeconds}s, clock.epoch is ${epochSeconds}s): use ${use}`);
    }
  }
  const clock: Clock = { epochSeconds, blockIntervalSeconds, durationSeconds };

  // population
  const pm = top.get('population') ? mapping(ctx, top.get('population')!.value, 'population', 'population', top.get('population')!.key) : new Map();
  const sub = (key: string) => {
    const e = pm.get(key);
    const p = `population.${key}`;
    return e ? mapping(ctx, e.value, p, p, e.key) : new Map<string, { key: Node; value: Node | null }>();
  };
  const vm = sub('validators');
  const mm = sub('meta_nodes');
  const rm = sub('resource_nodes');
  const um = sub('users');
  const fm = sub('foundation');
  const checkAt = (a: At, n: Node | null, p: string) => {
    if (atSeconds(a, epochSeconds) > durationSeconds) fail(ctx, n, p, `beyond the run (clock.duration is ${durationSeconds}s)`);
    return a;
  };
  const population: Population = {
    validators: {
      count: opt(vm, 'count', count(1), 'population.validators', SCENARIO_DEFAULTS.validators),
      selfDelegation: opt(vm, 'self_delegation', amtDist, 'population.validators', { kind: 'const', value: SCENARIO_DEFAULTS.selfDelegation } as Dist<bigint>),
    },
    metaNodes: {
      count: opt(mm, 'count', count(1), 'population.meta_nodes', SCENARIO_DEFAULTS.metaNodes),
      deposit: opt(mm, 'deposit', amtDist, 'population.meta_nodes', { kind: 'const', value: SCENARIO_DEFAULTS.metaDeposit } as Dist<bigint>),
    },
    resourceNodes: {
      count: opt(rm, 'count', count(0), 'population.resource_nodes', SCENARIO_DEFAULTS.resourceNodes),
      deposit: opt(rm, 'deposit', amtDist, 'population.resource_nodes', { kind: 'const', value: SCENARIO_DEFAULTS.resourceDeposit } as Dist<bigint>),
      nodeType: opt(rm, 'node_type', (n, p) => dist(ctx, n, p, (x, q) => intIn(ctx, x, q, 1, 7, 'a node type 1..7'), numLess), 'population.resource_nodes', { kind: 'const', value: SCENARIO_DEFAULTS.nodeType } as Dist<number>),
      join: opt(rm, 'join', (n, p) => checkAt(at(ctx, n, p), n, p), 'population.resource_nodes', { epoch: 0 } as At),
      ...(rm.has('leave') ? { leave: checkAt(at(ctx, rm.get('leave')!.value, 'population.resource_nodes.leave'), rm.get('leave')!.value, 'population.resource_nodes.leave') } : {}),
    },
    users: {
      count: opt(um, 'count', count(0), 'population.users', SCENARIO_DEFAULTS.users),
      prepay: opt(um, 'prepay', (n, p) => {
        const d = amtDist(n, p);
        positivePrepay(ctx, d, n, p);
        return d;
      }, 'population.users', { kind: 'const', value: SCENARIO_DEFAULTS.prepay } as Dist<bigint>),
      uploadSize: opt(um, 'upload_size', (n, p) => dist(ctx, n, p, (x, q) => size(ctx, x, q), numLess), 'population.users', { kind: 'const', value: SCENARIO_DEFAULTS.uploadSize } as Dist<number>),
      uploadsPerEpoch: opt(um, 'uploads_per_epoch', (n, p) => dist(ctx, n, p, (x, q) => num(ctx, x, q, (v) => v >= 0, 'a non-negative number'), numLess), 'population.users', { kind: 'const', value: SCENARIO_DEFAULTS.uploadsPerEpoch } as Dist<number>),
      downloadsPerEpoch: opt(um, 'downloads_per_epoch', (n, p) => dist(ctx, n, p, (x, q) => num(ctx, x, q, (v) => v >= 0, 'a non-negative number'), numLess), 'population.users', { kind: 'const', value: SCENARIO_DEFAULTS.downloadsPerEpoch } as Dist<number>),
      downloadPopularity: opt(um, 'download_popularity', (n, p) => {
        const z = mapping(ctx, n, p, 'population.users.download_popularity', um.get('download_popularity')!.key);
        const zp = `${p}.zipf`;
        const zm = mapping(ctx, req(ctx, z, 'zipf', p, n), zp, 'population.users.download_popularity.zipf', z.get('zipf')?.key);
        const s = num(ctx, req(ctx, zm, 's', zp, z.get('zipf')!.value), `${zp}.s`, (v) => v > 0, 'a positive number');
        return zm.has('n') ? ({ kind: 'zipf', s, n: intIn(ctx, zm.get('n')!.value, `${zp}.n`, 1, Number.MAX_SAFE_INTEGER, 'a positive integer') } as Zipf) : ({ kind: 'zipf', s } as Zipf);
      }, 'population.users', { kind: 'zipf', s: SCENARIO_DEFAULTS.zipfS } as Zipf),
    },
    foundation: { deposit: opt(fm, 'deposit', amt, 'population.foundation', SCENARIO_DEFAULTS.foundationDeposit) },
  };
  const rn = population.resourceNodes;
  if (rn.leave && atSeconds(rn.leave, epochSeconds) <= atSeconds(rn.join, epochSeconds)) {
    fail(ctx, rm.get('leave')!.value, 'population.resource_nodes.leave', 'must be after join');
  }

  // settlement
  const sm = top.get('settlement') ? mapping(ctx, top.get('settlement')!.value, 'settlement', 'settlement', top.get('settlement')!.key) : new Map();
  const d = DEFAULT_META_NODE_SETTINGS;
  const settlement: Settlement = {
    replicas: opt(sm, 'replicas', count(1), 'settlement', d.replicas),
    nozPerByte: opt(sm, 'noz_per_byte', amt, 'settlement', d.nozPerByte),
    trafficNozPerByte: opt(sm, 'traffic_noz_per_byte', amt, 'settlement', d.trafficNozPerByte),
    settleBasisPoints: opt(sm, 'settle_basis_points', (n, p) => intIn(ctx, n, p, 1, 10000, 'an integer in 1..10000'), 'settlement', d.settleBasisPoints),
  };

  // events
  const counts = { validator: population.validators.count, meta: population.metaNodes.count, resource: population.resourceNodes.count };
  const nodeRef = (n: Node | null, p: string): NodeRef => {
    const s = str(ctx, n, p, 'a node like "resource-0"');
    const m = /^(validator|meta|resource)-(\d+)$/.exec(s);
    if (!m) fail(ctx, n, p, `expected a node like "validator-0", "meta-1" or "resource-2", got ${JSON.stringify(s)}`);
    const role = m[1] as NodeRef['role'];
    const index = Number(m[2]);
    if (index >= counts[role]) fail(ctx, n, p, `no such node ${JSON.stringify(s)} (population has ${counts[role]} ${role} node${counts[role] === 1 ? '' : 's'})`);
    return { role, index };
  };
  /** slash and suspend: no message of the chain does either to a meta node */
  const notMeta = (n: Node | null, p: string): NodeRef => {
    const ref = nodeRef(n, p);
    if (ref.role === 'meta') fail(ctx, n, p, `a meta node can only unbond: no message of the chain slashes or suspends one`);
    return ref;
  };
  const events: ScenarioEvent[] = [];
  const evEntry = top.get('events');
  if (evEntry) {
    const seq = evEntry.value;
    if (!isSeq(seq)) fail(ctx, seq, 'events', `expected a list, got ${describe(seq)}`, evEntry.key);
    let last = 0;
    seq.items.forEach((item, i) => {
      const p = `events[${i}]`;
      const em = mapping(ctx, item as Node, p, 'events[]', evEntry.key);
      const atNode = req(ctx, em, 'at', p, item as Node);
      const when = at(ctx, atNode, `${p}.at`);
      const secs = atSeconds(when, epochSeconds);
      if (secs > durationSeconds) fail(ctx, atNode, `${p}.at`, `beyond the run (clock.duration is ${durationSeconds}s, this is ${secs}s)`);
      if (secs < last) fail(ctx, atNode, `${p}.at`, `events out of order (${secs}s is before the previous event's ${last}s)`);
      last = secs;
      const kinds = [...em.keys()].filter((k) => k !== 'at');
      if (kinds.length !== 1) fail(ctx, item as Node, p, `expected exactly one event kind (${EVENT_KINDS.join(', ')}), got ${kinds.length === 0 ? 'none' : kinds.join(', ')}`);
      const kind = kinds[0] as EventBody['kind'];
      const kp = `${p}.${kind}`;
      const { key: kKey, value: kv } = em.get(kind)!;
      const b = mapping(ctx, kv, kp, `events[].${kind}`, kKey);
      let body: EventBody;
      switch (kind) {
        case 'proposal': {
          const moduleNode = req(ctx, b, 'module', kp, kv);
          const module = str(ctx, moduleNode, `${kp}.module`, 'a module name');
          if (PARAMS_PACKAGES[module] === undefined) fail(ctx, moduleNode, `${kp}.module`, `not a module with params${suggestion(module, Object.keys(PARAMS_PACKAGES))}`);
          const pp = `${kp}.params`;
          const paramsOver: Override[] = [];
          const params = protoMessage(ctx, req(ctx, b, 'params', kp, kv), pp, paramsTypeOf(module), paramsOver, [], b.get('params')?.key);
          // the chain's verdict on the params as they will be (the genesis and the proposals before this one)
          const current = (chainState[module] as Record<string, unknown>).params;
          const withParams = (p: unknown) => ({ ...chainState, [module]: { ...(chainState[module] as Record<string, unknown>), params: p } });
          const next = withParams(mergeJson(current, params));
          const refused = paramsOver.length > 0 ? chainRefusal(next) : undefined;
          if (refused !== undefined) blame(ctx, current, params, paramsOver, (merged) => chainRefusal(withParams(merged)), { node: b.get('params')!.value, path: pp, problem: refused, fallback: b.get('params')!.key });
          chainState = next;
          body = { kind, module, params };
          break;
        }
        case 'slash':
          body = { kind, node: notMeta(req(ctx, b, 'node', kp, kv), `${kp}.node`), fraction: num(ctx, req(ctx, b, 'fraction', kp, kv), `${kp}.fraction`, (v) => v > 0 && v <= 1, 'a fraction in (0, 1]') };
          break;
        case 'unbond':
          body = { kind, node: nodeRef(req(ctx, b, 'node', kp, kv), `${kp}.node`) };
          break;
        case 'suspend':
          body = { kind, node: notMeta(req(ctx, b, 'node', kp, kv), `${kp}.node`) };
          break;
        case 'prepay_wave': {
          const users = intIn(ctx, req(ctx, b, 'users', kp, kv), `${kp}.users`, 1, population.users.count, `a user count in 1..${population.users.count}`);
          const amountNode = req(ctx, b, 'amount', kp, kv);
          const amount = amtDist(amountNode, `${kp}.amount`);
          positivePrepay(ctx, amount, amountNode, `${kp}.amount`);
          body = { kind, users, amount };
          break;
        }
        case 'traffic_surge':
          body = { kind, factor: num(ctx, req(ctx, b, 'factor', kp, kv), `${kp}.factor`, (v) => v > 0, 'a positive number'), epochs: intIn(ctx, req(ctx, b, 'epochs', kp, kv), `${kp}.epochs`, 1, 10_000_000, 'a positive integer') };
          break;
      }
      events.push({ at: when, atSeconds: secs, ...posOf(ctx, item as Node), body });
    });
  }

  return {
    file,
    ...(name !== undefined ? { name } : {}),
    seed,
    genesis,
    population,
    clock,
    events,
    settlement,
    bls,
    positions,
  };
}
