/**
 * Module `distribution`: F1 fee distribution (reference/sdk-modules.md §4): allocation of the fee
 * collector at BeginBlock, staking hooks, rewards and commission withdrawal, the community pool.
 */
import type { Module } from '../../state/module.ts';
import { distributionBeginBlock } from './allocation.ts';
import { defaultDistributionGenesis, exportDistributionGenesis, initDistributionGenesis, validateDistributionGenesis, type DistributionGenesis } from './genesis.ts';
import { distributionMsgs } from './msgs.ts';
import { distributionQueries } from './queries.ts';

export const distributionModule: Module<DistributionGenesis> = {
  name: 'distribution',
  defaultGenesis: defaultDistributionGenesis,
  validateGenesis: validateDistributionGenesis,
  initGenesis: initDistributionGenesis,
  exportGenesis: exportDistributionGenesis,
  msgs: distributionMsgs,
  queries: distributionQueries,
  beginBlock: distributionBeginBlock,
};

export { DistributionErrors, DISTRIBUTION_CODESPACE } from './errors.ts';
export { fundCommunityPool, fundCommunityPoolFromModule, addToCommunityPool, distributeFromFeePool } from './community-pool.ts';
export { allocateTokensToValidator, distributionBeginBlock } from './allocation.ts';
export { calculateDelegationRewards, pendingDelegationRewards, withdrawDelegationRewards, withdrawValidatorCommission } from './delegation.ts';
export { incrementValidatorPeriod } from './validator.ts';
export { emptyDistributionState, communityPool, withdrawAddressOf, type DistributionState } from './state.ts';
export { DEFAULT_DISTRIBUTION_PARAMS, type DistributionParams } from './params.ts';
