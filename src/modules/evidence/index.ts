/**
 * Module `evidence` (reference/sdk-modules.md §6.3): double-sign evidence from the block's
 * misbehavior, handled at BeginBlock (slash, jail, tombstone) and stored. No messages and no
 * queries: the product's REST interface lists no evidence routes (spec §4.6).
 */
import type { Module } from '../../state/module.ts';
import { defaultEvidenceGenesis, exportEvidenceGenesis, initEvidenceGenesis, validateEvidenceGenesis, type EvidenceGenesis } from './genesis.ts';
import { evidenceBeginBlock } from './handle.ts';

export const evidenceModule: Module<EvidenceGenesis> = {
  name: 'evidence',
  defaultGenesis: defaultEvidenceGenesis,
  validateGenesis: validateEvidenceGenesis,
  initGenesis: initEvidenceGenesis,
  exportGenesis: exportEvidenceGenesis,
  beginBlock: evidenceBeginBlock,
};

export { handleEquivocation, evidenceBeginBlock, DEFAULT_EVIDENCE_MAX_AGE, DOUBLE_SIGN_JAIL_END_NS } from './handle.ts';
export { equivocationBytes, equivocationHash } from './equivocation.ts';
export { emptyEvidenceState, type EvidenceState, type EquivocationRecord } from './state.ts';
