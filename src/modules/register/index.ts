/**
 * Module `register`: resource and meta nodes, deposits, unbonding, votes and the ozone limit
 * (reference/chain-semantics.md §1).
 */
import type { Module } from '../../state/module.ts';
import { defaultRegisterGenesis, exportRegisterGenesis, initRegisterGenesis, validateRegisterGenesis, type RegisterGenesis } from './genesis.ts';
import { registerMsgs } from './msgs.ts';
import { registerQueries } from './queries.ts';
import { registerEndBlock } from './unbonding.ts';

export const registerModule: Module<RegisterGenesis> = {
  name: 'register',
  defaultGenesis: defaultRegisterGenesis,
  validateGenesis: validateRegisterGenesis,
  initGenesis: initRegisterGenesis,
  exportGenesis: exportRegisterGenesis,
  msgs: registerMsgs,
  queries: registerQueries,
  // BeginBlock only refreshes an in-memory index cache on the real chain: no state change (§0.6)
  endBlock: registerEndBlock,
};

export { RegisterErrors } from './errors.ts';
export {
  calculatePurchaseAmount,
  decreaseOzoneLimitBySubtractDeposit,
  depositNozRate,
  effectiveTotalDeposit,
  increaseOzoneLimitByAddDeposit,
  isUnbondable,
  remainingOzoneLimit,
  setEffectiveTotalDeposit,
  setRemainingOzoneLimit,
} from './ozone.ts';
export {
  BondStatus,
  getMetaNode,
  getResourceNode,
  getSlashing,
  setSlashing,
  slashingOf,
  addSlashing,
  ownsMetaNode,
  isActiveMetaNode,
  NODE_TYPE_NAMES,
  BOND_STATUS_NAMES,
  nodeKey,
  setResourceNode,
  setMetaNode,
  type MetaNodeRecord,
  type ResourceNodeRecord,
  type RegisterState,
} from './state.ts';
export { deductSlashing } from './unbonding.ts';
export { activeMetaNodeCount } from './votes.ts';
export { RegisterEvents } from './events.ts';
export { metaNodeIndexList } from './meta-index.ts';
