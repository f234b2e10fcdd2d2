/**
 * The header hash and the hashes a header carries, as CometBFT 0.37 computes them
 * (types/block.go `Header.Hash`, `Commit.Hash`, `Data.Hash`; types/results.go; types/params.go;
 * types/evidence.go). Each is a root of the simple Merkle tree (merkle.ts) over protobuf bytes.
 */
import { codec } from '../codec/index.ts';
import { WireType, WireWriter } from '../codec/wire.ts';
import { hashFromByteSlices } from './merkle.ts';
import { sha256Bytes } from '../state/sha256.ts';
import { blockIdProto, commitSigProto, hexBytes, int64Of, timestampOf } from './proto-forms.ts';
import type { CommitJson, HeaderJson } from './types.ts';

/** `version.BlockProtocol` of CometBFT 0.37 (the header's `version.block`). */
export const BLOCK_PROTOCOL = 11n;

const EMPTY = new Uint8Array(0);

/**
 * `cdcEncode` (types/encoding_helper.go): a non-empty value as the proto of its gogo wrapper
 * (StringValue, Int64Value, BytesValue); an empty one as no bytes at all.
 */
function cdcString(value: string): Uint8Array {
  return value === '' ? EMPTY : codec.encode('google.protobuf.StringValue', { value });
}

function cdcInt64(value: bigint): Uint8Array {
  return value === 0n ? EMPTY : codec.encode('google.protobuf.Int64Value', { value });
}

function cdcBytes(value: Uint8Array | null): Uint8Array {
  return value === null || value.length === 0 ? EMPTY : codec.encode('google.protobuf.BytesValue', { value });
}

/**
 * `Header.Hash()`: Merkle root over the 14 fields in struct order. Like CometBFT, a header without
 * validators_hash has no hash (empty result).
 */
export function headerHash(h: HeaderJson): Uint8Array {
  if (h.validators_hash === '') return EMPTY;
  const bytes = (text: string, what: string) => cdcBytes(hexBytes(text, what));
  return hashFromByteSlices([
    codec.encode('consensus.version.Consensus', { block: int64Of(h.version.block, 'version.block'), app: int64Of(h.version.app, 'version.app') }),
    cdcString(h.chain_id),
    cdcInt64(int64Of(h.height, 'height')),
    codec.encode('google.protobuf.Timestamp', timestampOf(h.time)),
    codec.encode('consensus.types.BlockID', blockIdProto(h.last_block_id)),
    bytes(h.last_commit_hash, 'last_commit_hash'),
    bytes(h.data_hash, 'data_hash'),
    bytes(h.validators_hash, 'validators_hash'),
    bytes(h.next_validators_hash, 'next_validators_hash'),
    bytes(h.consensus_hash, 'consensus_hash'),
    bytes(h.app_hash, 'app_hash'),
    bytes(h.last_results_hash, 'last_results_hash'),
    bytes(h.evidence_hash, 'evidence_hash'),
    bytes(h.proposer_address, 'proposer_address'),
  ]);
}

/** `Data.Hash()`: the leaves are the txs' sha256 hashes, not the txs. */
export function dataHash(txs: readonly Uint8Array[]): Uint8Array {
  return hashFromByteSlices(txs.map(sha256Bytes));
}

/** `Commit.Hash()`: Merkle root of the CommitSig protos. */
export function commitHash(commit: CommitJson): Uint8Array {
  return hashFromByteSlices(commit.signatures.map((sig) => codec.encode('consensus.types.CommitSig', commitSigProto(sig))));
}

/** The parts of a tx result that enter last_results_hash (`deterministicResponseDeliverTx`). */
export interface DeterministicTxResult {
  readonly code: number;
  readonly data: Uint8Array;
  readonly gas_wanted: bigint;
  readonly gas_used: bigint;
}

/** `ABCIResults.Hash()`: Merkle root of ResponseDeliverTx{code, data, gas_wanted, gas_used} protos. */
export function lastResultsHash(results: readonly DeterministicTxResult[]): Uint8Array {
  return hashFromByteSlices(results.map(deterministicResultBytes));
}

/**
 * The ResponseDeliverTx proto of those four fields (1 code, 2 data, 5 gas_wanted, 6 gas_used; zero
 * values omitted, as proto3 writes them), written field by field: a block has one per tx.
 */
export function deterministicResultBytes(r: DeterministicTxResult): Uint8Array {
  const w = new WireWriter();
  if (r.code !== 0) w.tag(1, WireType.Varint).uvarint(r.code);
  if (r.data.length > 0) w.tag(2, WireType.Bytes).bytes(r.data);
  if (r.gas_wanted !== 0n) w.tag(5, WireType.Varint).varint(r.gas_wanted);
  if (r.gas_used !== 0n) w.tag(6, WireType.Varint).varint(r.gas_used);
  return w.finish();
}

/** `EvidenceList.Hash()`: the Merkle root of each evidence's proto bytes (`Evidence.Bytes()`), in block order. */
export function evidenceHash(evidenceBytes: readonly Uint8Array[] = []): Uint8Array {
  return hashFromByteSlices(evidenceBytes);
}

/** The block parameters that enter the consensus hash (`HashedParams`). */
export interface HashedBlockParams {
  readonly block: { readonly max_bytes: string; readonly max_gas: string };
}

/** `ConsensusParams.Hash()`: plain sha256 (no Merkle tree) of HashedParams{block_max_bytes, block_max_gas}. */
export function consensusHash(params: HashedBlockParams): Uint8Array {
  const bytes = codec.encode('consensus.types.HashedParams', {
    block_max_bytes: int64Of(params.block.max_bytes, 'consensus params block.max_bytes'),
    block_max_gas: int64Of(params.block.max_gas, 'consensus params block.max_gas'),
  });
  return sha256Bytes(bytes);
}
