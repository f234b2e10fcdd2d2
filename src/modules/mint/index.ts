/**
 * Module `mint` (reference/sdk-modules.md §5): the minter, BeginBlock inflation and provisions,
 * MsgUpdateParams, queries Params / Inflation / AnnualProvisions. No EndBlock.
 */
import type { Module } from '../../state/module.ts';
import { mintBeginBlock } from './begin-block.ts';
import { defaultMintGenesis, exportMintGenesis, initMintGenesis, validateMintGenesis, type MintGenesis } from './genesis.ts';
import { mintMsgs } from './msgs.ts';
import { mintQueries } from './queries.ts';

export const mintModule: Module<MintGenesis> = {
  name: 'mint',
  defaultGenesis: defaultMintGenesis,
  validateGenesis: validateMintGenesis,
  initGenesis: initMintGenesis,
  exportGenesis: exportMintGenesis,
  msgs: mintMsgs,
  queries: mintQueries,
  beginBlock: mintBeginBlock,
};

export { bondedRatio, nextInflationRate, blockProvision, mintBeginBlock } from './begin-block.ts';
export { DEFAULT_MINT_PARAMS, validateMintParams, mintParamsFromProto, mintParamsToProto, type MintParams } from './params.ts';
export { emptyMintState, DEFAULT_MINTER, type MintState, type Minter } from './state.ts';
export type { MsgUpdateMintParams } from './msgs.ts';
