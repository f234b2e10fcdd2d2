/**
 * The common path of the `query pot …` commands: one query of `chain.pot.v1.Query` through
 * abci_query, printed as the SDK's `PrintProto` does (reference/chain-semantics.md §4).
 */
import type { Command } from 'commander';
import { protoJsonValue } from '../../../codec/proto-json.ts';
import type { ProtoObject } from '../../../codec/registry.ts';
import { queryGrpc } from '../../../client/query-grpc.ts';
import { parseGoDecimalInt64 } from '../../../codec/go-parse.ts';
import type { CliContext } from '../../context.ts';
import { QueryContext } from '../context.ts';
import { printSdkJson } from '../sdk-output.ts';

export const POT = 'chain.pot.v1';

export interface PotQuery {
  readonly method: string;
  readonly request: ProtoObject;
  /** the printed part of the response: the whole response by default */
  readonly pick?: { readonly typeName: string; readonly of: (response: ProtoObject) => unknown };
}

export async function runPotQuery(ctx: CliContext, self: Command, q: PotQuery): Promise<void> {
  const qc = new QueryContext(ctx, self);
  const response = await queryGrpc(qc.client, `${POT}.Query/${q.method}`, `${POT}.Query${q.method}Request`, `${POT}.Query${q.method}Response`, q.request, qc.height, qc.codec);
  const printed = q.pick ? protoJsonValue(q.pick.typeName, q.pick.of(response), { codec: qc.codec }) : protoJsonValue(`${POT}.Query${q.method}Response`, response, { codec: qc.codec });
  printSdkJson(ctx.out, printed, qc.output);
}

/**
 * An `--epoch` flag: stratos' `checkFlagEpoch` (`strconv.ParseInt(s, 10, 64)`, its error after
 * `invalid epoch: `). A negative epoch goes to the node, which refuses it (InvalidArgument).
 */
export function epochArg(text: string): bigint {
  try {
    return parseGoDecimalInt64(text);
  } catch (e) {
    throw new Error(`invalid epoch: ${(e as Error).message}`);
  }
}
