/** The numeric flags of nodeclient: ports and counts, refused with the flag's name before anything is done. */

/** A port flag: 0..65535 (0: any free port). */
export function port(text: string, flag: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw new Error(`invalid ${flag} ${JSON.stringify(text)}: expected a port number 0..65535`);
  return Number(text);
}

/** A count flag (a page, a number of seconds, of replicas…): a decimal integer ≥ `min`. */
export function count(text: string, flag: string, min: number): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) throw new Error(`invalid ${flag} ${JSON.stringify(text)}: expected an integer ≥ ${min}`);
  return Number(text);
}
