/**
 * The tx search query language: the spec's `{type}.{attr}={value}` conditions joined by `&`
 * (`query txs --events`) and CometBFT's form `tx.height>5 AND message.sender='st1…'` with the
 * operators `=`, `<`, `<=`, `>`, `>=`, `CONTAINS` and `EXISTS`.
 */
export type Operator = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS';

export interface Condition {
  /** composite key `type.attribute`, e.g. `message.sender`, or the built-ins `tx.height`, `tx.hash` */
  readonly key: string;
  readonly op: Operator;
  readonly value: string;
}

export class QuerySyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QuerySyntaxError';
  }
}

const KEY = /^[A-Za-z_][\w./-]*\.[\w/-]+$/;

function parseCondition(text: string): Condition {
  const t = text.trim();
  const exists = /^(\S+)\s+EXISTS$/i.exec(t);
  if (exists) {
    if (!KEY.test(exists[1]!)) throw new QuerySyntaxError(`invalid event key ${JSON.stringify(exists[1])}: expected {eventType}.{eventAttribute}`);
    return { key: exists[1]!, op: 'EXISTS', value: '' };
  }
  const m = /^(\S+?)\s*(<=|>=|=|<|>|\s+CONTAINS\s+)\s*(.*)$/i.exec(t);
  if (!m) throw new QuerySyntaxError(`invalid condition ${JSON.stringify(t)}: expected {eventType}.{eventAttribute}={value}`);
  const key = m[1]!;
  if (!KEY.test(key)) throw new QuerySyntaxError(`invalid event key ${JSON.stringify(key)}: expected {eventType}.{eventAttribute}`);
  const op = m[2]!.trim().toUpperCase() as Operator;
  let value = m[3]!.trim();
  const quoted = value.length >= 2 && ((value.startsWith("'") && value.endsWith("'")) || (value.startsWith('"') && value.endsWith('"')));
  if (quoted) value = value.slice(1, -1);
  if (value === '') throw new QuerySyntaxError(`condition ${JSON.stringify(t)} has no value`);
  if (op !== '=' && op !== 'CONTAINS' && !/^-?\d+(\.\d+)?$/.test(value)) {
    throw new QuerySyntaxError(`condition ${JSON.stringify(t)}: operator ${op} needs a number`);
  }
  // CometBFT reads an unquoted operand as a number (or a date, a time): `tx.height=abc` does not parse
  if (key === 'tx.height' && !quoted && !/^\d+$/.test(value)) throw new QuerySyntaxError(`condition ${JSON.stringify(t)}: tx.height needs a whole number`);
  return { key, op, value };
}

/** Splits on ` AND ` (outside quotes) or `&`, then parses each condition. */
export function parseSearchQuery(query: string): Condition[] {
  const q = query.trim();
  if (q === '') throw new QuerySyntaxError('empty query: give at least one condition such as message.sender=st1…');
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < q.length; i++) {
    const ch = q[i]!;
    if (quote) {
      current += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      current += ch;
      continue;
    }
    if (ch === '&') {
      parts.push(current);
      current = '';
      continue;
    }
    if (/\s/.test(ch) && /^\s+AND\s+/i.test(q.slice(i))) {
      const m = /^\s+AND\s+/i.exec(q.slice(i))!;
      parts.push(current);
      current = '';
      i += m[0].length - 1;
      continue;
    }
    current += ch;
  }
  if (quote) throw new QuerySyntaxError(`unterminated quote in query ${JSON.stringify(q)}`);
  parts.push(current);
  return parts.map(parseCondition);
}
