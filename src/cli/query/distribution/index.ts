/**
 * `chaind query distribution …` (SDK v0.47 x/distribution client/cli `query.go`; reference §4.5):
 * params, validator-distribution-info, validator-outstanding-rewards, commission, slashes,
 * rewards, community-pool; and delegator-validators / delegator-withdraw-address for the two
 * methods of the Query service the SDK v0.47 CLI leaves to gRPC and REST. Arguments are checked
 * before anything is sent.
 */
import { Command } from 'commander';
import type { ProtoObject } from '../../../codec/registry.ts';
import type { CliContext } from '../../context.ts';
import { accAddressArg, goParseUint64, valAddressArg } from '../../tx/staking/args.ts';
import { addPaginationFlags, addQueryFlags, readPageRequest } from '../context.ts';
import { DISTRIBUTION, runSdkQuery } from '../staking/run.ts';

const VALIDATOR = ['<validator>', 'stvaloper1… address of the validator'] as const;

export function distributionQueryCommand(ctx: CliContext): Command {
  const run = (self: Command, method: string, request: ProtoObject, pick?: { typeName: string; of: (r: ProtoObject) => unknown }) =>
    runSdkQuery(ctx, self, { pkg: DISTRIBUTION, method, request, pick });
  const cmd = new Command('distribution').description('Querying commands for the distribution module');
  cmd.addCommand(
    addQueryFlags(new Command('params').description('Query distribution params')).action((_o: unknown, self: Command) =>
      run(self, 'Params', {}, { typeName: `${DISTRIBUTION}.Params`, of: (r) => r.params }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(new Command('validator-distribution-info').description('Query validator distribution info').argument(...VALIDATOR)).action((v: string, _o: unknown, self: Command) =>
      run(self, 'ValidatorDistributionInfo', { validator_address: valAddressArg(v) }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(
      new Command('validator-outstanding-rewards').description('Query distribution outstanding (un-withdrawn) rewards for a validator and all their delegations').argument(...VALIDATOR),
    ).action((v: string, _o: unknown, self: Command) =>
      run(self, 'ValidatorOutstandingRewards', { validator_address: valAddressArg(v) }, { typeName: `${DISTRIBUTION}.ValidatorOutstandingRewards`, of: (r) => r.rewards }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(new Command('commission').description('Query distribution validator commission').argument(...VALIDATOR)).action((v: string, _o: unknown, self: Command) =>
      run(self, 'ValidatorCommission', { validator_address: valAddressArg(v) }, { typeName: `${DISTRIBUTION}.ValidatorAccumulatedCommission`, of: (r) => r.commission }),
    ),
  );
  cmd.addCommand(
    addPaginationFlags(
      addQueryFlags(
        new Command('slashes')
          .description('Query distribution validator slashes')
          .argument(...VALIDATOR)
          .argument('<start-height>', 'the first period (uint)')
          .argument('<end-height>', 'the last period (uint)'),
      ),
      'validator slashes',
    ).action((v: string, start: string, end: string, _o: unknown, self: Command) => {
      const validator = valAddressArg(v);
      const startingHeight = goParseUint64(start);
      if (typeof startingHeight === 'string') throw new Error(`start-height ${start} not a valid uint, please input a valid start-height`);
      const endingHeight = goParseUint64(end);
      if (typeof endingHeight === 'string') throw new Error(`end-height ${end} not a valid uint, please input a valid end-height`);
      return run(self, 'ValidatorSlashes', { validator_address: validator, starting_height: startingHeight, ending_height: endingHeight, pagination: readPageRequest(self) });
    }),
  );
  cmd.addCommand(
    addQueryFlags(
      new Command('rewards')
        .description('Query all distribution delegator rewards or rewards from a particular validator')
        .argument('<delegator-addr>', 'st1… address of the delegator')
        .argument('[validator-addr]', 'stvaloper1… address of one validator'),
    ).action((d: string, v: string | undefined, _o: unknown, self: Command) => {
      const delegator = accAddressArg(d);
      if (v !== undefined) return run(self, 'DelegationRewards', { delegator_address: delegator, validator_address: valAddressArg(v) });
      return run(self, 'DelegationTotalRewards', { delegator_address: delegator });
    }),
  );
  // the two queries of the service the SDK v0.47 CLI leaves to gRPC and REST (v0.50's autocli names)
  cmd.addCommand(
    addQueryFlags(new Command('delegator-validators').description('Query the validators of a delegator').argument('<delegator-addr>', 'st1… address of the delegator')).action(
      (d: string, _o: unknown, self: Command) => run(self, 'DelegatorValidators', { delegator_address: accAddressArg(d) }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(new Command('delegator-withdraw-address').description('Query the withdraw address of a delegator').argument('<delegator-addr>', 'st1… address of the delegator')).action(
      (d: string, _o: unknown, self: Command) => run(self, 'DelegatorWithdrawAddress', { delegator_address: accAddressArg(d) }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(new Command('community-pool').description('Query the amount of coins in the community pool')).action((_o: unknown, self: Command) => run(self, 'CommunityPool', {})),
  );
  return cmd;
}
