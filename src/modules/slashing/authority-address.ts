/**
 * Address parsing as the SDK's `AccAddressFromBech32` / `ValAddressFromBech32` /
 * `ConsAddressFromBech32` report it (plain Go error texts), for ValidateBasic and queries of
 * slashing and mint.
 */
import { sdkAddressFromBech32 } from '../../crypto/address.ts';
import { plainError } from '../../errors.ts';

/** The bytes of `text` under `hrp`; throws Error with Go's text (`empty address string is not allowed`, bech32 failures). */
export function parseBech32(text: string, hrp: string): Uint8Array {
  return sdkAddressFromBech32(text, hrp);
}

/** MsgUpdateParams.ValidateBasic (v0.47): `errorsmod.Wrap(err, "invalid authority address")` of a plain error. */
export function authorityParses(authority: string): void {
  try {
    parseBech32(authority, 'st');
  } catch (e) {
    throw plainError(`invalid authority address: ${(e as Error).message}`);
  }
}
