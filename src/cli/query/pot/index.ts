/**
 * `chaind query pot …` (spec §4.4; reference/chain-semantics.md §3.10): report, params,
 * total-mined-token, circulation-supply, total-reward, and the rewards / slashing / metrics
 * queries the real CLI lacks. `params` prints the params object, the others the whole response.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addQueryFlags } from '../context.ts';
import { epochArg, POT, runPotQuery } from './run.ts';

type Opts = { epoch?: string };

function simple(ctx: CliContext, name: string, description: string, method: string): Command {
  return addQueryFlags(new Command(name).description(description)).action((_o: unknown, self: Command) => runPotQuery(ctx, self, { method, request: {} }));
}

export function potQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('pot').description('Querying commands for the pot module');
  cmd.addCommand(
    addQueryFlags(new Command('report').description('Query the volume report of an epoch (0 = latest)').requiredOption('--epoch <epoch>', 'report epoch')).action((o: Opts, self: Command) =>
      runPotQuery(ctx, self, { method: 'VolumeReport', request: { epoch: epochArg(o.epoch!) } }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(new Command('params').description('Query the current pot parameters information')).action((_o: unknown, self: Command) =>
      runPotQuery(ctx, self, { method: 'Params', request: {}, pick: { typeName: `${POT}.Params`, of: (r) => r.params } }),
    ),
  );
  cmd.addCommand(simple(ctx, 'total-mined-token', 'Query the total mined tokens', 'TotalMinedToken'));
  cmd.addCommand(simple(ctx, 'circulation-supply', 'Query the circulation supply', 'CirculationSupply'));
  cmd.addCommand(simple(ctx, 'metrics', 'Query the pot metrics', 'Metrics'));
  cmd.addCommand(
    addQueryFlags(new Command('total-reward').description('Query the total reward of a report epoch').requiredOption('--epoch <epoch>', 'report epoch')).action((o: Opts, self: Command) =>
      runPotQuery(ctx, self, { method: 'TotalRewardByEpoch', request: { epoch: epochArg(o.epoch!) } }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(
      new Command('rewards')
        .description('Query rewards: of a wallet (mature and immature totals), of a report epoch (--epoch), or of a wallet in an epoch (both)')
        .argument('[wallet_address]', 'st1… wallet address')
        .option('--epoch <epoch>', 'report epoch'),
    ).action((wallet: string | undefined, o: Opts, self: Command) => {
      if (wallet && o.epoch !== undefined) return runPotQuery(ctx, self, { method: 'RewardsByWalletAndEpoch', request: { wallet_address: wallet, epoch: epochArg(o.epoch) } });
      if (wallet) return runPotQuery(ctx, self, { method: 'RewardsByWallet', request: { wallet_address: wallet } });
      if (o.epoch !== undefined) return runPotQuery(ctx, self, { method: 'RewardsByEpoch', request: { epoch: epochArg(o.epoch) } });
      throw new Error('rewards needs a wallet address, --epoch, or both');
    }),
  );
  cmd.addCommand(
    addQueryFlags(new Command('slashing').description('Query the slashing debt of a wallet (wei)').argument('<wallet_address>', 'st1… wallet address')).action(
      (wallet: string, _o: unknown, self: Command) => runPotQuery(ctx, self, { method: 'SlashingByOwner', request: { wallet_address: wallet } }),
    ),
  );
  return cmd;
}
