/**
 * Query service `sdk.mint.v1beta1.Query` (reference/sdk-modules.md §5): Params, Inflation,
 * AnnualProvisions. The last two are `bytes` fields holding a Dec ((scalar) = "dec"): the response
 * carries the decimal text; the codec writes the scaled integer's ASCII on the wire and the REST
 * gateway prints the decimal string.
 */
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { QuerySpec } from '../../state/module.ts';
import { mintParamsToProto } from './params.ts';

const S = 'sdk.mint.v1beta1';

const spec = <Res>(name: string, run: (state: AppState) => Res): QuerySpec<unknown, Res> => ({
  method: `${S}.Query/${name}`,
  requestType: `${S}.Query${name}Request`,
  responseType: `${S}.Query${name}Response`,
  run: (state) => run(state),
});

export const mintQueries: readonly QuerySpec[] = [
  spec('Params', (state) => ({ params: mintParamsToProto(state.mint.params) })),
  spec('Inflation', (state) => ({ inflation: Dec.fromRaw(state.mint.minter.inflation).toString() })),
  spec('AnnualProvisions', (state) => ({ annual_provisions: Dec.fromRaw(state.mint.minter.annual_provisions).toString() })),
];
