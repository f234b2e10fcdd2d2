/**
 * The event query language of CometBFT 0.37 (libs/pubsub/query): `tx_search`, `block_search` and
 * `/websocket` subscriptions read it, and `query txs --events` writes it. Conditions joined by
 * `AND`: `tag op operand`, where op is `=`, `<`, `<=`, `>`, `>=`, `CONTAINS` or `EXISTS` and the
 * operand a single-quoted string, a number (`5`, `3.14`), `TIME 2006-01-02T15:04:05Z` or
 * `DATE 2006-01-02`.
 *
 * The grammar is 0.37's parsing expression grammar (query.peg), read the way its generated parser
 * reads it, so that what it refuses and the error it gives are the node's: keywords in any case
 * (`and`, `exists`), spaces only (one or more) around `AND`, strings without `"` or `'` inside,
 * numbers without a sign or leading zeros, `<`/`>` with numbers, times and dates only. A query the
 * grammar refuses gives the generated parser's error: the furthest text a rule of the grammar matched,
 * `parse error near PegText (line 1 symbol 2 - line 1 symbol 9):\n"tm.event"` (positions in the query
 * wrapped in double quotes, counted in characters from 1).
 */
import { goQuoteString } from '../codec/go-quote.ts';

export type Operator = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS';

/** What the operand is, as the grammar read it: a quoted string, a number, a TIME or a DATE. */
export type OperandKind = 'string' | 'number' | 'time' | 'date';

export interface Condition {
  /** composite key `type.attribute`, e.g. `message.sender`, or the built-ins `tx.height`, `tx.hash`, `tm.event` */
  readonly key: string;
  readonly op: Operator;
  /** the operand's text: a string without its quotes, a number as written, a time or date without its keyword; '' for EXISTS */
  readonly value: string;
  /** undefined for EXISTS */
  readonly operand?: OperandKind;
}

export class QuerySyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QuerySyntaxError';
  }
}

/** The rules of query.peg that leave a token (the generated parser's `rul3s` names). */
type Rule = 'Unknown' | 'e' | 'condition' | 'tag' | 'value' | 'number' | 'digit' | 'time' | 'date' | 'year' | 'month' | 'day' | 'and' | 'equal' | 'contains' | 'exists' | 'le' | 'ge' | 'l' | 'g' | 'PegText';

interface Token {
  readonly rule: Rule;
  readonly begin: number;
  readonly end: number;
}

/** The generated parser's end-of-input rune (one past Unicode). */
const END = 0x110000;
const SPACE = 0x20;
const cp = (c: string): number => c.codePointAt(0)!;
/** Characters a tag cannot hold: `[ \t\n\r\\()"'=><]`. */
const NOT_IN_TAG = new Set([...' \t\n\r\\()"\'=><'].map(cp));
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/**
 * A parse of one query by query.peg's rules, in the order of the parser `peg` generates from it
 * (its lookahead switches included): each rule that matches adds its token, the furthest one is kept
 * for the error (`max`), a failed alternative gives back its position and tokens.
 */
class PegParse {
  private pos = 0;
  private readonly tokens: Token[] = [];
  private max: Token = { rule: 'Unknown', begin: 0, end: 0 };

  constructor(private readonly buf: readonly number[]) {}

  run(): Token[] | undefined {
    return this.e() ? this.tokens : undefined;
  }

  error(): string {
    const { rule, begin, end } = this.max;
    const at = (p: number): string => {
      let line = 1;
      let symbol = 0;
      for (let i = 0; i < this.buf.length; i++) {
        if (this.buf[i] === 0x0a) {
          line++;
          symbol = 0;
        } else symbol++;
        if (i === p) return `line ${line} symbol ${symbol}`;
      }
      return 'line 0 symbol 0';
    };
    const text = String.fromCodePoint(...this.buf.slice(begin, end).map((c) => (c === END ? 0xfffd : c)));
    return `\nparse error near ${rule} (${at(begin)} - ${at(end)}):\n${goQuoteString(text)}\n`;
  }

