/**
 * The in-process consensus engine's block builder: the CometBFT 0.37 header, block ID and commits
 * of each block (spec/interfaces.md part 2 "Block", reference/wire-formats.md §4.3). One validator
 * (this node's priv validator key) signs; the proposer is the first validator in CometBFT's order.
 */
import type { BlockMetaBuilder, BlockMetaInput } from '../abci/chain.ts';
import { blockIdOf } from './block.ts';
import { BLOCK_PROTOCOL, commitHash, consensusHash, dataHash, evidenceHash, lastResultsHash, type HashedBlockParams } from './header.ts';
import type { PrivValidatorKey } from './keys.ts';
import { hexBytes, hexText, timeText } from './proto-forms.ts';
import { sortValidators, validatorsHash } from './validator-set.ts';
import { EMPTY_BLOCK_ID, isStoredHeader, type HeaderJson, type StoredHeader, type ValidatorJson } from './types.ts';
import { EMPTY_COMMIT, signCommit } from './vote.ts';

export interface CometBlockMetaOptions {
  readonly privValidatorKey: PrivValidatorKey;
  /** the static validator set (any order; CometBFT's order is applied) */
  readonly validators: readonly ValidatorJson[];
  /** genesis consensus params: block.{max_bytes,max_gas} enter consensus_hash, version.app the header */
  readonly consensusParams: HashedBlockParams & { readonly version?: { readonly app: string } };
}

export function cometBlockMeta(opts: CometBlockMetaOptions): BlockMetaBuilder {
  const validators = sortValidators(opts.validators);
  if (validators.length === 0) throw new Error('cometBlockMeta: the validator set is empty');
  const key = opts.privValidatorKey;
  if (!validators.some((v) => v.address === key.address)) {
    throw new Error(`cometBlockMeta: priv validator ${key.address} is not in the validator set (${validators.map((v) => v.address).join(', ')})`);
  }
  const proposer = validators[0]!.address;
  // static set and params: these hashes are the same at every height
  const valsHash = hexText(validatorsHash(validators));
  const paramsHash = hexText(consensusHash(opts.consensusParams));
  const noEvidenceHash = hexText(evidenceHash());
  const appVersion = opts.consensusParams.version?.app ?? '0';

  return (input: BlockMetaInput) => {
    const last = previousStoredHeader(input);
    const lastCommit = last ? last.commit : EMPTY_COMMIT;
    const time = timeText(input.timeNs);
    const header: HeaderJson = {
      version: { block: BLOCK_PROTOCOL.toString(), app: appVersion },
      chain_id: input.chainId,
      height: input.height.toString(),
      time,
      last_block_id: last ? last.block_id : EMPTY_BLOCK_ID,
      last_commit_hash: hexText(commitHash(lastCommit)),
      data_hash: hexText(dataHash(input.txs)),
      validators_hash: valsHash,
      next_validators_hash: valsHash,
      consensus_hash: paramsHash,
      app_hash: hexText(input.lastAppHash),
      last_results_hash: hexText(lastResultsHash(input.lastResults)),
      evidence_hash: noEvidenceHash,
      proposer_address: proposer,
    };
    const blockId = blockIdOf({ header, txs: input.txs, lastCommit });
    // the seen commit: this node's precommit for the block, timestamped with the block time
    const commit = signCommit({ chainId: input.chainId, height: input.height, blockId, timestamp: time, validators, privValidatorKey: key });
    const stored: StoredHeader = { block_id: blockId, header, commit };
    return { header: stored, lastCommit, hash: hexBytes(blockId.hash, 'block hash')!, proposer };
  };
}

function previousStoredHeader(input: BlockMetaInput): StoredHeader | undefined {
  const last = input.lastBlock;
  if (last === undefined) return undefined;
  if (!isStoredHeader(last.header)) {
    throw new Error(`block ${last.height} was not built by the consensus engine (its header is not a CometBFT header), so block ${input.height} cannot link to it`);
  }
  return last.header;
}
