/**
 * `chaind query bank balances <address>` and `query bank total` (SDK v0.47 x/bank CLI): all
 * balances / the total supply with pagination, or one denom with `--denom` (then only the coin
 * is printed).
 */
import { Command } from 'commander';
import { protoJsonValue } from '../../codec/proto-json.ts';
import { queryGrpc } from '../../client/query-grpc.ts';
import type { CliContext } from '../context.ts';
import { accountAddressArg } from './account.ts';
import { addPaginationFlags, addQueryFlags, QueryContext, readPageRequest } from './context.ts';
import { printSdkJson } from './sdk-output.ts';

const S = 'sdk.bank.v1beta1';

function balancesCommand(ctx: CliContext): Command {
  const cmd = new Command('balances')
    .description('Query for account balances by address')
    .argument('<address>', 'st1… account address')
    .option('--denom <denom>', 'The specific balance denomination to query for', '');
  addPaginationFlags(addQueryFlags(cmd), 'all balances').action(async (addressArg: string, opts: { denom: string }, self: Command) => {
    const qc = new QueryContext(ctx, self);
    const address = accountAddressArg(addressArg);
    const pagination = readPageRequest(self);
    if (opts.denom === '') {
      const res = await queryGrpc(qc.client, `${S}.Query/AllBalances`, `${S}.QueryAllBalancesRequest`, `${S}.QueryAllBalancesResponse`, { address, pagination }, qc.height, qc.codec);
      printSdkJson(ctx.out, protoJsonValue(`${S}.QueryAllBalancesResponse`, res, { codec: qc.codec }), qc.output);
      return;
    }
    const res = await queryGrpc(qc.client, `${S}.Query/Balance`, `${S}.QueryBalanceRequest`, `${S}.QueryBalanceResponse`, { address, denom: opts.denom }, qc.height, qc.codec);
    printSdkJson(ctx.out, protoJsonValue('sdk.base.v1beta1.Coin', res.balance, { codec: qc.codec }), qc.output);
  });
  return cmd;
}

function totalCommand(ctx: CliContext): Command {
  const cmd = new Command('total')
    .description('Query the total supply of coins of the chain')
    .option('--denom <denom>', 'The specific balance denomination to query for', '');
  addPaginationFlags(addQueryFlags(cmd), 'all supply totals').action(async (opts: { denom: string }, self: Command) => {
    const qc = new QueryContext(ctx, self);
    const pagination = readPageRequest(self);
    if (opts.denom === '') {
      const res = await queryGrpc(qc.client, `${S}.Query/TotalSupply`, `${S}.QueryTotalSupplyRequest`, `${S}.QueryTotalSupplyResponse`, { pagination }, qc.height, qc.codec);
      printSdkJson(ctx.out, protoJsonValue(`${S}.QueryTotalSupplyResponse`, res, { codec: qc.codec }), qc.output);
      return;
    }
    const res = await queryGrpc(qc.client, `${S}.Query/SupplyOf`, `${S}.QuerySupplyOfRequest`, `${S}.QuerySupplyOfResponse`, { denom: opts.denom }, qc.height, qc.codec);
    printSdkJson(ctx.out, protoJsonValue('sdk.base.v1beta1.Coin', res.amount, { codec: qc.codec }), qc.output);
  });
  return cmd;
}

export function bankQueryCommand(ctx: CliContext): Command {
  return new Command('bank').description('Querying commands for the bank module').addCommand(balancesCommand(ctx)).addCommand(totalCommand(ctx));
}
