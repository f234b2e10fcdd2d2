/**
 * Module `evidence` (reference/sdk-modules.md §6.3): double-sign evidence from the block's
 * misbehavior, handled at BeginBlock (slash, jail, tombstone) and stored; queries Evidence and
 * AllEvidence (gRPC, abci_query and REST, as the SDK serves them; spec §4.6 lists no evidence
 * routes). No messages (MsgSubmitEvidence has no evidence type to carry).
 */
import type { Module } from '../../state/module.ts';
import { defaultEvidenceGenesis, exportEvidenceGenesis, initEvidenceGenesis, validateEvidenceGenesis, type EvidenceGenesis } from './genesis.ts';
import { evidenceBeginBlock } from './handle.ts';
import { evidenceQueries } from './queries.ts';

export const evidenceModule: Module<EvidenceGenesis> = {
  name: 'evidence',
  defaultGenesis: defaultEvidenceGenesis,
  validateGenesis: validateEvidenceGenesis,
  initGenesis: initEvidenceGenesis,
  exportGenesis: exportEvidenceGenesis,
  queries: evidenceQueries,
  beginBlock: evidenceBeginBlock,
};

export { handleEquivocation, evidenceBeginBlock, DEFAULT_EVIDENCE_MAX_AGE, DOUBLE_SIGN_JAIL_END_NS } from './handle.ts';
export { equivocationBytes, equivocationHash } from './equivocation.ts';
export { emptyEvidenceState, type EvidenceState, type EquivocationRecord } from './state.ts';
