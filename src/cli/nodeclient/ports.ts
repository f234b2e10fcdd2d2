/** A port flag: 0..65535 (0: any free port). */
export function port(text: string, flag: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw new Error(`invalid ${flag} ${JSON.stringify(text)}: expected a port number 0..65535`);
  return Number(text);
}
