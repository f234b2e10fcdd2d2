/**
 * Adding deposits and bonding (reference/chain-semantics.md §1.5.1, §1.5.2, §1.5.7, §1.5.8):
 * `AddResourceNodeDeposit` and `AddMetaNodeDeposit`, with the balance moves between the named
 * module accounts. Errors are the keeper's (unwrapped); handlers wrap them.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { balanceOf, sendCoinsFromAccountToModule, sendCoinsFromModuleToModule } from '../bank/state.ts';
import { RegisterErrors } from './errors.ts';
import { increaseOzoneLimitByAddDeposit } from './ozone.ts';
import { BondStatus, setMetaNode, setResourceNode, type MetaNodeRecord, type ResourceNodeRecord } from './state.ts';

export const RESOURCE_NODE_BONDED_POOL = 'resource_node_bonded_pool';
export const RESOURCE_NODE_NOT_BONDED_POOL = 'resource_node_not_bonded_pool';
export const META_NODE_BONDED_POOL = 'meta_node_bonded_pool';
export const META_NODE_NOT_BONDED_POOL = 'meta_node_not_bonded_pool';

export function poolBalance(state: AppState, pool: string, denom: string): bigint {
  return balanceOf(state, moduleAccountAddress(pool), denom);
}

const coins = (amount: bigint, denom: string) => (amount > 0n ? [{ denom, amount }] : []);

/**
 * `AddResourceNodeDeposit`: owner → not-bonded pool when Unbonded (then the node bonds: all its
 * tokens move to the bonded pool and the counter goes up), owner → bonded pool when Bonded;
 * Unbonding fails with 41. The ozone change is always 0 and suspend / effective tokens are untouched.
 */
export function addResourceNodeDeposit(draft: Draft<AppState>, node: ResourceNodeRecord, amount: bigint, denom: string, ctx: Ctx): ResourceNodeRecord {
  if (balanceOf(draft, node.owner_address, denom) < amount) throw RegisterErrors.InsufficientBalance.error();
  let next: ResourceNodeRecord;
  if (node.status === BondStatus.UNBONDED) {
    sendCoinsFromAccountToModule(draft, node.owner_address, RESOURCE_NODE_NOT_BONDED_POOL, coins(amount, denom), ctx);
    const tokens = node.tokens + amount;
    if (poolBalance(draft, RESOURCE_NODE_NOT_BONDED_POOL, denom) < tokens) throw RegisterErrors.InsufficientBalance.error();
    sendCoinsFromModuleToModule(draft, RESOURCE_NODE_NOT_BONDED_POOL, RESOURCE_NODE_BONDED_POOL, coins(tokens, denom), ctx);
    next = { ...node, tokens, status: BondStatus.BONDED };
    draft.register.bonded_resource_node_count += 1n;
  } else if (node.status === BondStatus.BONDED) {
    sendCoinsFromAccountToModule(draft, node.owner_address, RESOURCE_NODE_BONDED_POOL, coins(amount, denom), ctx);
    next = { ...node, tokens: node.tokens + amount };
  } else {
    throw RegisterErrors.UnbondingNode.error();
  }
  setResourceNode(draft, next);
  return next;
}

/**
 * `AddMetaNodeDeposit`: owner → not-bonded pool (Unbonded) or bonded pool (Bonded); Unbonding fails
 * with 41. St and Lt grow only for a node that is not suspended (a pending node's tokens count at
 * approval). Returns the updated node and the ozone change.
 */
export function addMetaNodeDeposit(draft: Draft<AppState>, node: MetaNodeRecord, amount: bigint, denom: string, ctx: Ctx): { node: MetaNodeRecord; ozoneChange: bigint } {
  if (balanceOf(draft, node.owner_address, denom) < amount) throw RegisterErrors.InsufficientBalance.error();
  if (node.status === BondStatus.UNBONDED) {
    sendCoinsFromAccountToModule(draft, node.owner_address, META_NODE_NOT_BONDED_POOL, coins(amount, denom), ctx);
  } else if (node.status === BondStatus.BONDED) {
    sendCoinsFromAccountToModule(draft, node.owner_address, META_NODE_BONDED_POOL, coins(amount, denom), ctx);
  } else {
    throw RegisterErrors.UnbondingNode.error();
  }
  const next = { ...node, tokens: node.tokens + amount };
  setMetaNode(draft, next);
  const ozoneChange = node.suspend ? 0n : increaseOzoneLimitByAddDeposit(draft, amount);
  return { node: next, ozoneChange };
}
