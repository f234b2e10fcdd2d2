/**
 * Blocks as clients read them, from a stored BlockRecord:
 * - `blockJson`: the CometBFT 0.37 RPC `block` result (reference/wire-formats.md §4.3; cmtjson:
 *   HexBytes uppercase hex, txs base64, int64 strings, `version.app` omitted when 0 because the Go
 *   field is `json:"app,omitempty"`, `data.txs` [] when empty);
 * - `sdkBlockJson`: the SDK service form (`GetBlockByHeight`/`GetLatestBlock` through the gateway,
 *   spec/interfaces.md part 2 "Block"): gogo jsonpb of the Block proto — base64 bytes with nil as
 *   null, `part_set_header`, enum names — plus `sdk_block` whose proposer is a `stvalcons1…` address.
 */
import type { GoJsonValue } from '../codec/go-json.ts';
import { base64 } from '../codec/go-json.ts';
import { protoJsonValue } from '../codec/index.ts';
import { consAddress } from '../crypto/address.ts';
import type { BlockRecord } from '../events/block-store.ts';
import { blockEvidenceProto, blockProtoBytes, storedEvidence } from './block.ts';
import { evidenceJson } from './evidence.ts';
import { blockIdProto, commitProto, headerProto, hexBytes } from './proto-forms.ts';
import { isStoredHeader, type BlockIdJson, type CommitJson, type HeaderJson, type StoredHeader, type ValidatorJson } from './types.ts';

/** The header as CometBFT's RPC prints it. */
export type RpcHeaderJson = Omit<HeaderJson, 'version'> & { readonly version: { readonly block: string; readonly app?: string } };

export interface RpcBlockJson {
  readonly header: RpcHeaderJson;
  readonly data: { readonly txs: string[] };
  readonly evidence: { readonly evidence: ReturnType<typeof evidenceJson>[] };
  readonly last_commit: CommitJson;
}

export interface BlockResultJson {
  readonly block_id: BlockIdJson;
  readonly block: RpcBlockJson;
}

/** The StoredHeader of a block record; an Error when the block was not built by the consensus engine. */
export function storedHeaderOf(record: BlockRecord): StoredHeader {
  if (!isStoredHeader(record.header)) {
    throw new Error(`block ${record.height} has no CometBFT header (it was built without the consensus engine)`);
  }
  return record.header;
}

export function rpcHeaderJson(header: HeaderJson): RpcHeaderJson {
  const version = header.version.app === '0' ? { block: header.version.block } : header.version;
  return { ...header, version };
}

/** CometBFT RPC `block` result: {block_id, block{header, data, evidence, last_commit}}. */
export function blockJson(record: BlockRecord): BlockResultJson {
  const stored = storedHeaderOf(record);
  return {
    block_id: stored.block_id,
    block: {
      header: rpcHeaderJson(stored.header),
      data: { txs: record.txs.map(base64) },
      evidence: { evidence: storedEvidence(stored).map(evidenceJson) },
      last_commit: record.lastCommit as CommitJson,
    },
  };
}

/** CometBFT RPC `commit` result body {header, commit} (the seen commit of the block). */
export function signedHeaderJson(record: BlockRecord): { header: RpcHeaderJson; commit: CommitJson } {
  const stored = storedHeaderOf(record);
  return { header: rpcHeaderJson(stored.header), commit: stored.commit };
}

/** CometBFT RPC `blockchain` item: {block_id, block_size, header, num_txs}. */
export function blockMetaJson(record: BlockRecord): { block_id: BlockIdJson; block_size: string; header: RpcHeaderJson; num_txs: string } {
  const stored = storedHeaderOf(record);
  const size = blockProtoBytes({ header: stored.header, txs: record.txs, lastCommit: record.lastCommit as CommitJson, evidence: storedEvidence(stored) }).length;
  return { block_id: stored.block_id, block_size: size.toString(), header: rpcHeaderJson(stored.header), num_txs: record.txs.length.toString() };
}

/** CometBFT RPC `validators` result for a static set, all on one page. */
export function validatorsJson(height: bigint, validators: readonly ValidatorJson[]): { block_height: string; validators: ValidatorJson[]; count: string; total: string } {
  return { block_height: height.toString(), validators: [...validators], count: validators.length.toString(), total: validators.length.toString() };
}

/** SDK service block: {block_id, block, sdk_block} in gogo jsonpb form. */
export function sdkBlockJson(record: BlockRecord): { block_id: GoJsonValue; block: GoJsonValue; sdk_block: GoJsonValue } {
  const stored = storedHeaderOf(record);
  const block = protoJsonValue('consensus.types.Block', {
    header: headerProto(stored.header),
    data: { txs: [...record.txs] },
    evidence: blockEvidenceProto({ evidence: storedEvidence(stored) }),
    last_commit: commitProto(record.lastCommit as CommitJson),
  }) as { [k: string]: GoJsonValue };
  const proposer = hexBytes(stored.header.proposer_address, 'proposer_address');
  const sdkHeader = { ...(block.header as { [k: string]: GoJsonValue }), proposer_address: proposer ? consAddress(proposer) : '' };
  return {
    block_id: protoJsonValue('consensus.types.BlockID', blockIdProto(stored.block_id)),
    block,
    sdk_block: { ...block, header: sdkHeader },
  };
}
