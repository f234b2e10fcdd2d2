/**
 * `chaind tx …`: transaction commands (spec §4.3). Each command carries the common tx flags
 * (`flags.ts`) and goes through the framework (`framework.ts`); module groups add theirs here.
 */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { bankTxCommand } from './bank-send.ts';
import { broadcastCommand } from './broadcast.ts';
import { decodeCommand } from './decode.ts';
import { encodeCommand } from './encode.ts';
import { registerTxCommand } from './register/index.ts';
import { potTxCommand } from './pot/index.ts';
import { sdsTxCommand } from './sds/index.ts';
import { signCommand } from './sign.ts';

const TX_COMMANDS: readonly ((ctx: CliContext) => Command)[] = [bankTxCommand, registerTxCommand, sdsTxCommand, potTxCommand, signCommand, broadcastCommand, encodeCommand, decodeCommand];

export function txCommand(ctx: CliContext): Command {
  const tx = new Command('tx').description('Transactions subcommands');
  for (const sub of TX_COMMANDS) tx.addCommand(sub(ctx));
  return tx;
}
