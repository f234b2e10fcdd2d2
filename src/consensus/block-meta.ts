/**
 * The in-process consensus engine's block builder: the CometBFT 0.37 header, block ID and commits
 * of each block (spec/interfaces.md part 2 "Block", reference/wire-formats.md §4.3), for a
 * validator set that follows the App (reference/sdk-modules.md §9.2):
 *
 * - the set of heights 1 and 2 is what InitChain returned (staking's genesis validators and
 *   gentxs), or, when it returned none, the genesis file's `validators` (a fixed set);
 * - EndBlock's updates at height H apply to the set of height H+2: each stored header keeps the
 *   set of its height and of the next one, so the block after it needs nothing else;
 * - every validator whose key this node holds signs the commit, except those an operator switched
 *   offline (`ConsensusControl`); the others are absent. FinalizeBlock gets those flags as the last
 *   commit's votes, which drive distribution's shares and slashing's liveness;
 * - the proposer is chosen by a power-weighted round robin over the set in CometBFT order (height
 *   modulo the total power); CometBFT's proposer priorities are not simulated and print as 0.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { BlockMetaBuilder, BlockMetaInput } from '../abci/chain.ts';
import { validatorUpdatesOf } from '../abci/consensus-record.ts';
import type { Misbehavior, ValidatorUpdate, VoteInfo } from '../state/block-info.ts';
import { blockIdOf } from './block.ts';
import { BLOCK_PROTOCOL, commitHash, consensusHash, dataHash, evidenceHash, lastResultsHash, type HashedBlockParams } from './header.ts';
import { PUB_KEY_ED25519, type PrivValidatorKey } from './keys.ts';
import { hexBytes, hexText, timeText } from './proto-forms.ts';
import { sortValidators, validatorsHash, votingPower } from './validator-set.ts';
import { EMPTY_BLOCK_ID, isStoredHeader, type CommitJson, type HeaderJson, type StoredHeader, type ValidatorJson } from './types.ts';
import { BlockIdFlag, EMPTY_COMMIT, signCommit } from './vote.ts';

/** What an operator may change in a running engine (offline validators, injected evidence). */
export interface ConsensusControl {
  /** validators (uppercase hex address) that do not sign while switched off */
  isOffline(address: string): boolean;
  /**
   * Evidence to commit in the block at `height` (taken once): the ABCI misbehavior of each, and the
   * block's evidence list (the proto bytes of the evidence that came with its two signed votes;
   * injected double signs have none)
   */
  takeEvidence(height: bigint): BlockEvidence;
}

export interface BlockEvidence {
  readonly misbehavior: readonly Misbehavior[];
  readonly evidence: readonly Uint8Array[];
}

const NO_EVIDENCE: BlockEvidence = { misbehavior: [], evidence: [] };

export interface CometBlockMetaOptions {
  /** every validator key this node holds (its own priv_validator_key and, on a local network, the others) */
  readonly privValidatorKeys: readonly PrivValidatorKey[];
  /** the genesis file's validators: the (fixed) set when InitChain returns none */
  readonly genesisValidators: readonly ValidatorJson[];
  /** genesis consensus params: block.{max_bytes,max_gas} enter consensus_hash, version.app the header */
  readonly consensusParams: HashedBlockParams & { readonly version?: { readonly app: string } };
  readonly control?: ConsensusControl;
}

/** A stored header of this engine, with the validator sets of its height and the next (absent on blocks of older versions). */
export interface EngineStoredHeader extends StoredHeader {
  readonly validators?: readonly ValidatorJson[];
  readonly next_validators?: readonly ValidatorJson[];
}

/** The consensus address of an ed25519 key: sha256(key)[0:20], uppercase hex. */
export function consensusAddressOf(pubKey: Uint8Array): string {
  return hexText(sha256(pubKey).subarray(0, 20));
}

/** The set after applying EndBlock updates (power 0 removes), in CometBFT order. */
export function applyValidatorUpdates(set: readonly ValidatorJson[], updates: readonly ValidatorUpdate[]): ValidatorJson[] {
  const byAddress = new Map(set.map((v) => [v.address, v]));
  for (const u of updates) {
    const key = Uint8Array.from(Buffer.from(u.pubKey, 'base64'));
    const address = consensusAddressOf(key);
    if (u.power === 0n) byAddress.delete(address);
    else byAddress.set(address, { address, pub_key: { type: PUB_KEY_ED25519, value: u.pubKey }, voting_power: u.power.toString(), proposer_priority: '0' });
  }
  return sortValidators([...byAddress.values()]);
}

/** The proposer of `height`: power-weighted round robin over the set in CometBFT order. */
export function proposerOf(validators: readonly ValidatorJson[], height: bigint): ValidatorJson {
  const total = validators.reduce((sum, v) => sum + votingPower(v), 0n);
  let slot = total > 0n ? (height - 1n) % total : 0n;
  for (const v of validators) {
    const power = votingPower(v);
    if (slot < power) return v;
    slot -= power;
  }
  return validators[0]!;
}

/** A CometBFT header in proto-JSON form (hashes base64), as staking keeps it in historical info. */
export function protoJsonHeader(h: HeaderJson): Record<string, unknown> {
  const b64 = (hex: string) => Buffer.from(hexBytes(hex, 'header hash') ?? new Uint8Array(0)).toString('base64');
  return {
    version: { block: h.version.block, app: h.version.app },
    chain_id: h.chain_id,
    height: h.height,
    time: h.time,
    last_block_id: { hash: b64(h.last_block_id.hash), part_set_header: { total: h.last_block_id.parts.total, hash: b64(h.last_block_id.parts.hash) } },
    last_commit_hash: b64(h.last_commit_hash),
    data_hash: b64(h.data_hash),
    validators_hash: b64(h.validators_hash),
    next_validators_hash: b64(h.next_validators_hash),
    consensus_hash: b64(h.consensus_hash),
    app_hash: b64(h.app_hash),
    last_results_hash: b64(h.last_results_hash),
    evidence_hash: b64(h.evidence_hash),
    proposer_address: b64(h.proposer_address),
  };
}

