/**
 * `chaind query …` (alias `q`): the queries of spec §4.4 with `--node`, `--height` (state
 * queries) and `-o text|json` (default text = YAML); module groups add theirs here.
 */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { accountQueryCommand } from './account.ts';
import { bankQueryCommand } from './bank.ts';
import { blockQueryCommand } from './block.ts';
import { registerQueryCommand } from './register/index.ts';
import { potQueryCommand } from './pot/index.ts';
import { sdsQueryCommand } from './sds/index.ts';
import { txQueryCommand } from './tx.ts';
import { txsQueryCommand } from './txs.ts';
import { validatorSetQueryCommand } from './validator-set.ts';

const QUERY_COMMANDS: readonly ((ctx: CliContext) => Command)[] = [
  accountQueryCommand,
  bankQueryCommand,
  blockQueryCommand,
  registerQueryCommand,
  potQueryCommand,
  sdsQueryCommand,
  txsQueryCommand,
  txQueryCommand,
  validatorSetQueryCommand,
];

export function queryCommand(ctx: CliContext): Command {
  const query = new Command('query').alias('q').description('Querying subcommands');
  for (const sub of QUERY_COMMANDS) query.addCommand(sub(ctx));
  return query;
}
