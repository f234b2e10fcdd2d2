/**
 * What a genesis document must pass before a chain starts from it: every module's ValidateGenesis
 * and InitGenesis, run by an App in memory. Each rule therefore lives once, in its module — e.g.
 * pot's InitGenesis refusing a bank supply above `initial_total_supply`. Used by `chaind genesis
 * validate-genesis` (and the top-level `validate-genesis`) and by `chaind start` before it creates
 * a new chain, so both refuse a document with the same message.
 */
import { App } from '../abci/app.ts';
import { appModules } from '../abci/modules.ts';
import type { GenesisDoc } from '../state/genesis.ts';
import { createCodec } from '../codec/registry.ts';
import { profileOfAppState } from '../naming.ts';
import type { ValidatorUpdate } from '../state/block-info.ts';

/**
 * Throws `error validating genesis file <path>: <the module's message>` when InitChain would fail;
 * returns the validator set InitChain gives (staking's genesis validators and gentxs).
 */
export function checkGenesisState(doc: GenesisDoc, path: string): readonly ValidatorUpdate[] {
  try {
    // in the words of the profile the document records (src/naming.ts)
    const app = new App({ ...appModules, codec: createCodec(profileOfAppState(doc.app_state)) });
    app.initChain(doc);
    return app.initialValidators;
  } catch (e) {
    throw new Error(`error validating genesis file ${path}: ${(e as Error).message}`);
  }
}
