/**
 * `chaind tx gov deposit|vote|weighted-vote` (SDK v0.47 x/gov client/cli/tx.go `NewCmdDeposit`,
 * `NewCmdVote`, `NewCmdWeightedVote`; reference §3.6). The depositor or voter is `--from`; the
 * arguments are read in the SDK's order, each with its error; the messages' ValidateBasic (weights
 * summing to 1, no duplicate option, …) then runs in the tx framework as in the SDK.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { coinsArg } from '../staking/args.ts';
import { sdkTxAction } from '../staking/run.ts';
import { GOV_V1, proposalIdArg, voteOptionArg, weightedVoteOptionsArg } from './args.ts';

export function depositCommand(ctx: CliContext): Command {
  const cmd = new Command('deposit')
    .description('Deposit tokens for an active proposal')
    .argument('<proposal-id>', 'the id of the proposal')
    .argument('<deposit>', 'coins, e.g. 10stos')
    .addHelpText('after', '\nExample:\n$ chaind tx gov deposit 1 10stos --from mykey');
  return sdkTxAction(ctx, cmd, (from, _o, [id, amount]) => {
    const proposalId = proposalIdArg(id, 'uint');
    return [{ typeName: `${GOV_V1}.MsgDeposit`, value: { proposal_id: proposalId, depositor: from.address, amount: coinsArg(amount) } }];
  });
}

export function voteCommand(ctx: CliContext): Command {
  const cmd = new Command('vote')
    .description('Vote for an active proposal, options: yes/no/no_with_veto/abstain')
    .argument('<proposal-id>', 'the id of the proposal')
    .argument('<option>', 'yes, no, no_with_veto, abstain (or Yes, No, NoWithVeto, Abstain, or a VOTE_OPTION_* name)')
    .option('--metadata <text>', 'Specify metadata of the vote', '')
    .addHelpText('after', '\nExample:\n$ chaind tx gov vote 1 yes --from mykey');
  return sdkTxAction(ctx, cmd, (from, o: { metadata: string }, [id, option]) => {
    const proposalId = proposalIdArg(id, 'int');
    return [{ typeName: `${GOV_V1}.MsgVote`, value: { proposal_id: proposalId, voter: from.address, option: voteOptionArg(option), metadata: o.metadata } }];
  });
}

export function weightedVoteCommand(ctx: CliContext): Command {
  const cmd = new Command('weighted-vote')
    .description('Vote for an active proposal, options: yes/no/no_with_veto/abstain')
    .argument('<proposal-id>', 'the id of the proposal')
    .argument('<weighted-options>', 'option=weight pairs, comma separated, e.g. yes=0.6,no=0.3,abstain=0.05,no_with_veto=0.05')
    .option('--metadata <text>', 'Specify metadata of the weighted vote', '')
    .addHelpText('after', '\nExample:\n$ chaind tx gov weighted-vote 1 yes=0.6,no=0.3,abstain=0.05,no_with_veto=0.05 --from mykey');
  return sdkTxAction(ctx, cmd, (from, o: { metadata: string }, [id, options]) => {
    const proposalId = proposalIdArg(id, 'int');
    return [{ typeName: `${GOV_V1}.MsgVoteWeighted`, value: { proposal_id: proposalId, voter: from.address, options: weightedVoteOptionsArg(options), metadata: o.metadata } }];
  });
}
