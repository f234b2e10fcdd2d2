/**
 * What a genesis document must pass before a chain starts from it: every module's ValidateGenesis
 * and InitGenesis, run by an App in memory. Each rule therefore lives once, in its module — e.g.
 * pot's InitGenesis refusing a bank supply above `initial_total_supply`. Used by `chaind genesis
 * validate-genesis` (and the top-level `validate-genesis`), by `chaind start` before it creates
 * a new chain, and by sdsim's scenario checks (src/sim/scenario/chain.ts), so all refuse a document
 * with the same message.
 */
import { App } from '../abci/app.ts';
import { appModules } from '../abci/modules.ts';
import type { GenesisDoc } from '../state/genesis.ts';
import { createCodec } from '../codec/registry.ts';
import { profileOfAppState } from '../naming.ts';
import type { ValidatorUpdate } from '../state/block-info.ts';

/** What InitChain of an App in memory makes of a genesis document: the module's message when it refuses, else the validator set it gives. */
type GenesisVerdict = { readonly problem: string } | { readonly problem?: undefined; readonly validators: readonly ValidatorUpdate[] };

function genesisVerdict(doc: GenesisDoc): GenesisVerdict {
  try {
    // in the words of the profile the document records (src/naming.ts)
    const app = new App({ ...appModules, codec: createCodec(profileOfAppState(doc.app_state)) });
    app.initChain(doc);
    return { validators: app.initialValidators };
  } catch (e) {
    return { problem: e instanceof Error ? e.message : String(e) };
  }
}

/** Why the chain refuses to start from `doc` (the module's message, as it has it), or undefined when InitChain succeeds. */
export function genesisProblem(doc: GenesisDoc): string | undefined {
  return genesisVerdict(doc).problem;
}

/**
 * Throws `error validating genesis file <path>: <the module's message>` when InitChain would fail;
 * returns the validator set InitChain gives (staking's genesis validators and gentxs).
 */
export function checkGenesisState(doc: GenesisDoc, path: string): readonly ValidatorUpdate[] {
  const verdict = genesisVerdict(doc);
  if (verdict.problem !== undefined) throw new Error(`error validating genesis file ${path}: ${verdict.problem}`);
  return verdict.validators;
}

/**
 * BaseApp InitChain's sanity check: when the genesis file lists validators and InitChain returned
 * a set, both must be the same validators with the same powers (compared sorted by key, as
 * `abci.ValidatorUpdates` sorts). A fixed set (InitChain returned none) is not compared: consensus
 * runs the file's. Returns the real node's panic text, or undefined.
 */
export function initChainValidatorsProblem(fileValidators: readonly { readonly pub_key: { readonly value: string }; readonly power: string }[], initial: readonly ValidatorUpdate[]): string | undefined {
  if (fileValidators.length === 0 || initial.length === 0) return undefined;
  if (fileValidators.length !== initial.length) return `len(RequestInitChain.Validators) != len(GenesisValidators) (${fileValidators.length} != ${initial.length})`;
  const byKey = (a: { key: string }, b: { key: string }) => Buffer.compare(Buffer.from(a.key, 'base64'), Buffer.from(b.key, 'base64'));
  const requested = fileValidators.map((v) => ({ key: v.pub_key.value, power: BigInt(v.power) })).sort(byKey);
  const returned = initial.map((u) => ({ key: u.pubKey, power: u.power })).sort(byKey);
  const i = returned.findIndex((u, j) => u.key !== requested[j]!.key || u.power !== requested[j]!.power);
  return i < 0 ? undefined : `genesisValidators[${i}] != req.Validators[${i}]`;
}
