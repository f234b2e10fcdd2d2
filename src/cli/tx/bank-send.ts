/**
 * `chaind tx bank send <from_key_or_address> <to_address> <amount>` (SDK v0.47 x/bank
 * `NewSendTxCmd`): the first argument takes the place of `--from`. With `--dry-run` it must be an
 * address; with `--generate-only` an address needs no key.
 */
import { Command } from 'commander';
import { accAddressArg } from './staking/args.ts';
import { parseCoinsNormalized } from '../../math/coin-parse.ts';
import type { CliContext } from '../context.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';
import { rejectUnsupportedFlags, TxFramework } from './framework.ts';

export function bankSendCommand(ctx: CliContext): Command {
  const cmd = new Command('send')
    .summary('Send funds from one account to another')
    .description(
      "Send funds from one account to another.\nNote, the '--from' flag is ignored as it is implied from [from_key_or_address].\n" +
        "When using '--dry-run' a key name cannot be used, only a bech32 address.",
    )
    .argument('<from_key_or_address>', 'key name or st1… address of the sender')
    .argument('<to_address>', 'st1… address of the recipient')
    .argument('<amount>', 'coins, e.g. 1000wei, 5gwei or 1.5stos (converted to wei)');
  addTxFlags(cmd).action(async (fromArg: string, toArg: string, amountArg: string, _opts: unknown, self: Command) => {
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags, { buildsTx: true });
    const from = await tc.resolveFrom(fromArg);
    // AccAddressFromBech32's error is the command's, as NewSendTxCmd returns it
    const to = accAddressArg(toArg);
    const amount = parseCoinsNormalized(amountArg).map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
    const msg = { typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: from.address, to_address: to, amount } };
    await new TxFramework(tc, from, [msg]).run();
  });
  return cmd;
}

/** `chaind tx bank …` */
export function bankTxCommand(ctx: CliContext): Command {
  return new Command('bank').description('Bank transaction subcommands').addCommand(bankSendCommand(ctx));
}
