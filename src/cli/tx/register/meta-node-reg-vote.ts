/**
 * `chaind tx register meta-node-reg-vote` (spec §4.3; reference/chain-semantics.md §1.5.10): an
 * active meta node's owner (`--from`) votes on a candidate meta node's registration.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { accAddressFromBech32 } from '../acc-address.ts';
import { networkAddressFlag, parseGoBool } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface MetaNodeRegVoteOptions {
  candidateNetworkAddress: string;
  candidateOwnerAddress: string;
  opinion: boolean;
  voterNetworkAddress: string;
}

/** The addresses are parsed in stratos' order (candidate node, candidate owner, voter node). */
export const metaNodeRegVoteMsg: RegisterMsgBuilder<MetaNodeRegVoteOptions> = (from, opts) => {
  const candidate_network_address = networkAddressFlag(opts.candidateNetworkAddress);
  const candidate_owner_address = accAddressFromBech32(opts.candidateOwnerAddress);
  const voter_network_address = networkAddressFlag(opts.voterNetworkAddress);
  return {
    typeName: `${REGISTER}.MsgMetaNodeRegistrationVote`,
    value: { candidate_network_address, candidate_owner_address, opinion: opts.opinion, voter_network_address, voter_owner_address: from },
  };
};

export function metaNodeRegVoteCommand(ctx: CliContext): Command {
  const cmd = new Command('meta-node-reg-vote')
    .description('vote for the registration of a new meta node')
    .requiredOption('--candidate-network-address <stsds1…>', 'The network address of the candidate meta node')
    .requiredOption('--candidate-owner-address <st1…>', 'The owner address of the candidate meta node')
    .requiredOption('--opinion [bool]', 'Opinion of the vote: true approves, false rejects', parseGoBool)
    .requiredOption('--voter-network-address <stsds1…>', 'The network address of the voting meta node');
  return registerTxAction(ctx, cmd, metaNodeRegVoteMsg);
}
