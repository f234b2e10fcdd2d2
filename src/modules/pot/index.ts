/**
 * Module `pot`: proof of traffic — volume reports, reward distribution by tier, maturity,
 * withdrawal, foundation deposits and slashing (reference/chain-semantics.md §3).
 */
import type { Module } from '../../state/module.ts';
import { defaultPotGenesis, exportPotGenesis, initPotGenesis, validatePotGenesis, type PotGenesis } from './genesis.ts';
import { potEndBlock } from './mature.ts';
import { potMsgs } from './msgs.ts';
import { potQueries } from './queries.ts';

export const potModule: Module<PotGenesis> = {
  name: 'pot',
  defaultGenesis: defaultPotGenesis,
  validateGenesis: validatePotGenesis,
  initGenesis: initPotGenesis,
  exportGenesis: exportPotGenesis,
  msgs: potMsgs,
  queries: potQueries,
  // BeginBlock is a no-op on the real chain (§0.6)
  endBlock: potEndBlock,
};

export { PotErrors, POT_CODESPACE } from './errors.ts';
export { PotEvents } from './events.ts';
export { DEFAULT_POT_PARAMS, DEFAULT_MINING_REWARD_PARAMS, tierForMinedTokens, totalMining, validatePotParams, potParamsToProto, potParamsFromProto, type PotParams, type MiningRewardParam } from './params.ts';
export { emptyPotState, matureTotalOf, immatureTotalOf, type PotState, type RewardRecord, type Amounts } from './state.ts';
export { distributePotReward, rewardInputs, trafficPool, type Distribution, type WalletVolume } from './distribute.ts';
export { rewardMatureAndSubSlashing, restoreTotalSupply, setSupplyRestoration, potEndBlock, MATURE_COUNT_PER_BLOCK } from './mature.ts';
export { acceptingBlsVerifier, bls12381Verifier, bls12381Sign, blsVerifier, setBlsVerifier, type BlsVerifier } from './bls.ts';
export { volumeReportTxData, clearedReportBytes } from './tx-data.ts';
export { blsThreshold } from './report-msg.ts';
export { circulationSupply } from './queries.ts';
export type * from './msg-types.ts';
