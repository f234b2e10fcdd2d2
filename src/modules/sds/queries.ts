/**
 * Query service `chain.sds.v1.Query` (reference/chain-semantics.md §2.6). Responses are the decoded
 * proto objects: Int as decimal strings, Dec as 18-decimal text, bytes as Uint8Array.
 */
import { GrpcCode, QueryError } from '../../errors.ts';
import { parseCoinNormalized } from '../../math/coin-parse.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { QuerySpec } from '../../state/module.ts';
import { depositNozRate, effectiveTotalDeposit, remainingOzoneLimit } from '../register/index.ts';
import { SdsErrors } from './errors.ts';
import { fileHashProblem } from './file-hash.ts';
import { simulatePurchase, unissuedPrepay } from './prepay.ts';
import { getFileInfo, type FileInfoRecord } from './state.ts';

const S = 'chain.sds.v1';

/** The proto `FileInfo` of a record. */
export function fileInfoProto(f: FileInfoRecord) {
  return { height: f.height.toString(), reporters: Uint8Array.from(Buffer.from(f.reporters, 'hex')), uploader: f.uploader };
}

/** SimPrepay: the noz a coin string would buy now; a denom other than the bond denom buys nothing. */
export function simPrepay(state: AppState, amount: string): bigint {
  if (amount === '') throw QueryError.invalidArgument('Amount cannot be empty');
  let coin;
  try {
    coin = parseCoinNormalized(amount);
  } catch {
    throw QueryError.invalidArgument('Amount invalid');
  }
  const x = coin.denom === state.sds.params.bond_denom ? coin.amount : 0n;
  return simulatePurchase(state, x);
}

/** NozPrice: (St + Pt) / Lt as a Dec; [EDGE] Lt = 0 is the chain's panic (a plain Error here). */
export function nozPrice(state: AppState): Dec {
  return Dec.fromInt(effectiveTotalDeposit(state) + unissuedPrepay(state)).quo(Dec.fromInt(remainingOzoneLimit(state)));
}

/** NozSupply: remaining = Lt, total = trunc(St / rate). */
export function nozSupply(state: AppState): { remaining: bigint; total: bigint } {
  return { remaining: remainingOzoneLimit(state), total: Dec.fromInt(effectiveTotalDeposit(state)).quo(depositNozRate(state)).truncateInt() };
}

export const sdsQueries: QuerySpec[] = [
  {
    method: `${S}.Query/Fileupload`,
    requestType: `${S}.QueryFileUploadRequest`,
    responseType: `${S}.QueryFileUploadResponse`,
    run(state, req: { file_hash: string }) {
      if (req.file_hash === '') throw QueryError.invalidArgument('file hash cannot be empty');
      const why = fileHashProblem(req.file_hash);
      if (why !== undefined) throw new QueryError(GrpcCode.Unknown, `invalid file hash ${req.file_hash}: ${why}`);
      const f = getFileInfo(state, req.file_hash);
      if (!f) throw new QueryError(GrpcCode.Unknown, SdsErrors.NoFileFound.wrap(req.file_hash).message);
      return { file_info: fileInfoProto(f) };
    },
  },
  {
    method: `${S}.Query/SimPrepay`,
    requestType: `${S}.QuerySimPrepayRequest`,
    responseType: `${S}.QuerySimPrepayResponse`,
    run: (state, req: { amount: string }) => ({ noz: simPrepay(state, req.amount).toString() }),
  },
  {
    method: `${S}.Query/NozPrice`,
    requestType: `${S}.QueryNozPriceRequest`,
    responseType: `${S}.QueryNozPriceResponse`,
    run: (state) => ({ price: nozPrice(state).toString() }),
  },
  {
    method: `${S}.Query/NozSupply`,
    requestType: `${S}.QueryNozSupplyRequest`,
    responseType: `${S}.QueryNozSupplyResponse`,
    run(state) {
      const s = nozSupply(state);
      return { remaining: s.remaining.toString(), total: s.total.toString() };
    },
  },
  {
    method: `${S}.Query/Params`,
    requestType: `${S}.QueryParamsRequest`,
    responseType: `${S}.QueryParamsResponse`,
    run: (state) => ({ params: { bond_denom: state.sds.params.bond_denom } }),
  },
];
