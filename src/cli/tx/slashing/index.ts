/**
 * `chaind tx slashing unjail --from <operator key>` (SDK v0.47 x/slashing `NewUnjailTxCmd`;
 * reference §6.6): no arguments; the validator is the operator address of `--from`.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { operatorOf } from '../staking/args.ts';
import { SLASHING, sdkTxAction } from '../staking/run.ts';

function unjailCommand(ctx: CliContext): Command {
  const cmd = new Command('unjail').description('unjail validator previously jailed for downtime');
  return sdkTxAction(ctx, cmd, (from) => [{ typeName: `${SLASHING}.MsgUnjail`, value: { validator_addr: operatorOf(from.address) } }]);
}

export function slashingTxCommand(ctx: CliContext): Command {
  return new Command('slashing').description('Slashing transaction subcommands').addCommand(unjailCommand(ctx));
}
