/** One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. The sim's tables share it. */
export function csvField(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}
