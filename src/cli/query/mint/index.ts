/**
 * `chaind query mint params|inflation|annual-provisions` (SDK v0.47 x/mint client/cli; reference
 * §5): `params` prints the Params object; `inflation` and `annual-provisions` print the bare
 * decimal and a newline whatever `-o` says (the SDK's `PrintString`).
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addQueryFlags, QueryContext } from '../context.ts';
import { MINT, runSdkQuery, sdkQuery } from '../staking/run.ts';

function decimal(ctx: CliContext, name: string, description: string, method: string, field: string): Command {
  return addQueryFlags(new Command(name).description(description)).action(async (_o: unknown, self: Command) => {
    const res = await sdkQuery(new QueryContext(ctx, self), { pkg: MINT, method, request: {} });
    ctx.out.stdout(`${String(res[field])}\n`);
  });
}

export function mintQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('mint').description('Querying commands for the minting module');
  cmd.addCommand(
    addQueryFlags(new Command('params').description('Query the current minting parameters')).action((_o: unknown, self: Command) =>
      runSdkQuery(ctx, self, { pkg: MINT, method: 'Params', request: {}, pick: { typeName: `${MINT}.Params`, of: (r) => r.params } }),
    ),
  );
  cmd.addCommand(decimal(ctx, 'inflation', 'Query the current minting inflation value', 'Inflation', 'inflation'));
  cmd.addCommand(decimal(ctx, 'annual-provisions', 'Query the current minting annual provisions value', 'AnnualProvisions', 'annual_provisions'));
  return cmd;
}
