/**
 * `chaind query sds params | sim-prepay <coin> | noz-price | noz-supply` (spec §4.4; reference
 * §2.6): params print the params object itself, the others the whole response.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addQueryFlags } from '../context.ts';
import { SDS, runSdsQuery } from './run.ts';

export function sdsParamsCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('params').description('Query the current sds parameters information')).action((_opts: unknown, self: Command) =>
    runSdsQuery(ctx, self, { method: 'Params', request: {}, pick: { typeName: `${SDS}.Params`, of: (r) => r.params } }),
  );
}

export function simPrepayCommand(ctx: CliContext): Command {
  const cmd = new Command('sim-prepay').description('Simulate the noz a prepay of the given coin would buy now').argument('<coin>', 'e.g. 1stos, 1000000000gwei or 1000000000000000000wei');
  return addQueryFlags(cmd).action((amount: string, _opts: unknown, self: Command) => runSdsQuery(ctx, self, { method: 'SimPrepay', request: { amount } }));
}

export function nozPriceCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('noz-price').description('Query the current noz price (wei per noz)')).action((_opts: unknown, self: Command) =>
    runSdsQuery(ctx, self, { method: 'NozPrice', request: {} }),
  );
}

export function nozSupplyCommand(ctx: CliContext): Command {
  return addQueryFlags(new Command('noz-supply').description('Query the remaining and total noz supply')).action((_opts: unknown, self: Command) =>
    runSdsQuery(ctx, self, { method: 'NozSupply', request: {} }),
  );
}
