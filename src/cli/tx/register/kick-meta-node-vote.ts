/**
 * `chaind tx register kick-meta-node-vote` with the newer flag set of spec §4.3
 * (`--voter-network-address`, `--target-network-address`, `--opinion`; reference/chain-semantics.md
 * §1.5.11): an active meta node's owner (`--from`) votes to remove another meta node.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { networkAddressFlag, parseGoBool } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface KickMetaNodeVoteOptions {
  targetNetworkAddress: string;
  opinion: boolean;
  voterNetworkAddress: string;
}

/** The addresses are parsed in stratos' order (target, then voter). */
export const kickMetaNodeVoteMsg: RegisterMsgBuilder<KickMetaNodeVoteOptions> = (from, opts) => {
  const target_network_address = networkAddressFlag(opts.targetNetworkAddress);
  const voter_network_address = networkAddressFlag(opts.voterNetworkAddress);
  return { typeName: `${REGISTER}.MsgKickMetaNodeVote`, value: { target_network_address, opinion: opts.opinion, voter_network_address, voter_owner_address: from } };
};

export function kickMetaNodeVoteCommand(ctx: CliContext): Command {
  const cmd = new Command('kick-meta-node-vote')
    .description('vote to kick a meta node out')
    .requiredOption('--voter-network-address <stsds1…>', 'The network address of the voting meta node')
    .requiredOption('--target-network-address <stsds1…>', 'The network address of the meta node to kick')
    .requiredOption('--opinion [bool]', 'Opinion of the vote: true approves the kick, false rejects it', parseGoBool);
  return registerTxAction(ctx, cmd, kickMetaNodeVoteMsg);
}
