/**
 * `chaind query account <address>` (SDK v0.47 x/auth `GetAccountCmd`): the account `Any` as
 * proto-JSON, YAML by default (spec part 2 "Account"): an EthAccount for every account the chain
 * created, a BaseAccount for a genesis account written as one, a ModuleAccount for a module
 * (docs/quirks.md, A1). An unknown account is the node's NotFound status:
 * `rpc error: code = NotFound desc = rpc error: code = NotFound desc = account st1… not found: key not found`.
 */
import { Command } from 'commander';
import { protoJsonValue } from '../../codec/proto-json.ts';
import { accAddress, Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { queryAccountAny } from '../../client/account.ts';
import type { CliContext } from '../context.ts';
import { addQueryFlags, QueryContext } from './context.ts';
import { printSdkJson } from './sdk-output.ts';

/** An account address argument, refused before anything is sent in SDK `AccAddressFromBech32`'s Go words (as `GetAccountCmd` and `GetBalancesCmd` return them). */
export function accountAddressArg(text: string): string {
  return accAddress(sdkAddressFromBech32(text, Hrp.account));
}

export function accountQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('account').description('Query for account by address').argument('<address>', 'st1… account address');
  addQueryFlags(cmd).action(async (address: string, _opts: unknown, self: Command) => {
    const qc = new QueryContext(ctx, self);
    const any = await queryAccountAny(qc.client, accountAddressArg(address), qc.height, qc.codec);
    printSdkJson(ctx.out, protoJsonValue('google.protobuf.Any', any, { codec: qc.codec }), qc.output);
  });
  return cmd;
}
