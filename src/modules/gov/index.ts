/**
 * Module `gov` (reference/sdk-modules.md §3): proposals with any number of messages, deposits,
 * votes, the EndBlock lifecycle and tally, and the execution of passed proposals.
 */
import type { Module } from '../../state/module.ts';
import { defaultGovGenesis, exportGovGenesis, initGovGenesis, validateGovGenesis, type GovGenesis } from './genesis.ts';
import { govQueries } from './queries.ts';

export const govModule: Module<GovGenesis> = {
  name: 'gov',
  defaultGenesis: defaultGovGenesis,
  validateGenesis: validateGovGenesis,
  initGenesis: initGovGenesis,
  exportGenesis: exportGovGenesis,
  queries: govQueries,
};

export { DEFAULT_GOV_PARAMS, govParamsFromJson, govParamsToJson, govParamsFromProto, govParamsToProto, validateGovParams, type GovParams, type JsonGovParams, type ProtoGovParams } from './params.ts';
export * from './state.ts';
export type { GovGenesis } from './genesis.ts';
