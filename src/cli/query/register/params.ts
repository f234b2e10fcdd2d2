/** `chaind query register params` (spec §4.4, part 2 "Register parameters"): the params object itself. */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addQueryFlags } from '../context.ts';
import { REGISTER, runRegisterQuery } from './run.ts';

export function registerParamsCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('params').description('Query the current register parameters information')).action((_opts: unknown, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'Params', request: {}, pick: { typeName: `${REGISTER}.Params`, of: (r) => r.params } }),
  );
}
