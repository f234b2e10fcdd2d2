/**
 * `chaind tx distribution …` (SDK v0.47 x/distribution client/cli `tx.go`; reference §4.5):
 * withdraw-rewards [validator-addr] [--commission], withdraw-all-rewards [--max-msgs],
 * set-withdraw-addr [withdraw-addr], fund-community-pool [amount]. The delegator / depositor is
 * `--from`.
 */
import { Command } from 'commander';
import type { TxMessage } from '../../../client/sign-tx.ts';
import { queryGrpc } from '../../../client/query-grpc.ts';
import type { CliContext } from '../../context.ts';
import { TxContext } from '../context.ts';
import { addTxFlags, parseInt64 } from '../flags.ts';
import { TxFramework } from '../framework.ts';
import { accAddressArg, coinsArg, valAddressArg } from '../staking/args.ts';
import { DISTRIBUTION, sdkTxAction, signerOf } from '../staking/run.ts';

const withdrawReward = (delegator: string, validator: string): TxMessage => ({
  typeName: `${DISTRIBUTION}.MsgWithdrawDelegatorReward`,
  value: { delegator_address: delegator, validator_address: validator },
});

function withdrawRewardsCommand(ctx: CliContext): Command {
  const cmd = new Command('withdraw-rewards')
    .description(
      'Withdraw rewards from a given delegation address, and optionally withdraw validator commission if the delegation address given is a validator operator',
    )
    .argument('<validator-addr>', 'stvaloper1… address of the validator')
    .option('--commission', "Withdraw the validator's commission in addition to the rewards", false);
  return sdkTxAction<{ commission: boolean }>(ctx, cmd, (from, o, [val]) => {
    const validator = valAddressArg(val);
    const msgs = [withdrawReward(from.address, validator)];
    if (o.commission) msgs.push({ typeName: `${DISTRIBUTION}.MsgWithdrawValidatorCommission`, value: { validator_address: validator } });
    return msgs;
  });
}

/**
 * One tx with a MsgWithdrawDelegatorReward per validator the delegator has delegated to (the
 * distribution DelegatorValidators query), or txs of at most `--max-msgs` messages each (SDK
 * `newSplitAndApply`). It needs the node, so `--offline` is refused first.
 */
function withdrawAllRewardsCommand(ctx: CliContext): Command {
  const cmd = new Command('withdraw-all-rewards')
    .description('withdraw all delegations rewards for a delegator')
    .option('--max-msgs <int>', 'Limit the number of messages per tx (0 for unlimited)', (v: string) => Number(parseInt64(v)), 0);
  return addTxFlags(cmd).action(async (o: { maxMsgs: number }, self: Command) => {
    const tc = TxContext.of(ctx, self);
    const from = await signerOf(tc);
    if (tc.flags.offline) throw new Error('cannot generate tx in offline mode');
    const res = await queryGrpc(
      tc.client,
      `${DISTRIBUTION}.Query/DelegatorValidators`,
      `${DISTRIBUTION}.QueryDelegatorValidatorsRequest`,
      `${DISTRIBUTION}.QueryDelegatorValidatorsResponse`,
      { delegator_address: from.address },
      undefined,
      tc.codec,
    );
    const msgs = ((res.validators ?? []) as string[]).map((v) => withdrawReward(from.address, valAddressArg(v)));
    if (o.maxMsgs <= 0) {
      await new TxFramework(tc, from, msgs).run();
      return;
    }
    for (let i = 0; i < msgs.length; i += o.maxMsgs) await new TxFramework(tc, from, msgs.slice(i, i + o.maxMsgs)).run();
  });
}

function setWithdrawAddrCommand(ctx: CliContext): Command {
  const cmd = new Command('set-withdraw-addr').description('change the default withdraw address for rewards associated with an address').argument('<withdraw-addr>', 'st1… address to receive the rewards');
  return sdkTxAction(ctx, cmd, (from, _o, [addr]) => [
    { typeName: `${DISTRIBUTION}.MsgSetWithdrawAddress`, value: { delegator_address: from.address, withdraw_address: accAddressArg(addr) } },
  ]);
}

function fundCommunityPoolCommand(ctx: CliContext): Command {
  const cmd = new Command('fund-community-pool').description('Funds the community pool with the specified amount').argument('<amount>', 'coins, e.g. 1stos or 100wei,2gwei');
  return sdkTxAction(ctx, cmd, (from, _o, [amount]) => [{ typeName: `${DISTRIBUTION}.MsgFundCommunityPool`, value: { amount: coinsArg(amount), depositor: from.address } }]);
}

export function distributionTxCommand(ctx: CliContext): Command {
  const cmd = new Command('distribution').description('Distribution transactions subcommands');
  for (const c of [withdrawRewardsCommand, withdrawAllRewardsCommand, setWithdrawAddrCommand, fundCommunityPoolCommand]) cmd.addCommand(c(ctx));
  return cmd;
}
