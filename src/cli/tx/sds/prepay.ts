/**
 * `chaind tx sds prepay <from_address> [beneficiary_address] <coins>` (spec §4.3: two positionals;
 * reference/chain-semantics.md §2.6: the real CLI takes three). `from_address` is a key name or an
 * address and signs; the beneficiary defaults to the sender; `coins` is one coin, normalised to wei
 * (`1stos`, `10gwei`).
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { accAddressFromBech32 } from '../acc-address.ts';
import { coinArg } from '../coin-arg.ts';
import { SDS, type SdsMsgBuilder, sdsTxAction } from './run.ts';

/** As stratos' CLI: the beneficiary (`AccAddressFromBech32`), then the coin (`ParseCoinNormalized`), each Go error as it is. */
export const prepayMsg: SdsMsgBuilder<Record<string, never>> = (from, _opts, args) => {
  if (args.length !== 2 && args.length !== 3) throw new Error(`prepay takes 2 or 3 arguments (<from_address> [beneficiary_address] <coins>), got ${args.length}`);
  const beneficiary = args.length === 3 ? accAddressFromBech32(args[1]!) : from;
  return { typeName: `${SDS}.MsgPrepay`, value: { sender: from, beneficiary, amount: [coinArg(args[args.length - 1]!)] } };
};

export function prepayCommand(ctx: CliContext): Command {
  const cmd = new Command('prepay')
    .description('Prepay wei to buy ozone (noz) for the storage network')
    .usage('<from_address> [beneficiary_address] <coins> [flags]')
    .argument('<from_address>', 'key name or st1… address of the sender (signs the tx)')
    .argument('<coins_or_beneficiary>', 'the coins, or the beneficiary address when three arguments are given')
    .argument('[coins]', 'the coins when a beneficiary is given, e.g. 1stos');
  return sdsTxAction(ctx, cmd, prepayMsg, (args) => args[0]!);
}
