/** `chaind query register get-resource-count` / `get-meta-count` (spec §4.4): `{number}` of bonded nodes. */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addQueryFlags } from '../context.ts';
import { runRegisterQuery } from './run.ts';

export function getResourceCountCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('get-resource-count').description('Query the number of bonded resource nodes')).action((_opts: unknown, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'BondedResourceNodeCount', request: {} }),
  );
}

export function getMetaCountCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('get-meta-count').description('Query the number of bonded meta nodes')).action((_opts: unknown, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'BondedMetaNodeCount', request: {} }),
  );
}
