/**
 * Module `staking` (reference/sdk-modules.md §2): validators, delegations, unbonding and
 * redelegation with their time queues, the EndBlock validator set update handed to consensus,
 * historical info, slash / jail / unjail for slashing and evidence.
 */
import type { Module } from '../../state/module.ts';
import { defaultStakingGenesis, exportStakingGenesis, initStakingGenesis, validateStakingGenesis, type StakingGenesis } from './genesis.ts';
import { trackHistoricalInfo } from './historical-info.ts';
import { stakingMsgs } from './msgs.ts';
import { stakingQueries } from './queries.ts';
import { completeMatureRedelegations } from './redelegation.ts';
import { completeMatureUnbondings } from './unbonding.ts';
import { applyAndReturnValidatorSetUpdates, unbondAllMatureValidators } from './validator-set.ts';

export const stakingModule: Module<StakingGenesis> = {
  name: 'staking',
  defaultGenesis: defaultStakingGenesis,
  validateGenesis: validateStakingGenesis,
  initGenesis: initStakingGenesis,
  exportGenesis: exportStakingGenesis,
  msgs: stakingMsgs,
  queries: stakingQueries,
  beginBlock: trackHistoricalInfo,
  endBlock(draft, ctx) {
    const updates = applyAndReturnValidatorSetUpdates(draft, ctx);
    ctx.setValidatorUpdates?.(updates);
    unbondAllMatureValidators(draft, ctx);
    completeMatureUnbondings(draft, ctx);
    completeMatureRedelegations(draft, ctx);
  },
};

export { applyAndReturnValidatorSetUpdates } from './validator-set.ts';
export { slash, jail, unjail } from './slash.ts';
export { StakingErrors } from './errors.ts';
