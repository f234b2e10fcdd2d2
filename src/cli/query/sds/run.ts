/**
 * The common path of the `query sds …` commands: one gRPC-style query of `chain.sds.v1.Query`
 * through abci_query, printed as the SDK's `PrintProto` does (proto-JSON, or its YAML with the
 * default `-o text`; reference/chain-semantics.md §4).
 */
import type { Command } from 'commander';
import { protoJsonValue } from '../../../codec/proto-json.ts';
import type { ProtoObject } from '../../../codec/registry.ts';
import { queryGrpc } from '../../../client/query-grpc.ts';
import type { CliContext } from '../../context.ts';
import { QueryContext } from '../context.ts';
import { printSdkJson } from '../sdk-output.ts';

export const SDS = 'chain.sds.v1';

export interface SdsQuery {
  /** method of `chain.sds.v1.Query` */
  readonly method: string;
  /** request/response message stem, e.g. `FileUpload` for `QueryFileUploadRequest` (default: the method) */
  readonly stem?: string;
  readonly request: ProtoObject;
  /** the printed part of the response: the whole response by default */
  readonly pick?: { readonly typeName: string; readonly of: (response: ProtoObject) => unknown };
}

export async function runSdsQuery(ctx: CliContext, self: Command, q: SdsQuery): Promise<void> {
  const qc = new QueryContext(ctx, self);
  const stem = q.stem ?? q.method;
  const response = await queryGrpc(qc.client, `${SDS}.Query/${q.method}`, `${SDS}.Query${stem}Request`, `${SDS}.Query${stem}Response`, q.request, qc.height, qc.codec);
  const printed = q.pick ? protoJsonValue(q.pick.typeName, q.pick.of(response), { codec: qc.codec }) : protoJsonValue(`${SDS}.Query${stem}Response`, response, { codec: qc.codec });
  printSdkJson(ctx.out, printed, qc.output);
}