/** The last commit's votes for FinalizeBlock: one per member of the set that signed it, in its order. */
function votesOf(commit: CommitJson, set: readonly ValidatorJson[]): VoteInfo[] {
  return set.map((v, i) => ({ address: v.address, power: votingPower(v), signed: commit.signatures[i]?.block_id_flag === BlockIdFlag.COMMIT }));
}

/** `EvidenceList.Hash()` of a block without evidence. */
const EMPTY_EVIDENCE_HASH = hexText(evidenceHash());

export function cometBlockMeta(opts: CometBlockMetaOptions): BlockMetaBuilder {
  const fixed = sortValidators(opts.genesisValidators);
  const keys = new Map(opts.privValidatorKeys.map((k) => [k.address, k]));
  const paramsHash = hexText(consensusHash(opts.consensusParams));
  const appVersion = opts.consensusParams.version?.app ?? '0';
  const initialSet = (input: BlockMetaInput): ValidatorJson[] => {
    const set = input.initialValidators.length > 0 ? applyValidatorUpdates([], input.initialValidators) : fixed;
    if (set.length === 0) throw new Error('consensus: the validator set is empty (no validators from InitChain and none in genesis.validators)');
    return set;
  };

  return (input: BlockMetaInput) => {
    const last = previousStoredHeader(input);
    const lastCommit = last ? last.commit : EMPTY_COMMIT;
    const time = timeText(input.timeNs);
    // the sets of this height and the next (§9.2): updates of EndBlock(H-1) apply at H+1
    const validators = last ? (last.next_validators ?? fixed) : initialSet(input);
    const nextValidators = last ? applyValidatorUpdates(validators, validatorUpdatesOf(input.lastBlock?.consensus)) : validators;
    if (nextValidators.length === 0) throw new Error(`consensus: the validator set of height ${input.height + 1n} would be empty`);
    const proposer = proposerOf(validators, input.height).address;
    const { misbehavior, evidence } = opts.control?.takeEvidence(input.height) ?? NO_EVIDENCE;
    const header: HeaderJson = {
      version: { block: BLOCK_PROTOCOL.toString(), app: appVersion },
      chain_id: input.chainId,
      height: input.height.toString(),
      time,
      last_block_id: last ? last.block_id : EMPTY_BLOCK_ID,
      last_commit_hash: hexText(commitHash(lastCommit)),
      data_hash: hexText(dataHash(input.txs)),
      validators_hash: hexText(validatorsHash(validators)),
      next_validators_hash: hexText(validatorsHash(nextValidators)),
      consensus_hash: paramsHash,
      app_hash: hexText(input.lastAppHash),
      last_results_hash: hexText(lastResultsHash(input.lastResults)),
      evidence_hash: evidence.length === 0 ? EMPTY_EVIDENCE_HASH : hexText(evidenceHash(evidence)),
      proposer_address: proposer,
    };
    const blockId = blockIdOf({ header, txs: input.txs, lastCommit, evidence });
    // the seen commit: a precommit of every held, online validator, timestamped with the block time
    const signers = validators.flatMap((v) => {
      const key = keys.get(v.address);
      return key && !opts.control?.isOffline(v.address) ? [key] : [];
    });
    const commit = signCommit({ chainId: input.chainId, height: input.height, blockId, timestamp: time, validators, privValidatorKeys: signers });
    const stored: EngineStoredHeader = {
      block_id: blockId,
      header,
      commit,
      validators,
      next_validators: nextValidators,
      ...(evidence.length > 0 ? { evidence: evidence.map((b) => Buffer.from(b).toString('base64')) } : {}),
    };
    const lastSet = last ? (last.validators ?? fixed) : [];
    return {
      header: stored,
      lastCommit,
      hash: hexBytes(blockId.hash, 'block hash')!,
      proposer,
      consensus: {
        votes: last ? votesOf(lastCommit, lastSet) : [],
        misbehavior,
        header: protoJsonHeader(header),
      },
    };
  };
}

/** The validator set of a stored block's height (the fixed set for blocks stored without one). */
export function validatorSetOfBlock(header: unknown, fixed: readonly ValidatorJson[]): readonly ValidatorJson[] {
  return isStoredHeader(header) ? ((header as EngineStoredHeader).validators ?? sortValidators(fixed)) : sortValidators(fixed);
}

/** The validator set of the height after a stored block. */
export function nextValidatorSetOfBlock(header: unknown, fixed: readonly ValidatorJson[]): readonly ValidatorJson[] {
  return isStoredHeader(header) ? ((header as EngineStoredHeader).next_validators ?? sortValidators(fixed)) : sortValidators(fixed);
}

function previousStoredHeader(input: BlockMetaInput): EngineStoredHeader | undefined {
  const last = input.lastBlock;
  if (last === undefined) return undefined;
  if (!isStoredHeader(last.header)) {
    throw new Error(`block ${last.height} was not built by the consensus engine (its header is not a CometBFT header), so block ${input.height} cannot link to it`);
  }
  return last.header as EngineStoredHeader;
}
