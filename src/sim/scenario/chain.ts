/**
 * What the scenario parser knows of the chain: the modules whose genesis a scenario's `genesis`
 * overrides and whose params a `proposal` changes, their proto-JSON shapes (from the codec's proto
 * types), and the chain's own verdict on a genesis app state — every module's ValidateGenesis and
 * InitGenesis, run by an App in memory (as `chaind genesis validate-genesis` does), so that each
 * rule lives once, in its module. Pure: no I/O, no clock, no randomness.
 */
import type protobuf from 'protobufjs';
import { MODULES } from '../../abci/modules.ts';
import { codec } from '../../codec/index.ts';
import { parseProtoJson } from '../../codec/proto-json.ts';
import { LONG_SCALARS, messageInfo, protoName, type FieldInfo } from '../../codec/field-info.ts';
import { genesisProblem } from '../../node/genesis-check.ts';
import { defaultConsensusParams, parseGenesisDoc } from '../../state/genesis.ts';
import { jsonAt, mergeJson, nestJson } from './merge-json.ts';

/** The proto package of each module whose params a proposal may change (`<package>.Params`, `<package>.MsgUpdateParams`). */
export const PARAMS_PACKAGES: Readonly<Record<string, string>> = Object.freeze({
  auth: 'sdk.auth.v1beta1',
  bank: 'sdk.bank.v1beta1',
  distribution: 'sdk.distribution.v1beta1',
  gov: 'sdk.gov.v1',
  mint: 'sdk.mint.v1beta1',
  slashing: 'sdk.slashing.v1beta1',
  staking: 'sdk.staking.v1beta1',
  pot: 'chain.pot.v1',
  register: 'chain.register.v1',
  sds: 'chain.sds.v1',
});

/** The modules a scenario's `genesis` may override: every module of the App, by name (genutil is the run's: its gentxs). */
export const GENESIS_MODULES: readonly string[] = Object.freeze(MODULES.map((m) => m.name).sort());

/** The proto type of a module's genesis (`<package>.GenesisState`), or null when the codec has none (evidence). */
export function genesisTypeOf(module: string): protobuf.Type | null {
  const pkg = PARAMS_PACKAGES[module];
  return pkg !== undefined && codec.hasType(`${pkg}.GenesisState`) ? codec.lookupType(`${pkg}.GenesisState`) : null;
}

/** The proto type of a module's params. */
export function paramsTypeOf(module: string): protobuf.Type {
  return codec.lookupType(`${PARAMS_PACKAGES[module]}.Params`);
}

/** The field of `type` named `key` as genesis JSON names it (the proto field name), if any. */
export function fieldOf(type: protobuf.Type, key: string): FieldInfo | undefined {
  return messageInfo(type).byName.get(key);
}

export function fieldNames(type: protobuf.Type): string[] {
  return messageInfo(type).fields.map((f) => f.name);
}

const OPAQUE = new Set(['google.protobuf.Timestamp', 'google.protobuf.Duration', 'google.protobuf.Any']);

/** A message field whose JSON is a mapping of its fields (not a time, a duration or an Any, which the codec reads whole). */
export function isStructured(f: FieldInfo): boolean {
  return f.kind === 'message' && !OPAQUE.has(protoName(f.messageType!));
}

/**
 * A YAML value as the chain's JSON has it: a number where proto-JSON has a string (a decimal, an
 * integer of 64 bits or a big integer, a string) becomes that string — `community_tax: 0.05` is
 * `"0.05"`, `mature_epoch: 3` is `"3"` — so that genesis.json is what the chain writes. A number
 * that is not exact (an integer beyond 2^53) is left for the codec to refuse.
 */
export function asChainJson(f: FieldInfo, value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  if (isIntegral(f)) return Number.isSafeInteger(value) ? String(value) : value;
  if (f.custom === 'dec' || f.scalar === 'string') return String(value);
  return value;
}

/** A field whose JSON is an integer as a string (an SDK Int, a 64-bit integer). */
export function isIntegral(f: FieldInfo): boolean {
  return f.custom === 'int' || (f.custom === null && f.scalar !== null && LONG_SCALARS.has(f.scalar));
}

/**
 * What the codec says of one value of field `f` of message `type` (undefined: fine): `expected a
 * decimal string such as "0.02", got "abc"`. (The codec's own path prefix is left out: the caller
 * names the field.)
 */
export function valueProblem(type: protobuf.Type, f: FieldInfo, value: unknown): string | undefined {
  const typeName = protoName(type);
  try {
    parseProtoJson(typeName, { [f.name]: f.repeated ? [value] : value }, { codec });
    return undefined;
  } catch (e) {
    const message = (e as Error).message;
    const prefix = `${typeName}.${f.name}${f.repeated ? '[0]' : ''}`;
    if (!message.startsWith(prefix)) return message;
    const rest = message.slice(prefix.length);
    return rest.startsWith(': ') ? rest.slice(2) : rest.replace(/^\./, '');
  }
}

const GENESIS_TIME = '2025-01-01T00:00:00Z';

/**
 * Why the chain refuses a genesis app state (undefined: it starts from it): InitChain of an App in
 * memory, every module's ValidateGenesis and InitGenesis, and the genesis txs if any. The module's
 * message, without the `app_state.<module>…:` prefix some modules put first.
 */
export function chainRefusal(appState: Readonly<Record<string, unknown>>): string | undefined {
  return genesisRefusal({ genesis_time: GENESIS_TIME, chain_id: 'sdsim-check', initial_height: '1', consensus_params: defaultConsensusParams(), app_hash: '', app_state: appState });
}

/**
 * `chainRefusal` of a whole genesis document (genesis.json's JSON): the message of
 * `chaind genesis validate-genesis` (src/node/genesis-check.ts), or of the document's parsing.
 */
export function genesisRefusal(genesis: Readonly<Record<string, unknown>>): string | undefined {
  let problem: string | undefined;
  try {
    problem = genesisProblem(parseGenesisDoc(genesis));
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e);
  }
  return problem?.replace(/^app_state\.[\w.[\]]*: /, '');
}

/** One override of a scenario: where its value is in the overrides' JSON. */
export interface OverrideAt {
  readonly keys: readonly string[];
}

/**
 * The overrides of `json`, in order, each with `base` merged with it and every override before it:
 * a refused whole is blamed on the first of these merges the chain refuses (the scenario parser's
 * check of `genesis` and of a proposal's params, the runner's of the run's genesis). A generator,
 * so that the caller's verdict may be synchronous or not.
 */
export function* overridesInTurn<O extends OverrideAt>(base: unknown, json: unknown, overrides: readonly O[]): Generator<{ readonly override: O; readonly merged: unknown }> {
  let merged = base;
  for (const override of overrides) {
    merged = mergeJson(merged, nestJson(override.keys, jsonAt(json, override.keys)));
    yield { override, merged };
  }
}
