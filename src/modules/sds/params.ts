/** Sds params (reference/chain-semantics.md §2.2): `{bond_denom}`, default `wei`. */
import { isValidDenom } from '../../math/coin.ts';
import { SdsErrors } from './errors.ts';

export interface SdsParams {
  readonly bond_denom: string;
}

export const DEFAULT_SDS_PARAMS: SdsParams = Object.freeze({ bond_denom: 'wei' });

/** `Params.Validate`: a blank or malformed denom fails with ErrInvalidDenom (9). */
export function validateSdsParams(p: SdsParams): void {
  if (p.bond_denom.trim() === '') throw SdsErrors.InvalidDenom.wrap('bond denom cannot be blank');
  if (!isValidDenom(p.bond_denom)) throw SdsErrors.InvalidDenom.wrap(`invalid denom: ${p.bond_denom}`);
}
