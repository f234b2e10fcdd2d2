/**
 * Module `gov` (reference/sdk-modules.md §3): proposals with any number of messages, deposits,
 * votes, the EndBlock lifecycle and tally, and the execution of passed proposals.
 *
 * The module is built with the App's message router (`createGovModule(router)`, see router.ts):
 * src/abci/modules.ts hands it a lookup into the whole module set.
 */
import type { Module } from '../../state/module.ts';
import { govEndBlock } from './end-block.ts';
import { defaultGovGenesis, exportGovGenesis, initGovGenesis, validateGovGenesis, type GovGenesis } from './genesis.ts';
import { legacyGovMsgs } from './legacy-msgs.ts';
import { govMsgs } from './msgs.ts';
import { govQueries } from './queries.ts';
import type { MsgRouter } from './router.ts';

export function createGovModule(router: MsgRouter): Module<GovGenesis> {
  return {
    name: 'gov',
    defaultGenesis: defaultGovGenesis,
    validateGenesis: validateGovGenesis,
    initGenesis: initGovGenesis,
    exportGenesis: exportGovGenesis,
    msgs: [...govMsgs(router), ...legacyGovMsgs(router)],
    queries: govQueries,
    // no BeginBlock (§0.1)
    endBlock: govEndBlock(router),
  };
}

export { GovErrors, GOV_CODESPACE } from './errors.ts';
export { GovEvents } from './events.ts';
export { DEFAULT_GOV_PARAMS, govParamsFromJson, govParamsToJson, govParamsFromProto, govParamsToProto, validateGovParams, type GovParams, type JsonGovParams, type ProtoGovParams } from './params.ts';
export * from './state.ts';
export { tallyProposal, totalBondedTokens, type TallyOutcome } from './tally.ts';
export { PROPOSAL_MSG_TYPES, messageAny, decodeMessageRecord, type MsgRouter } from './router.ts';
export { proposalToProto } from './proposal-proto.ts';
export type { GovGenesis } from './genesis.ts';
