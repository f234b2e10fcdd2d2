/**
 * Bytes to text as Go converts them (`string(b)`): a leading byte order mark (U+FEFF) is a
 * character of the text, kept, where a default TextDecoder drops it; invalid sequences become
 * U+FFFD. One shared decoder: constructing one per string was a measurable share of decoding.
 */
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

export function utf8Text(bytes: Uint8Array): string {
  return DECODER.decode(bytes);
}
