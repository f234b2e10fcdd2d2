/**
 * An account address given to a tx command, read as the chain's module CLIs read theirs (SDK
 * `sdk.AccAddressFromBech32` while building the message, before anything is signed): a blank text
 * is `empty address string is not allowed`, a string that is not bech32 is `decoding bech32
 * failed: <why>`, a wrong prefix names the expected and the actual one.
 */
import { accAddress, Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';

/** The canonical `st1…` spelling of `text`, or the SDK's error. */
export function accAddressFromBech32(text: string): string {
  return accAddress(sdkAddressFromBech32(text, Hrp.account));
}
