/**
 * `chaind query auth …` (SDK v0.47 x/auth/client/cli/query.go `GetQueryCmd`): `account` (the
 * command of `query account`), `address-by-acc-num` (alias `address-by-id`), `accounts` (with the
 * pagination flags of "all-accounts"), `params`, `module-accounts` and `module-account`. Each prints
 * what the SDK's `PrintProto` prints: `params` the Params object, the others the whole response
 * (`account` the account `Any`), as proto-JSON with `-o json` and as its sorted YAML by default.
 */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { accountQueryCommand } from './account.ts';
import { readPageRequest } from './context.ts';
import { queryCommand as query, runSdkQuery } from './staking/run.ts';
import { goParseUint64 } from '../tx/staking/args.ts';

export const AUTH = 'sdk.auth.v1beta1';

export function authQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('auth').description('Querying commands for the auth module');
  // the SDK's order (GetQueryCmd's AddCommand)
  cmd.addCommand(accountQueryCommand(ctx));
  cmd.addCommand(
    query('address-by-acc-num', 'Query for an address by account number', [['acc-num', 'the account number (uint64)']], ([accNum], self) => {
      // strconv.ParseUint(args[0], 10, 64): its error is the command's
      const id = goParseUint64(accNum!);
      if (typeof id === 'string') throw new Error(id);
      // v0.47 sends the number as `account_id`; the deprecated `id` stays 0
      return runSdkQuery(ctx, self, { pkg: AUTH, method: 'AccountAddressByID', request: { id: 0n, account_id: id } });
    })
      .alias('address-by-id')
      .addHelpText('after', '\nExample:\n$ chaind q auth address-by-acc-num 1'),
  );
  cmd.addCommand(query('accounts', 'Query all the accounts', [], (_a, self) => runSdkQuery(ctx, self, { pkg: AUTH, method: 'Accounts', request: { pagination: readPageRequest(self) } }), 'all-accounts'));
  cmd.addCommand(
    query('params', 'Query the current auth parameters', [], (_a, self) =>
      runSdkQuery(ctx, self, { pkg: AUTH, method: 'Params', request: {}, pick: { typeName: `${AUTH}.Params`, of: (r) => r.params } }),
    )
      .summary('Query the current auth parameters')
      .description('Query the current auth parameters:\n\n$ chaind query auth params'),
  );
  cmd.addCommand(query('module-accounts', 'Query all module accounts', [], (_a, self) => runSdkQuery(ctx, self, { pkg: AUTH, method: 'ModuleAccounts', request: {} })));
  cmd.addCommand(
    query('module-account', 'Query module account info by module name', [['module-name', 'name of the module, e.g. fee_collector']], ([name], self) => {
      if (name === '') throw new Error('module name should not be empty');
      return runSdkQuery(ctx, self, { pkg: AUTH, method: 'ModuleAccountByName', request: { name } });
    }).addHelpText('after', '\nExample:\n$ chaind q auth module-account auth'),
  );
  return cmd;
}
