/**
 * `chaind query evidence [hash]` (SDK v0.47 x/evidence client/cli `GetQueryCmd`): one piece of
 * evidence by its hash, printed as its Any (`PrintProto(res.Evidence)`), or without a hash all of
 * it, paginated, the whole response printed.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addPaginationFlags, addQueryFlags, readPageRequest } from '../context.ts';
import { runSdkQuery } from '../staking/run.ts';

const EVIDENCE = 'sdk.evidence.v1beta1';

export function evidenceQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('evidence')
    .description('Query for evidence by hash or for all (paginated) submitted evidence')
    .argument('[evidence-hash]', 'the hash of the evidence (hex), as the evidence queries list it');
  addPaginationFlags(addQueryFlags(cmd), 'evidence');
  return cmd.action((hash: string | undefined, _o: unknown, self: Command) =>
    hash !== undefined
      ? runSdkQuery(ctx, self, { pkg: EVIDENCE, method: 'Evidence', request: { hash }, pick: { typeName: 'google.protobuf.Any', of: (r) => r.evidence } })
      : runSdkQuery(ctx, self, { pkg: EVIDENCE, method: 'AllEvidence', request: { pagination: readPageRequest(self) } }),
  );
}
