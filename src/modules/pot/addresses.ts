/**
 * Address parsing for the pot handlers: the Go text of `sdk.AccAddressFromBech32` / stratos
 * `SdsAddressFromBech32` (what they wrap: `Wrap(ErrX, err.Error())`), or undefined when it parses.
 */
import { sdkAddressProblem } from '../../crypto/address.ts';

export function bech32Problem(text: string, hrp: string): string | undefined {
  return sdkAddressProblem(text, hrp);
}
