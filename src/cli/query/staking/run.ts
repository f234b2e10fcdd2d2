/**
 * The common path of the `query staking|distribution|mint|slashing …` commands: one query of the
 * module's gRPC Query service through abci_query (the proto types of proto/sdk/<module>/v1beta1/
 * query.proto), printed as the SDK's `PrintProto` does: proto-JSON, or its YAML with the default
 * `-o text` (reference/sdk-modules.md §1.5). Some commands print a part of the response (`pick`).
 */
import { Command } from 'commander';
import { responseJsonValue } from '../../../codec/go-encoding-json.ts';
import type { ProtoObject } from '../../../codec/registry.ts';
import { queryGrpc } from '../../../client/query-grpc.ts';
import type { CliContext } from '../../context.ts';
import { addPaginationFlags, addQueryFlags, QueryContext } from '../context.ts';
import { printSdkJson } from '../sdk-output.ts';

export const STAKING = 'sdk.staking.v1beta1';
export const DISTRIBUTION = 'sdk.distribution.v1beta1';
export const MINT = 'sdk.mint.v1beta1';
export const SLASHING = 'sdk.slashing.v1beta1';

export interface SdkQuery {
  /** proto package of the module, e.g. `sdk.staking.v1beta1` */
  readonly pkg: string;
  /** method of its `Query` service */
  readonly method: string;
  readonly request: ProtoObject;
  /** the printed part of the response: the whole response by default */
  readonly pick?: { readonly typeName: string; readonly of: (response: ProtoObject) => unknown };
}

/** Sends the query and returns the decoded response. */
export async function sdkQuery(qc: QueryContext, q: Omit<SdkQuery, 'pick'>): Promise<ProtoObject> {
  return queryGrpc(qc.client, `${q.pkg}.Query/${q.method}`, `${q.pkg}.Query${q.method}Request`, `${q.pkg}.Query${q.method}Response`, q.request, qc.height, qc.codec);
}

export async function runSdkQuery(ctx: CliContext, self: Command, q: SdkQuery): Promise<void> {
  const qc = new QueryContext(ctx, self);
  const response = await sdkQuery(qc, q);
  // as the REST gateway: proto-JSON, with the SDK's encoding/json exceptions (redelegations)
  const printed = q.pick ? responseJsonValue(qc.codec, q.pick.typeName, q.pick.of(response)) : responseJsonValue(qc.codec, `${q.pkg}.Query${q.method}Response`, response);
  printSdkJson(ctx.out, printed, qc.output);
}

export type QueryAction = (args: string[], self: Command) => Promise<void>;

/** A query command: its positional arguments, the query flags, and with `paginated` the pagination flags for that noun. */
export function queryCommand(name: string, description: string, args: readonly [string, string][], action: QueryAction, paginated?: string): Command {
  const cmd = new Command(name).description(description);
  for (const [arg, about] of args) cmd.argument(`<${arg}>`, about);
  addQueryFlags(cmd);
  if (paginated !== undefined) addPaginationFlags(cmd, paginated);
  return cmd.action((...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    return action(self.args, self);
  });
}
