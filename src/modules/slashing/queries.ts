/**
 * Query service `sdk.slashing.v1beta1.Query` (reference/sdk-modules.md §6.5): Params, SigningInfo,
 * SigningInfos (by consensus address bytes; next_key `len‖consAddr`).
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { QueryError } from '../../errors.ts';
import type { AppState } from '../../state/app-state.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import type { QuerySpec } from '../../state/module.ts';
import { PageRefusal, paginate, type PageRequest } from '../../state/pagination.ts';
import { slashingParamsToProto } from './params.ts';
import type { SigningInfoRecord } from './state.ts';

const S = 'sdk.slashing.v1beta1';

const spec = <Req, Res>(name: string, run: (state: AppState, req: Req) => Res): QuerySpec<Req, Res> => ({
  method: `${S}.Query/${name}`,
  requestType: `${S}.Query${name}Request`,
  responseType: `${S}.Query${name}Response`,
  run: (state, req) => run(state, req),
});

/** The proto object of a signing info (int64 as bigint, jailed_until as a Timestamp). */
export function signingInfoToProto(i: SigningInfoRecord): Record<string, unknown> {
  return {
    address: i.address,
    start_height: i.start_height,
    index_offset: i.index_offset,
    jailed_until: timeNsToTimestamp(i.jailed_until),
    tombstoned: i.tombstoned,
    missed_blocks_counter: i.missed_blocks_counter,
  };
}

/** A plain Go error of a gRPC handler reaches the client as status Unknown with its text. */

export const slashingQueries: readonly QuerySpec[] = [
  spec('Params', (state) => ({ params: slashingParamsToProto(state.slashing.params) })),
  spec('SigningInfo', (state, req: { cons_address?: string }) => {
    const text = req?.cons_address ?? '';
    if (text === '') throw QueryError.invalidArgument('invalid request');
    let bytes: Uint8Array;
    try {
      bytes = sdkAddressFromBech32(text, Hrp.consensus);
    } catch (e) {
      throw QueryError.plainError((e as Error).message);
    }
    const info = state.slashing.signing_infos[Buffer.from(bytes).toString('hex').toUpperCase()];
    if (!info) throw QueryError.notFound(`SigningInfo not found for validator ${text}`);
    return { val_signing_info: signingInfoToProto(info) };
  }),
  spec('SigningInfos', (state, req: { pagination?: PageRequest | null }) => {
    const items = Object.entries(state.slashing.signing_infos).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const keyOf = ([hex]: [string, SigningInfoRecord]) => {
      const b = hexToBytes(hex.toLowerCase());
      return Uint8Array.of(b.length, ...b);
    };
    const result = paginate(items, keyOf, req?.pagination, PageRefusal.plain);
    return { info: result.page.map(([, i]) => signingInfoToProto(i)), pagination: result.pagination };
  }),
];
