/**
 * Module `slashing` (reference/sdk-modules.md §6): signing infos and liveness (BeginBlock over the
 * last commit's votes), downtime slashing and jailing, MsgUnjail, MsgUpdateParams, queries Params /
 * SigningInfo / SigningInfos; the staking hooks are in hooks.ts. No EndBlock.
 */
import type { Module } from '../../state/module.ts';
import { defaultSlashingGenesis, exportSlashingGenesis, initSlashingGenesis, validateSlashingGenesis, type SlashingGenesis } from './genesis.ts';
import { slashingBeginBlock } from './liveness.ts';
import { msgUpdateSlashingParams } from './params-msg.ts';
import { slashingQueries } from './queries.ts';
import { msgUnjail } from './unjail.ts';

export const slashingModule: Module<SlashingGenesis> = {
  name: 'slashing',
  defaultGenesis: defaultSlashingGenesis,
  validateGenesis: validateSlashingGenesis,
  initGenesis: initSlashingGenesis,
  exportGenesis: exportSlashingGenesis,
  msgs: [msgUnjail, msgUpdateSlashingParams],
  queries: slashingQueries,
  beginBlock: slashingBeginBlock,
};

export { SlashingErrors, SLASHING_CODESPACE } from './errors.ts';
export { DEFAULT_SLASHING_PARAMS, validateSlashingParams, minSignedPerWindow, slashingParamsFromProto, slashingParamsToProto, type SlashingParams } from './params.ts';
export { emptySlashingState, getSigningInfo, consBech32, missedBlockEntries, type SlashingState, type SigningInfoRecord } from './state.ts';
export { handleValidatorSignature, slashingBeginBlock } from './liveness.ts';
export { slashWithReason, jailWithEvent, jailUntil, tombstone, isTombstoned, type InfractionReason } from './keeper.ts';
export { afterValidatorCreated, afterValidatorBonded, afterValidatorRemoved } from './hooks.ts';
export type { MsgUnjail } from './unjail.ts';
export type { MsgUpdateSlashingParams } from './params-msg.ts';
