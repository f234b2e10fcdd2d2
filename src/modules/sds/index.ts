/**
 * Module `sds`: file upload records and prepay of ozone (reference/chain-semantics.md §2). Its
 * block hooks are no-ops on the real chain (§0.6).
 */
import type { Module } from '../../state/module.ts';
import { defaultSdsGenesis, exportSdsGenesis, initSdsGenesis, validateSdsGenesis, type SdsGenesis } from './genesis.ts';
import { msgUpdateParams } from './params-msg.ts';
import { msgPrepay } from './prepay-msg.ts';
import { sdsQueries } from './queries.ts';
import { msgFileUpload } from './upload-msg.ts';

export const sdsModule: Module<SdsGenesis> = {
  name: 'sds',
  defaultGenesis: defaultSdsGenesis,
  validateGenesis: validateSdsGenesis,
  initGenesis: (draft, g) => initSdsGenesis(draft, g),
  exportGenesis: exportSdsGenesis,
  // in the order of the proto Msg service
  msgs: [msgFileUpload, msgPrepay, msgUpdateParams],
  queries: sdsQueries,
};

export { SdsErrors, SDS_CODESPACE } from './errors.ts';
export { SdsEvents } from './events.ts';
export { cidProblem, fileHashProblem, isValidFileHash } from './file-hash.ts';
export { prepay, simulatePurchase, unissuedPrepay, TOTAL_UNISSUED_PREPAY } from './prepay.ts';
export { nozPrice, nozSupply, simPrepay, fileInfoProto } from './queries.ts';
export { reporterBits, setReporterBit } from './reporters-bitmap.ts';
export { emptySdsState, getFileInfo, type FileInfoRecord, type SdsState, type HasSds } from './state.ts';
export { DEFAULT_SDS_PARAMS, type SdsParams } from './params.ts';
export type { MsgFileUpload, MsgPrepay, MsgUpdateParams } from './msg-types.ts';
export type { SdsGenesis } from './genesis.ts';
