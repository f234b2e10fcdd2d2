/**
 * `chaind tx register meta-node-reg-vote` (spec §4.3; reference/chain-semantics.md §1.5.10): an
 * active meta node's owner (`--from`) votes on a candidate meta node's registration.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { parseGoBool } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface MetaNodeRegVoteOptions {
  candidateNetworkAddress: string;
  candidateOwnerAddress: string;
  opinion: boolean;
  voterNetworkAddress: string;
}

export const metaNodeRegVoteMsg: RegisterMsgBuilder<MetaNodeRegVoteOptions> = (from, opts) => ({
  typeName: `${REGISTER}.MsgMetaNodeRegistrationVote`,
  value: {
    candidate_network_address: opts.candidateNetworkAddress,
    candidate_owner_address: opts.candidateOwnerAddress,
    opinion: opts.opinion,
    voter_network_address: opts.voterNetworkAddress,
    voter_owner_address: from,
  },
});

export function metaNodeRegVoteCommand(ctx: CliContext): Command {
  const cmd = new Command('meta-node-reg-vote')
    .description('vote for the registration of a new meta node')
    .requiredOption('--candidate-network-address <stsds1…>', 'The network address of the candidate meta node')
    .requiredOption('--candidate-owner-address <st1…>', 'The owner address of the candidate meta node')
    .requiredOption('--opinion [bool]', 'Opinion of the vote: true approves, false rejects', parseGoBool)
    .requiredOption('--voter-network-address <stsds1…>', 'The network address of the voting meta node');
  return registerTxAction(ctx, cmd, metaNodeRegVoteMsg);
}
