/**
 * `chaind query bank …` (SDK v0.47 x/bank/client/cli/query.go): `balances <address>` and `total`
 * (all balances / the total supply with pagination, or one denom with `--denom`, then only the
 * coin is printed); `denom-metadata` (all metadata — an empty request, no pagination flags — or
 * one denom's with `--denom`, the whole response either way); `send-enabled [denom…]` (the
 * entries set for those denoms, or all of them paginated; the only bank command whose
 * `--page-key` is base64, decoded before anything else as `client.MustFlagSetWithPageKeyDecoded`
 * does: bad base64 is the Go panic, exit code 2).
 */
import { Command, CommanderError } from 'commander';
import { goBase64Decode } from '../../api/rpc/go-bytes-text.ts';
import { protoJsonValue } from '../../codec/proto-json.ts';
import { queryGrpc } from '../../client/query-grpc.ts';
import type { CliContext } from '../context.ts';
import { accountAddressArg } from './account.ts';
import { addPaginationFlags, addQueryFlags, QueryContext, readPageRequest, type PageRequest } from './context.ts';
import { printSdkJson } from './sdk-output.ts';
import { runSdkQuery } from './staking/run.ts';

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

function denomMetadataCommand(ctx: CliContext): Command {
  // cobra's Short is the line in the group's help, its Long heads the command's own help
  const cmd = new Command('denom-metadata')
    .summary('Query the client metadata for coin denominations')
    .description(
      'Query the client metadata for all the registered coin denominations\n\nExample:\n  To query for the client metadata of all coin denominations use:\n  $ chaind query bank denom-metadata\n\nTo query for the client metadata of a specific coin denomination use:\n  $ chaind query bank denom-metadata --denom=[denom]',
    )
    .option('--denom <denom>', 'The specific denomination to query client metadata for', '');
  addQueryFlags(cmd).action((opts: { denom: string }, self: Command) =>
    opts.denom === ''
      ? runSdkQuery(ctx, self, { pkg: S, method: 'DenomsMetadata', request: {} })
      : runSdkQuery(ctx, self, { pkg: S, method: 'DenomMetadata', request: { denom: opts.denom } }),
  );
  return cmd;
}

/** `client.ReadPageRequest(client.MustFlagSetWithPageKeyDecoded(flags))`: `--page-key` as base64 (std alphabet, padded). */
function readPageRequestKeyDecoded(ctx: CliContext, cmd: Command): PageRequest {
  const encoded = cmd.opts<{ pageKey: string }>().pageKey;
  let key: Uint8Array | undefined;
  if (encoded !== '') {
    try {
      key = goBase64Decode(new TextEncoder().encode(encoded));
    } catch (err) {
      // panic(err.Error()): Go prints the value and the goroutine's stack, and exits with 2
      const message = (err as Error).message;
      ctx.out.stderr(`panic: ${message}\n`);
      throw new CommanderError(2, 'chaind.panic', message);
    }
  }
  const page = readPageRequest(cmd);
  return key === undefined ? page : { ...page, key };
}

function sendEnabledCommand(ctx: CliContext): Command {
  const cmd = new Command('send-enabled')
    .summary('Query for send enabled entries')
    .description(
      'Query for send enabled entries that have been specifically set.\n\nTo look up one or more specific denoms, supply them as arguments to this command.\nTo look up all denoms, do not provide any arguments.',
    )
    .argument('[denom1 ...]', 'denominations to look up (all entries without any)')
    .addHelpText(
      'after',
      '\nExamples:\n  Getting one specific entry:\n    $ chaind query bank send-enabled foocoin\n\n  Getting two specific entries:\n    $ chaind query bank send-enabled foocoin barcoin\n\n  Getting all entries:\n    $ chaind query bank send-enabled',
    );
  addPaginationFlags(addQueryFlags(cmd), 'send enabled entries').action((denoms: string[], _opts: unknown, self: Command) => {
    const pagination = readPageRequestKeyDecoded(ctx, self);
    return runSdkQuery(ctx, self, { pkg: S, method: 'SendEnabled', request: { denoms, pagination } });
  });
  return cmd;
}

export function bankQueryCommand(ctx: CliContext): Command {
  // the SDK's order (GetQueryCmd's AddCommand, without spendable-balances)
  return new Command('bank')
    .description('Querying commands for the bank module')
    .addCommand(balancesCommand(ctx))
    .addCommand(totalCommand(ctx))
    .addCommand(denomMetadataCommand(ctx))
    .addCommand(sendEnabledCommand(ctx));
}
