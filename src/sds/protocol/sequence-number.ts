/**
 * Sequence numbers (reference/storage-network.md §1.4.1, §4.4): `SN:` + a 19-digit zero-padded
 * decimal (`SN:%019d`), handed out per wallet by the meta node and part of every charged signature.
 */

export const SN_PATTERN = /^SN:\d{19}$/;

const LIMIT = 10n ** 19n;

/** `SN:%019d`; throws for a negative number or one of more than 19 digits. */
export function formatSequenceNumber(n: bigint): string {
  if (typeof n !== 'bigint' || n < 0n || n >= LIMIT) {
    throw new Error(`invalid sequence number ${String(n)}: expected an integer from 0 to ${LIMIT - 1n}`);
  }
  return `SN:${n.toString().padStart(19, '0')}`;
}

/** The number of an `SN:…` string; throws Error naming the problem. */
export function parseSequenceNumber(text: string): bigint {
  if (typeof text !== 'string' || text === '') throw new Error('invalid sequence number: empty');
  if (!SN_PATTERN.test(text)) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    throw new Error(`invalid sequence number "${shown}": expected "SN:" followed by 19 decimal digits`);
  }
  return BigInt(text.slice(3));
}
