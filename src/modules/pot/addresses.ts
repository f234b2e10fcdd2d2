/** Address parsing for the pot handlers: the bech32 failure text, or undefined when it parses. */
import { addressFromBech32 } from '../../crypto/address.ts';

export function bech32Problem(text: string, hrp: string): string | undefined {
  try {
    addressFromBech32(text, hrp);
    return undefined;
  } catch (e) {
    return text === '' ? 'empty address string is not allowed' : (e as Error).message;
  }
}
