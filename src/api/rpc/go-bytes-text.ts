/**
 * Bytes from text the way Go's standard library decodes them for the consensus RPC, with Go's
 * error texts: `base64.StdEncoding` (JSON `[]byte` params such as `tx` and `hash`) and
 * `hex.DecodeString` (`HexBytes` params and `0x…` URI arguments).
 */
import { decodeGoBase64 } from '../../codec/go-base64.ts';
import { decodeGoHex } from '../../codec/go-hex.ts';

/** A decoding failure; the message is Go's error text. */
export class GoDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoDecodeError';
  }
}

/**
 * `base64.StdEncoding.Decode`: padded, newlines skipped, error offsets as Go's decodeQuantum
 * reports them (`illegal base64 data at input byte N`; src/codec/go-base64.ts).
 */
export function goBase64Decode(src: Uint8Array): Uint8Array {
  try {
    return decodeGoBase64(src, 'std');
  } catch (e) {
    throw new GoDecodeError((e as Error).message);
  }
}

/** `hex.DecodeString` (src/codec/go-hex.ts) as a GoDecodeError. */
export function goHexDecode(text: string): Uint8Array {
  try {
    return decodeGoHex(text);
  } catch (e) {
    throw new GoDecodeError((e as Error).message);
  }
}
