/**
 * Query service `sdk.evidence.v1beta1.Query` (x/evidence v0.47 `Keeper.Evidence`/`AllEvidence`):
 * one piece of evidence by its hash (hex, either case), or all of it in hash order (the store's
 * keys: the hash bytes), each packed in an Any as its `Equivocation`.
 */
import { decodeGoHex } from '../../codec/go-hex.ts';
import { QueryError } from '../../errors.ts';
import type { AppState } from '../../state/app-state.ts';
import type { QuerySpec } from '../../state/module.ts';
import { PageRefusal, paginate, type PageRequest } from '../../state/pagination.ts';
import type { Codec } from '../../codec/registry.ts';
import { equivocationProto } from './equivocation.ts';
import type { EquivocationRecord } from './state.ts';

const E = 'sdk.evidence.v1beta1';

const spec = <Req, Res>(name: string, run: (state: AppState, req: Req, codec: Codec) => Res): QuerySpec<Req, Res> => ({
  method: `${E}.Query/${name}`,
  requestType: `${E}.Query${name}Request`,
  responseType: `${E}.Query${name}Response`,
  run: (state, req, ctx) => run(state, req, ctx.codec),
});

/** An Equivocation as the Any the SDK packs it in (`codectypes.NewAnyWithValue`). */
function packed(codec: Codec, e: EquivocationRecord) {
  return codec.packAny(`${E}.Equivocation`, equivocationProto(e));
}

export const evidenceQueries: readonly QuerySpec[] = [
  spec('Evidence', (state, req: { hash?: string }, codec) => {
    const hash = req?.hash ?? '';
    if (hash === '') throw QueryError.invalidArgument('invalid request; hash is empty');
    let bytes: Uint8Array;
    try {
      bytes = decodeGoHex(hash);
    } catch (e) {
      throw QueryError.plainError(`invalid evidence hash: ${(e as Error).message}`);
    }
    const e = state.evidence.evidence[Buffer.from(bytes).toString('hex').toUpperCase()];
    if (!e) throw QueryError.notFound(`evidence ${hash} not found`);
    return { evidence: packed(codec, e) };
  }),
  spec('AllEvidence', (state, req: { pagination?: PageRequest | null }, codec) => {
    const items = Object.entries(state.evidence.evidence).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const result = paginate(items, ([hash]) => decodeGoHex(hash), req?.pagination, PageRefusal.plain);
    return { evidence: result.page.map(([, e]) => packed(codec, e)), pagination: result.pagination };
  }),
];
