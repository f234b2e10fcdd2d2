/**
 * Meta-node registration votes and kick votes (reference/chain-semantics.md §1.5.10, §1.5.11):
 * approval by floor(2A/3)+1 of the A active meta nodes within the voting window.
 */
import type { Draft } from 'immer';
import type { ChainError } from '../../errors.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { shardValues } from '../../state/sharded.ts';
import { sendCoinsFromModuleToModule } from '../bank/state.ts';
import { META_NODE_BONDED_POOL, META_NODE_NOT_BONDED_POOL } from './deposits.ts';
import { RegisterErrors } from './errors.ts';
import { increaseOzoneLimitByAddDeposit } from './ozone.ts';
import {
  BondStatus,
  deleteKickVotePool,
  getKickVotePool,
  getMetaNode,
  getRegistrationVotePool,
  isActiveMetaNode,
  setKickVotePool,
  setMetaNode,
  setRegistrationVotePool,
  type HasRegister,
  type VotePool,
} from './state.ts';
import { unbondMetaNode, type UnbondResult } from './unbonding.ts';

/** A = the number of active meta nodes (Bonded and not suspended), counted now. */
export function activeMetaNodeCount(state: HasRegister): number {
  let n = 0;
  for (const m of shardValues(state.register.meta_nodes)) if (isActiveMetaNode(m)) n++;
  return n;
}

/** floor(2A/3) + 1 */
export function requiredApprovals(active: number): number {
  return Math.floor((2 * active) / 3) + 1;
}

/** True when `voter` is an active meta node owned by `owner`. */
function ownsActiveMetaNode(state: HasRegister, owner: string, voter: string): boolean {
  const m = getMetaNode(state, voter);
  return isActiveMetaNode(m) && m!.owner_address === owner;
}

export interface RegistrationVoteResult {
  readonly status: number;
  readonly ozoneChange: bigint;
}

/**
 * `HandleVoteForMetaNodeRegistration`. [QUIRK] the voter check is computed but never enforced:
 * anyone may vote under any voter network address other than the candidate's.
 */
export function voteMetaNodeRegistration(
  draft: Draft<AppState>,
  m: { candidate: string; candidateOwner: string; approve: boolean; voter: string; voterOwner: string },
  ctx: Ctx,
): RegistrationVoteResult {
  const candidate = getMetaNode(draft, m.candidate);
  if (!candidate) throw RegisterErrors.NoCandidateMetaNodeFound.error();
  if (candidate.owner_address !== m.candidateOwner) throw RegisterErrors.InvalidCandidateOwnerAddr.error();
  const pool = getRegistrationVotePool(draft, m.candidate);
  if (!pool) throw RegisterErrors.NoRegistrationVotePoolFound.error();
  if (pool.expire_time < ctx.block.timeNs) throw RegisterErrors.VoteExpired.error();
  if (pool.approve_list.includes(m.voter) || pool.reject_list.includes(m.voter)) throw RegisterErrors.DuplicateVoting.error();
  const voted: VotePool = m.approve ? { ...pool, approve_list: [...pool.approve_list, m.voter] } : { ...pool, reject_list: [...pool.reject_list, m.voter] };
  setRegistrationVotePool(draft, voted);
  if (voted.is_vote_passed) return { status: candidate.status, ozoneChange: 0n };
  const required = requiredApprovals(activeMetaNodeCount(draft));
  if (voted.approve_list.length < required) return { status: candidate.status, ozoneChange: 0n };
  // approved: bond the candidate, count its tokens in St and Lt, move its deposit to the bonded pool
  setMetaNode(draft, { ...candidate, status: BondStatus.BONDED, suspend: false });
  const ozoneChange = increaseOzoneLimitByAddDeposit(draft, candidate.tokens);
  draft.register.bonded_meta_node_count += 1n;
  const denom = draft.register.params.bond_denom;
  if (candidate.tokens > 0n) sendCoinsFromModuleToModule(draft, META_NODE_NOT_BONDED_POOL, META_NODE_BONDED_POOL, [{ denom, amount: candidate.tokens }], ctx);
  setRegistrationVotePool(draft, { ...voted, is_vote_passed: true });
  return { status: BondStatus.BONDED, ozoneChange };
}

export interface KickVoteResult {
  readonly status: number;
  /** set when this vote kicked the target out */
  readonly unbond?: UnbondResult;
  /** ErrNoActiveVoterMetaNodeFound when the voter is not an active meta node of the signer and no kick happened */
  readonly voterError?: ChainError;
}

/** `HandleVoteForKickMetaNode` (§1.5.11); errors unwrapped. */
export function voteKickMetaNode(draft: Draft<AppState>, m: { target: string; approve: boolean; voter: string; voterOwner: string }, ctx: Ctx): KickVoteResult {
  let voterError: ChainError | undefined = ownsActiveMetaNode(draft, m.voterOwner, m.voter) ? undefined : RegisterErrors.NoActiveVoterMetaNodeFound.error();
  const target = getMetaNode(draft, m.target);
  if (!target || !isActiveMetaNode(target)) throw RegisterErrors.NoActiveTargetMetaNodeFound.error();
  const pool: VotePool = getKickVotePool(draft, m.target) ?? {
    network_address: m.target,
    approve_list: [],
    reject_list: [],
    expire_time: ctx.block.timeNs + draft.register.params.voting_period,
    is_vote_passed: false,
  };
  if (pool.expire_time < ctx.block.timeNs) throw RegisterErrors.VoteExpired.error();
  if (pool.approve_list.includes(m.voter) || pool.reject_list.includes(m.voter)) throw RegisterErrors.DuplicateVoting.error();
  let voted: VotePool = m.approve ? { ...pool, approve_list: [...pool.approve_list, m.voter] } : { ...pool, reject_list: [...pool.reject_list, m.voter] };
  setKickVotePool(draft, voted);
  if (voted.is_vote_passed) return { status: target.status, voterError };
  const active = activeMetaNodeCount(draft);
  let status: number = target.status;
  let unbond: UnbondResult | undefined;
  if (voted.approve_list.length >= requiredApprovals(active)) {
    unbond = unbondMetaNode(draft, m.target, target.owner_address, ctx);
    voted = { ...voted, is_vote_passed: true };
    setKickVotePool(draft, voted);
    status = BondStatus.UNBONDING;
    voterError = undefined;
  }
  // [QUIRK] independent of the outcome; for A < 3 the threshold is 0 and the pool goes after every vote
  if (voted.reject_list.length >= Math.floor(active / 3)) deleteKickVotePool(draft, m.target);
  return { status, unbond, voterError };
}
