/**
 * A block's consensus-side ABCI data as stored with the block (`BlockConsensusRecord`) and back:
 * what FinalizeBlock got from consensus (last-commit votes, misbehavior, header) and what EndBlock
 * returned (validator updates). A replay feeds the stored inputs to FinalizeBlock again, so its
 * results never depend on the consensus engine that made the block.
 */
import type { BlockConsensusRecord } from '../events/block-store.ts';
import type { Misbehavior, ValidatorUpdate, VoteInfo } from '../state/block-info.ts';
import type { ConsensusInputs } from './chain.ts';

/** The record of a block; undefined when there is nothing to keep (no consensus inputs, no updates). */
export function consensusRecord(inputs: ConsensusInputs | undefined, updates: readonly ValidatorUpdate[]): BlockConsensusRecord | undefined {
  if (!inputs && updates.length === 0) return undefined;
  return {
    votes: inputs ? inputs.votes.map((v) => ({ address: v.address, power: v.power.toString(), signed: v.signed })) : null,
    misbehavior: (inputs?.misbehavior ?? []).map((m) => ({
      type: m.type,
      address: m.address,
      power: m.power.toString(),
      height: m.height.toString(),
      time_ns: m.timeNs.toString(),
      total_voting_power: m.totalVotingPower.toString(),
    })),
    ...(inputs?.header ? { header: inputs.header } : {}),
    validator_updates: updates.map((u) => ({ pub_key: u.pubKey, power: u.power.toString() })),
  };
}

/** FinalizeBlock's consensus inputs from a stored record (none for a block made without them). */
export function finalizeInputsOf(record: BlockConsensusRecord | undefined): {
  lastCommit?: readonly VoteInfo[];
  misbehavior?: readonly Misbehavior[];
  header?: Readonly<Record<string, unknown>>;
} {
  if (!record || record.votes === null) return {};
  return {
    lastCommit: record.votes.map((v) => ({ address: v.address, power: BigInt(v.power), signed: v.signed })),
    misbehavior: record.misbehavior.map((m) => ({
      type: m.type,
      address: m.address,
      power: BigInt(m.power),
      height: BigInt(m.height),
      timeNs: BigInt(m.time_ns),
      totalVotingPower: BigInt(m.total_voting_power),
    })),
    ...(record.header ? { header: record.header } : {}),
  };
}

/** The validator updates a stored block's EndBlock returned. */
export function validatorUpdatesOf(record: BlockConsensusRecord | undefined): ValidatorUpdate[] {
  return (record?.validator_updates ?? []).map((u) => ({ pubKey: u.pub_key, power: BigInt(u.power) }));
}
