/** Address checks of the sds messages: why a bech32 string of a kind does not parse. */
import { addressFromBech32, Hrp } from '../../crypto/address.ts';
import { SdkErrors, type ChainError } from '../../errors.ts';

/** Why `text` is not an address of `hrp`, or undefined when it is one. */
export function addressProblem(text: string, hrp: string): string | undefined {
  if (text === '') return 'empty address string is not allowed';
  try {
    addressFromBech32(text, hrp);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** SDK ErrInvalidAddress naming the field, e.g. `invalid reporter address: …: invalid address`. */
export function invalidAddress(field: string, why: string): ChainError {
  return SdkErrors.InvalidAddress.wrap(`invalid ${field} address: ${why}`);
}

export const accountProblem = (text: string) => addressProblem(text, Hrp.account);
export const sdsProblem = (text: string) => addressProblem(text, Hrp.sds);
