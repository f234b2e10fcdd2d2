/** Hex text ⇄ bytes with errors that name the bad input (user-typed keys and addresses). */
import { bytesToHex } from '@noble/hashes/utils.js';

export { bytesToHex };

/**
 * Parses hex digits, optionally `0x`-prefixed, either case. `what` names the value in the error
 * (`private key`, `address`); `expectedLength` is in bytes.
 */
export function parseHex(text: string, what: string, expectedLength?: number): Uint8Array {
  const digits = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  const lengthHint = expectedLength === undefined ? '' : ` of ${expectedLength} bytes (${expectedLength * 2} hex digits)`;
  if (digits.length === 0 || digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) {
    throw new Error(`invalid ${what} "${text}": expected hex digits${lengthHint}`);
  }
  if (expectedLength !== undefined && digits.length !== expectedLength * 2) {
    throw new Error(`invalid ${what} "${text}": expected ${expectedLength} bytes, got ${digits.length / 2}`);
  }
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (nibble(digits.charCodeAt(2 * i)) << 4) | nibble(digits.charCodeAt(2 * i + 1));
  return bytes;
}

/** The value of a hex digit's char code (checked as a digit before). */
const nibble = (c: number): number => (c <= 57 ? c - 48 : (c | 32) - 87);
