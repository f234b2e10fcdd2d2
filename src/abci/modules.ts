/**
 * The module set of the chain and its block-hook order (reference/chain-semantics.md §0.6,
 * reference/sdk-modules.md §0.1). Modules added by later work slot in here.
 */
import { authModule } from '../modules/auth/index.ts';
import { bankModule } from '../modules/bank/index.ts';
import { registerModule } from '../modules/register/index.ts';
import { sdsModule } from '../modules/sds/index.ts';
import { potModule } from '../modules/pot/index.ts';
import { stakingModule } from '../modules/staking/index.ts';
import { distributionModule } from '../modules/distribution/index.ts';
import { slashingModule } from '../modules/slashing/index.ts';
import { mintModule } from '../modules/mint/index.ts';
import { evidenceModule } from '../modules/evidence/index.ts';
import { createGovModule } from '../modules/gov/index.ts';
import { msgSpecsOf, type Module, type MsgSpec } from '../state/module.ts';

/** Gov routes proposal messages to the handlers of the whole module set (built on first use). */
let router: ReadonlyMap<string, MsgSpec> | undefined;
export const govModule = createGovModule((typeName) => (router ??= msgSpecsOf(MODULES)).get(typeName));

/**
 * Genesis order (InitChain runs each module's InitGenesis in this order, as the real app's
 * `SetOrderInitGenesis`): auth and bank first, staking before the modules that read validators,
 * genutil's gentxs after them (src/abci/app.ts).
 */
export const MODULES: readonly Module[] = [
  authModule,
  bankModule,
  distributionModule,
  stakingModule,
  slashingModule,
  mintModule,
  evidenceModule,
  govModule,
  registerModule,
  sdsModule,
  potModule,
];

export const BEGIN_BLOCK_ORDER = ['mint', 'distribution', 'slashing', 'evidence', 'staking', 'auth', 'bank', 'gov', 'register', 'pot', 'sds'];
export const END_BLOCK_ORDER = ['crisis', 'gov', 'staking', 'register', 'sds', 'evm', 'auth', 'bank', 'distribution', 'slashing', 'mint', 'pot'];

export const appModules = { modules: MODULES, beginBlockOrder: BEGIN_BLOCK_ORDER, endBlockOrder: END_BLOCK_ORDER } as const;
