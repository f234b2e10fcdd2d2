/**
 * Stateless checks of the staking messages (SDK v0.47 `x/staking/types/msg.go`, `commission.go`,
 * `validator.go`): addresses, coins, descriptions and commission rates, with the SDK's codes and texts.
 */
import { ChainError, SdkErrors } from '../../errors.ts';
import { Hrp } from '../../crypto/address.ts';
import { isValidDenom } from '../../math/coin.ts';
import { Dec } from '../../math/dec.ts';
import { addressProblem } from '../register/validate.ts';
import { StakingErrors } from './errors.ts';
import type { ProtoCoinMsg, ProtoCommissionRates } from './msg-types.ts';
import type { ValidatorDescription } from './state.ts';

/** The CLI's "keep the old value" marker of MsgEditValidator's description fields. */
export const DO_NOT_MODIFY = '[do-not-modify]';

export const MAX_LENGTHS = { moniker: 70, identity: 3000, website: 140, security_contact: 140, details: 280 } as const;

/** `ErrInvalidAddress.Wrapf("invalid <what> address: %s", err)` unless `text` is a `hrp` address. */
export function requireAddress(text: string, hrp: string, what: 'delegator' | 'validator' | 'source validator' | 'destination validator'): void {
  const why = addressProblem(text, hrp);
  if (why !== undefined) throw SdkErrors.InvalidAddress.wrap(`invalid ${what} address: ${why}`);
}

export const requireDelegator = (text: string) => requireAddress(text, Hrp.account, 'delegator');
export const requireValidator = (text: string, what: 'validator' | 'source validator' | 'destination validator' = 'validator') =>
  requireAddress(text, Hrp.validator, what);

/** A coin's amount as a bigint; malformed or empty amounts read as -1 (never valid). */
export function coinAmount(c: ProtoCoinMsg | null | undefined): bigint {
  const a = c?.amount ?? '';
  return /^-?\d+$/.test(a) ? BigInt(a) : -1n;
}

/** `Coin.IsValid() && Amount.IsPositive()`. */
export function isPositiveCoin(c: ProtoCoinMsg | null | undefined): boolean {
  return c != null && isValidDenom(c.denom) && coinAmount(c) > 0n;
}

export function description(d: Partial<ValidatorDescription> | null | undefined): ValidatorDescription {
  return { moniker: d?.moniker ?? '', identity: d?.identity ?? '', website: d?.website ?? '', security_contact: d?.security_contact ?? '', details: d?.details ?? '' };
}

export function isEmptyDescription(d: ValidatorDescription): boolean {
  return d.moniker === '' && d.identity === '' && d.website === '' && d.security_contact === '' && d.details === '';
}

/** `Description.EnsureLength` (lengths in bytes). */
export function ensureLength(d: ValidatorDescription): ValidatorDescription {
  const checks: [keyof ValidatorDescription, string][] = [
    ['moniker', 'moniker'],
    ['identity', 'identity'],
    ['website', 'website'],
    ['security_contact', 'security contact'],
    ['details', 'details'],
  ];
  for (const [field, label] of checks) {
    const len = Buffer.byteLength(d[field], 'utf8');
    if (len > MAX_LENGTHS[field]) throw SdkErrors.InvalidRequest.wrap(`invalid ${label} length; got: ${len}, max: ${MAX_LENGTHS[field]}`);
  }
  return d;
}

/** A Dec field's raw value (decoded 18-place text; anything else is an invalid request). */
export function decRaw(text: string | null | undefined, what: string): bigint {
  try {
    return Dec.fromString(text || '0').raw;
  } catch (e) {
    throw new ChainError('undefined', 1, `${what}: ${(e as Error).message}`);
  }
}

/** `CommissionRates.Validate`. */
export function validateCommissionRates(c: { rate: bigint; max_rate: bigint; max_change_rate: bigint }): void {
  const ONE = Dec.ONE.raw;
  if (c.max_rate < 0n) throw StakingErrors.CommissionNegative.error();
  if (c.max_rate > ONE) throw StakingErrors.CommissionHuge.error();
  if (c.rate < 0n) throw StakingErrors.CommissionNegative.error();
  if (c.rate > c.max_rate) throw StakingErrors.CommissionGTMaxRate.error();
  if (c.max_change_rate < 0n) throw StakingErrors.CommissionChangeRateNegative.error();
  if (c.max_change_rate > c.max_rate) throw StakingErrors.CommissionChangeRateGTMaxRate.error();
}

export function commissionRates(c: ProtoCommissionRates | null | undefined): { rate: bigint; max_rate: bigint; max_change_rate: bigint } {
  return { rate: decRaw(c?.rate, 'rate'), max_rate: decRaw(c?.max_rate, 'max_rate'), max_change_rate: decRaw(c?.max_change_rate, 'max_change_rate') };
}

/** The handler's denom check: `invalid coin denomination: got X, expected Y` (sdk 18). */
export function requireBondDenom(denom: string, bondDenom: string): void {
  if (denom !== bondDenom) throw SdkErrors.InvalidRequest.wrap(`invalid coin denomination: got ${denom}, expected ${bondDenom}`);
}
