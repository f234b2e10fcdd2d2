/**
 * The common path of the `query register …` commands: one gRPC-style query of
 * `chain.register.v1.Query` through abci_query, printed as the SDK's `PrintProto` does (proto-JSON,
 * or its YAML with the default `-o text`; reference/chain-semantics.md §4).
 */
import type { Command } from 'commander';
import { protoJsonValue } from '../../../codec/proto-json.ts';
import type { ProtoObject } from '../../../codec/registry.ts';
import { queryGrpc } from '../../../client/query-grpc.ts';
import { RegisterErrors } from '../../../modules/register/errors.ts';
import type { CliContext } from '../../context.ts';
import { QueryContext } from '../context.ts';
import { printSdkJson } from '../sdk-output.ts';

export const REGISTER = 'chain.register.v1';

/** `--network-address` of get-resource-node / get-meta-node: stratos refuses an empty one itself, before any query. */
export function networkAddressQueryFlag(text: string): string {
  if (text.length === 0) throw RegisterErrors.InvalidNetworkAddr.wrap('Missing network address');
  return text;
}

export interface RegisterQuery {
  /** method of `chain.register.v1.Query` */
  readonly method: string;
  readonly request: ProtoObject;
  /** the printed part of the response: the whole response by default */
  readonly pick?: { readonly typeName: string; readonly of: (response: ProtoObject) => unknown };
}

export async function runRegisterQuery(ctx: CliContext, self: Command, q: RegisterQuery): Promise<void> {
  const qc = new QueryContext(ctx, self);
  const response = await queryGrpc(qc.client, `${REGISTER}.Query/${q.method}`, `${REGISTER}.Query${q.method}Request`, `${REGISTER}.Query${q.method}Response`, q.request, qc.height, qc.codec);
  const printed = q.pick ? protoJsonValue(q.pick.typeName, q.pick.of(response), { codec: qc.codec }) : protoJsonValue(`${REGISTER}.Query${q.method}Response`, response, { codec: qc.codec });
  printSdkJson(ctx.out, printed, qc.output);
}