  private add(rule: Rule, begin: number): void {
    this.tokens.push({ rule, begin, end: this.pos });
    if (begin !== this.pos && this.pos > this.max.end) this.max = { rule, begin, end: this.pos };
  }

  private get c(): number {
    return this.buf[this.pos]!;
  }

  /** Runs `f`; when it fails, gives back the position and the tokens it added. */
  private attempt(f: () => boolean): boolean {
    const pos = this.pos;
    const n = this.tokens.length;
    if (f()) return true;
    this.pos = pos;
    this.tokens.length = n;
    return false;
  }

  private char(ch: string): boolean {
    if (this.c !== cp(ch)) return false;
    this.pos++;
    return true;
  }

  /** A double-quoted literal of the grammar: matched in either case. */
  private word(w: string): boolean {
    for (const ch of w) {
      if (this.c !== cp(ch.toLowerCase()) && this.c !== cp(ch.toUpperCase())) return false;
      this.pos++;
    }
    return true;
  }

  private spaces(): void {
    while (this.c === SPACE) this.pos++;
  }

  /** e <- '"' condition (' '+ and ' '+ condition)* '"' !. */
  private e(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!this.char('"') || !this.condition()) return false;
      while (
        this.attempt(() => {
          if (!this.char(' ')) return false;
          this.spaces();
          const and = this.pos;
          if (!this.word('AND')) return false;
          this.add('and', and);
          if (!this.char(' ')) return false;
          this.spaces();
          return this.condition();
        })
      );
      if (!this.char('"') || this.c !== END) return false;
      this.add('e', begin);
      return true;
    });
  }

  /** condition <- tag ' '* (le ' '* operand / ge ' '* operand / exists / equal … / g … / l … / contains ' '* value) */
  private condition(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!this.tag()) return false;
      this.spaces();
      const ordered = (op: 'le' | 'ge'): boolean =>
        this.attempt(() => {
          const at = this.pos;
          if (!this.char(op === 'le' ? '<' : '>') || !this.char('=')) return false;
          this.add(op, at);
          this.spaces();
          return this.numberTimeOrDate();
        });
      if (!ordered('le') && !ordered('ge') && !this.otherOperator()) return false;
      this.add('condition', begin);
      return true;
    });
  }

  private otherOperator(): boolean {
    const at = this.pos;
    switch (this.c) {
      case cp('E'):
      case cp('e'):
        if (!this.word('EXISTS')) return false;
        this.add('exists', at);
        return true;
      case cp('='):
        this.pos++;
        this.add('equal', at);
        this.spaces();
        return this.c === cp("'") ? this.value() : this.numberTimeOrDate();
      case cp('>'):
      case cp('<'): {
        const rule = this.c === cp('>') ? 'g' : 'l';
        this.pos++;
        this.add(rule, at);
        this.spaces();
        return this.numberTimeOrDate();
      }
      default:
        if (!this.word('CONTAINS')) return false;
        this.add('contains', at);
        this.spaces();
        return this.value();
    }
  }

  private numberTimeOrDate(): boolean {
    switch (this.c) {
      case cp('D'):
      case cp('d'):
        return this.date();
      case cp('T'):
      case cp('t'):
        return this.time();
      default:
        return this.number();
    }
  }

  /** tag <- < (![ \t\n\r\\()"'=><] .)+ > */
  private tag(): boolean {
    const begin = this.pos;
    const inTag = (): boolean => this.c !== END && !NOT_IN_TAG.has(this.c);
    if (!inTag()) return false;
    while (inTag()) this.pos++;
    this.add('PegText', begin);
    this.add('tag', begin);
    return true;
  }

  /** value <- < '\'' (!["'] .)* '\'' > */
  private value(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!this.char("'")) return false;
      while (this.c !== END && this.c !== cp('"') && this.c !== cp("'")) this.pos++;
      if (!this.char("'")) return false;
      this.add('PegText', begin);
      this.add('value', begin);
      return true;
    });
  }

  /** number <- < '0' / [1-9] digit* ('.' digit*)? > */
  private number(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!this.char('0')) {
        if (!(this.c >= 0x31 && this.c <= 0x39)) return false;
        this.pos++;
        while (this.digit());
        if (this.char('.')) while (this.digit());
      }
      this.add('PegText', begin);
      this.add('number', begin);
      return true;
    });
  }

  private digit(): boolean {
    if (!isDigit(this.c)) return false;
    this.pos++;
    this.add('digit', this.pos - 1);
    return true;
  }

  private digits(n: number): boolean {
    for (let i = 0; i < n; i++) if (!this.digit()) return false;
    return true;
  }

  /** year '-' month '-' day */
  private calendarDate(): boolean {
    return this.year() && this.char('-') && this.month() && this.char('-') && this.day();
  }

  /** time <- "TIME " < date 'T' hh ':' mm ':' ss (('-' / '+') hh ':' mm / 'Z') > */
  private time(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!this.word('TIME ')) return false;
      const text = this.pos;
      if (!this.calendarDate() || !this.char('T') || !this.digits(2) || !this.char(':') || !this.digits(2) || !this.char(':') || !this.digits(2)) return false;
      const offset = this.attempt(() => (this.char('-') || this.char('+')) && this.digits(2) && this.char(':') && this.digits(2));
      if (!offset && !this.char('Z')) return false;
      this.add('PegText', text);
      this.add('time', begin);
      return true;
    });
  }

  /** date <- "DATE " < year '-' month '-' day > */
  private date(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!this.word('DATE ')) return false;
      const text = this.pos;
      if (!this.calendarDate()) return false;
      this.add('PegText', text);
      this.add('date', begin);
      return true;
    });
  }

  /** year <- ('1' / '2') digit digit digit */
  private year(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!(this.char('1') || this.char('2')) || !this.digits(3)) return false;
      this.add('year', begin);
      return true;
    });
  }

  /** month <- ('0' / '1') digit */
  private month(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!(this.char('0') || this.char('1')) || !this.digit()) return false;
      this.add('month', begin);
      return true;
    });
  }

  /** day <- ('0' / '1' / '2' / '3') digit */
  private day(): boolean {
    return this.attempt(() => {
      const begin = this.pos;
      if (!(this.c >= 0x30 && this.c <= 0x33)) return false;
      this.pos++;
      if (!this.digit()) return false;
      this.add('day', begin);
      return true;
    });
  }
}

