/**
 * Meta-node registration and kick votes (reference/chain-semantics.md §1.5.10–1.5.11).
 */
import type { MsgSpec } from '../../state/module.ts';
import { RegisterErrors } from './errors.ts';
import { coinText, RegisterEvents, rfc3339Seconds } from './events.ts';
import { BOND_STATUS_NAMES } from './state.ts';
import { accProblem, sdsProblem, wrapped } from './validate.ts';
import { voteKickMetaNode, voteMetaNodeRegistration } from './votes.ts';
import type { MsgMetaNodeRegistrationVote, MsgKickMetaNodeVote } from './msg-types.ts';

const P = 'chain.register.v1';

export const msgMetaNodeRegistrationVote: MsgSpec<MsgMetaNodeRegistrationVote> = {
  typeName: `${P}.MsgMetaNodeRegistrationVote`,
  responseType: `${P}.MsgMetaNodeRegistrationVoteResponse`,
  signers: (msg) => [msg.voter_owner_address],
  validateBasic(msg) {
    if (sdsProblem(msg.candidate_network_address) !== undefined) throw RegisterErrors.InvalidCandidateNetworkAddr.error();
    if (msg.candidate_network_address === '') throw RegisterErrors.EmptyCandidateNetworkAddr.error();
    if (sdsProblem(msg.voter_network_address) !== undefined) throw RegisterErrors.InvalidVoterNetworkAddr.error();
    if (msg.voter_network_address === '') throw RegisterErrors.EmptyVoterNetworkAddr.error();
    if (accProblem(msg.candidate_owner_address) !== undefined) throw RegisterErrors.InvalidCandidateOwnerAddr.error();
    if (msg.candidate_owner_address === '') throw RegisterErrors.EmptyCandidateOwnerAddr.error();
    if (accProblem(msg.voter_owner_address) !== undefined) throw RegisterErrors.InvalidVoterOwnerAddr.error();
    if (msg.voter_owner_address === '') throw RegisterErrors.EmptyVoterOwnerAddr.error();
    if (msg.candidate_network_address === msg.voter_network_address) throw RegisterErrors.SameAddr.error();
  },
  handle(draft, msg, ctx) {
    if (accProblem(msg.candidate_owner_address) !== undefined) throw RegisterErrors.InvalidCandidateOwnerAddr.error();
    const r = wrapped(RegisterErrors.VoteMetaNode, () =>
      voteMetaNodeRegistration(
        draft,
        { candidate: msg.candidate_network_address, candidateOwner: msg.candidate_owner_address, approve: msg.opinion, voter: msg.voter_network_address, voterOwner: msg.voter_owner_address },
        ctx,
      ),
    );
    ctx.emit(
      RegisterEvents.metaNodeRegistrationVote({
        sender: msg.voter_owner_address,
        voter_network_address: msg.voter_network_address,
        candidate_network_address: msg.candidate_network_address,
        candidate_status: BOND_STATUS_NAMES[r.status]!,
        ozone_limit_changes: r.ozoneChange.toString(),
      }),
    );
    return {};
  },
};

export const msgKickMetaNodeVote: MsgSpec<MsgKickMetaNodeVote> = {
  typeName: `${P}.MsgKickMetaNodeVote`,
  responseType: `${P}.MsgKickMetaNodeVoteResponse`,
  signers: (msg) => [msg.voter_owner_address],
  validateBasic(msg) {
    if (msg.target_network_address === '' || sdsProblem(msg.target_network_address) !== undefined) throw RegisterErrors.InvalidTargetNetworkAddr.error();
    if (sdsProblem(msg.voter_network_address) !== undefined) throw RegisterErrors.InvalidVoterNetworkAddr.error();
    if (accProblem(msg.voter_owner_address) !== undefined) throw RegisterErrors.InvalidVoterOwnerAddr.error();
  },
  handle(draft, msg, ctx) {
    const r = voteKickMetaNode(draft, { target: msg.target_network_address, approve: msg.opinion, voter: msg.voter_network_address, voterOwner: msg.voter_owner_address }, ctx);
    // a vote from a non-active voter fails unless it triggered the kick (§1.5.11 step 9)
    if (r.voterError) throw r.voterError;
    ctx.emit(
      RegisterEvents.kickMetaNodeVote({
        sender: '',
        voter_network_address: msg.voter_network_address,
        target_network_address: msg.target_network_address,
        target_status: BOND_STATUS_NAMES[r.status]!,
      }),
    );
    if (r.unbond && r.unbond.ozoneDecrease > 0n) {
      ctx.emit(
        RegisterEvents.unbondingMetaNode({
          sender: msg.voter_owner_address,
          meta_node: msg.target_network_address,
          ozone_limit_changes: r.unbond.ozoneDecrease.toString(),
          deposit_to_remove: coinText(r.unbond.available, draft.register.params.bond_denom),
          unbonding_mature_time: rfc3339Seconds(r.unbond.matureTime),
        }),
      );
    }
    return {};
  },
};

