/**
 * `chaind query staking …` (SDK v0.47 x/staking client/cli `query.go`; reference/sdk-modules.md
 * §2.6): the 14 queries, and `delegator-validators` / `delegator-validator` for the two methods
 * of the Query service that the SDK v0.47 CLI leaves to gRPC and REST. Arguments are checked before anything is sent (bad bech32:
 * `decoding bech32 failed: …`); list commands take the pagination flags (§1.5). `validator`,
 * `delegation`, `unbonding-delegation`, `historical-info`, `pool` and `params` print the object
 * itself, the others the whole response.
 */
import { Command } from 'commander';
import type { ProtoObject } from '../../../codec/registry.ts';
import type { CliContext } from '../../context.ts';
import { accAddressArg, goParseInt64, valAddressArg } from '../../tx/staking/args.ts';
import { readPageRequest } from '../context.ts';
import { queryCommand as query, runSdkQuery, STAKING } from './run.ts';

const VALIDATOR: [string, string] = ['validator-addr', 'stvaloper1… address of the validator'];
const DELEGATOR: [string, string] = ['delegator-addr', 'st1… address of the delegator'];
const pick = (typeName: string, field: string) => ({ typeName: `${STAKING}.${typeName}`, of: (r: ProtoObject) => r[field] });

export function stakingQueryCommand(ctx: CliContext): Command {
  const run = (self: Command, method: string, request: ProtoObject, picked?: ReturnType<typeof pick>) => runSdkQuery(ctx, self, { pkg: STAKING, method, request, pick: picked });
  const cmd = new Command('staking').description('Querying commands for the staking module');
  cmd.addCommand(query('validator', 'Query a validator', [VALIDATOR], ([v], self) => run(self, 'Validator', { validator_addr: valAddressArg(v) }, pick('Validator', 'validator'))));
  cmd.addCommand(query('validators', 'Query for all validators', [], (_a, self) => run(self, 'Validators', { status: '', pagination: readPageRequest(self) }), 'validators'));
  cmd.addCommand(
    query(
      'unbonding-delegations-from',
      'Query all unbonding delegatations from a validator',
      [VALIDATOR],
      ([v], self) => {
        const validator = valAddressArg(v);
        return run(self, 'ValidatorUnbondingDelegations', { validator_addr: validator, pagination: readPageRequest(self) });
      },
      'unbonding delegations',
    ),
  );
  cmd.addCommand(
    query(
      'redelegations-from',
      'Query all outgoing redelegatations from a validator',
      [VALIDATOR],
      ([v], self) => {
        const validator = valAddressArg(v);
        return run(self, 'Redelegations', { delegator_addr: '', src_validator_addr: validator, dst_validator_addr: '', pagination: readPageRequest(self) });
      },
      'validator redelegations',
    ),
  );
  cmd.addCommand(
    query('delegation', 'Query a delegation based on address and validator address', [DELEGATOR, VALIDATOR], ([d, v], self) => {
      const delegator = accAddressArg(d);
      const validator = valAddressArg(v);
      return run(self, 'Delegation', { delegator_addr: delegator, validator_addr: validator }, pick('DelegationResponse', 'delegation_response'));
    }),
  );
  cmd.addCommand(
    query(
      'delegations',
      'Query all delegations made by one delegator',
      [DELEGATOR],
      ([d], self) => {
        const delegator = accAddressArg(d);
        return run(self, 'DelegatorDelegations', { delegator_addr: delegator, pagination: readPageRequest(self) });
      },
      'delegations',
    ),
  );
  cmd.addCommand(
    query(
      'delegations-to',
      'Query all delegations made to one validator',
      [VALIDATOR],
      ([v], self) => {
        const validator = valAddressArg(v);
        return run(self, 'ValidatorDelegations', { validator_addr: validator, pagination: readPageRequest(self) });
      },
      'validator delegations',
    ),
  );
  cmd.addCommand(
    query('unbonding-delegation', 'Query an unbonding-delegation record based on delegator and validator address', [DELEGATOR, VALIDATOR], ([d, v], self) => {
      // the SDK reads the validator first
      const validator = valAddressArg(v);
      const delegator = accAddressArg(d);
      return run(self, 'UnbondingDelegation', { delegator_addr: delegator, validator_addr: validator }, pick('UnbondingDelegation', 'unbond'));
    }),
  );
  cmd.addCommand(
    query(
      'unbonding-delegations',
      'Query all unbonding-delegations records for one delegator',
      [DELEGATOR],
      ([d], self) => {
        const delegator = accAddressArg(d);
        return run(self, 'DelegatorUnbondingDelegations', { delegator_addr: delegator, pagination: readPageRequest(self) });
      },
      'unbonding delegations',
    ),
  );
  cmd.addCommand(
    query(
      'redelegation',
      'Query a redelegation record based on delegator and a source and destination validator address',
      [DELEGATOR, ['src-validator-addr', 'stvaloper1… address of the source validator'], ['dst-validator-addr', 'stvaloper1… address of the destination validator']],
      ([d, s, t], self) => {
        const delegator = accAddressArg(d);
        const src = valAddressArg(s);
        const dst = valAddressArg(t);
        return run(self, 'Redelegations', { delegator_addr: delegator, src_validator_addr: src, dst_validator_addr: dst });
      },
    ),
  );
  cmd.addCommand(
    query(
      'redelegations',
      'Query all redelegations records for one delegator',
      [DELEGATOR],
      ([d], self) => {
        const delegator = accAddressArg(d);
        return run(self, 'Redelegations', { delegator_addr: delegator, src_validator_addr: '', dst_validator_addr: '', pagination: readPageRequest(self) });
      },
      'delegator redelegations',
    ),
  );
  cmd.addCommand(
    query('historical-info', 'Query historical info at given height', [['height', 'a block height']], ([h], self) => {
      const height = goParseInt64(h);
      if (typeof height === 'string' || height < 0n) throw new Error(`height argument provided must be a non-negative-integer: ${typeof height === 'string' ? height : '<nil>'}`);
      return run(self, 'HistoricalInfo', { height }, pick('HistoricalInfo', 'hist'));
    }),
  );
  // the two queries of the service the SDK v0.47 CLI leaves to gRPC and REST (v0.50's autocli names)
  cmd.addCommand(
    query(
      'delegator-validators',
      'Query all validators info for given delegator address',
      [DELEGATOR],
      ([d], self) => {
        const delegator = accAddressArg(d);
        return run(self, 'DelegatorValidators', { delegator_addr: delegator, pagination: readPageRequest(self) });
      },
      'delegator validators',
    ),
  );
  cmd.addCommand(
    query('delegator-validator', 'Query validator info for given delegator validator pair', [DELEGATOR, VALIDATOR], ([d, v], self) => {
      const delegator = accAddressArg(d);
      const validator = valAddressArg(v);
      return run(self, 'DelegatorValidator', { delegator_addr: delegator, validator_addr: validator }, pick('Validator', 'validator'));
    }),
  );
  cmd.addCommand(query('pool', 'Query the current staking pool values', [], (_a, self) => run(self, 'Pool', {}, pick('Pool', 'pool'))));
  cmd.addCommand(query('params', 'Query the current staking parameters information', [], (_a, self) => run(self, 'Params', {}, pick('Params', 'params'))));
  return cmd;
}