const OPERATORS: Partial<Record<Rule, Operator>> = { le: '<=', ge: '>=', l: '<', g: '>', equal: '=', contains: 'CONTAINS' };

/**
 * Reads a query (`Query.New`), throwing QuerySyntaxError with the node's text when the grammar
 * refuses it; the conditions in the query's order (`Query.Conditions`).
 */
export function parseSearchQuery(query: string): Condition[] {
  const buf = [...`"${query}"`].map(cp);
  buf.push(END);
  const parse = new PegParse(buf);
  const tokens = parse.run();
  if (!tokens) throw new QuerySyntaxError(parse.error());
  const text = (t: { begin: number; end: number }): string => String.fromCodePoint(...buf.slice(t.begin, t.end));
  const conditions: Condition[] = [];
  let key = '';
  let op: Operator = '=';
  let last = { begin: 0, end: 0 };
  for (const t of tokens) {
    if (t.rule === 'PegText') last = t;
    else if (t.rule === 'tag') key = text(last);
    else if (t.rule === 'exists') conditions.push({ key, op: 'EXISTS', value: '' });
    else if (t.rule === 'value') conditions.push({ key, op, value: text(last).slice(1, -1), operand: 'string' });
    else if (t.rule === 'number' || t.rule === 'time' || t.rule === 'date') conditions.push({ key, op, value: text(last), operand: t.rule });
    else op = OPERATORS[t.rule] ?? op;
  }
  return conditions;
}
