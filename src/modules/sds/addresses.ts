/**
 * Address checks of the sds messages: why a bech32 string of a kind does not parse, in the Go text
 * of `sdk.AccAddressFromBech32` / stratos `SdsAddressFromBech32` (what the handlers wrap).
 */
import { Hrp, sdkAddressProblem } from '../../crypto/address.ts';

/** Why `text` is not an address of `hrp`, or undefined when it is one. */
export function addressProblem(text: string, hrp: string): string | undefined {
  return sdkAddressProblem(text, hrp);
}

export const accountProblem = (text: string) => addressProblem(text, Hrp.account);
export const sdsProblem = (text: string) => addressProblem(text, Hrp.sds);
