/**
 * The register queries the real CLI leaves to gRPC and REST (reference/chain-semantics.md §1.10),
 * offered here too: `deposit-by-node`, `deposit-by-owner`, `deposit-total`, `remaining-ozone-limit`.
 * Each prints the whole response message.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { parseUint32 } from '../../tx/register/node-flags.ts';
import { addPaginationFlags, addQueryFlags, readPageRequest } from '../context.ts';
import { runRegisterQuery } from './run.ts';

export function depositByNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('deposit-by-node')
    .description('Query the deposit of a node: query type 0 = meta or resource node, 1 = meta node only, 2 = resource node only')
    .requiredOption('--network-address <stsds1…>', 'The network address of the node')
    .option('--query-type <uint32>', '0 = all, 1 = meta node, 2 = resource node', parseUint32, 0);
  return addQueryFlags(cmd).action((opts: { networkAddress: string; queryType: number }, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'DepositByNode', request: { network_addr: opts.networkAddress, query_type: opts.queryType } }),
  );
}

export function depositByOwnerCommand(ctx: CliContext): Command {
  const cmd = new Command('deposit-by-owner').description('Query the deposits of the nodes an owner has').argument('<owner_address>', 'st1… address of the owner');
  // the address goes to the node as given: its answer names what is wrong with it
  return addPaginationFlags(addQueryFlags(cmd), 'deposits').action((owner: string, _opts: unknown, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'DepositByOwner', request: { owner_addr: owner, pagination: readPageRequest(self) } }),
  );
}

export function depositTotalCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('deposit-total').description('Query the total deposits of resource and meta nodes by status')).action((_opts: unknown, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'DepositTotal', request: {} }),
  );
}

export function remainingOzoneLimitCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('remaining-ozone-limit').description('Query the remaining ozone limit (Lt)')).action((_opts: unknown, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'RemainingOzoneLimit', request: {} }),
  );
}
