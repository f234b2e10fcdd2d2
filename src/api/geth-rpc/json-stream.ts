/**
 * Go `encoding/json` Decoder framing for the go-ethereum-style JSON-RPC servers (the resource
 * node's, src/sds/rpc; the Ethereum JSON-RPC, src/api/eth): finds where the next JSON value of a
 * byte stream ends (IPC: a stream of values; HTTP and websocket: the first value of a body, the
 * rest ignored, as geth's decoder does), and reports syntax errors with Go's texts
 * (`invalid character 'x' looking for beginning of value`). Also the raw-JSON helpers the message
 * and argument decoding use (object members and array elements as raw texts, Go's Compact and
 * HTML escaping).
 *
 * The scanner is incremental: bytes can arrive in any chunks (a value split across chunks, two
 * values in one chunk) and no byte is scanned twice.
 */

const enum S {
  BeginValue,
  BeginValueOrEmpty,
  BeginKeyOrEmpty,
  BeginKey,
  EndValue,
  InString,
  InStringEsc,
  InStringEscU,
  Neg,
  Zero,
  Int,
  Dot,
  Dot0,
  E,
  ESign,
  E0,
  Literal,
}

const enum P {
  ObjKey,
  ObjValue,
  Array,
}

/** Go's `quoteChar`: how a scanner error names the offending byte. */
function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  const s = JSON.stringify(String.fromCharCode(c));
  // Go's strconv.Quote: \a \b \f \n \r \t \v, other controls as \x.., bytes >= 0x80 as \x..
  const goEscapes: Record<number, string> = { 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v', 0x5c: '\\\\' };
  if (goEscapes[c] !== undefined) return `'${goEscapes[c]}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  // a byte >= 0x80 is quoted as the rune U+00XX: printable Latin-1 as itself, the rest as \u00XX
  if ((c >= 0x80 && c < 0xa0) || c === 0xad) return `'\\u${c.toString(16).padStart(4, '0')}'`;
  return `'${s.slice(1, -1)}'`;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

export class JsonSyntaxError extends Error {}

export type ScanResult =
  /** a complete value ends just before byte `end` of the bytes fed so far (counting from the value's first non-space byte's chunk offset) */
  | { readonly kind: 'value'; readonly end: number }
  | { readonly kind: 'more' }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Scans ONE JSON value. Feed chunks with `feed`; it answers where the value ends (an offset into
 * the concatenation of everything fed since `reset`), that more bytes are needed, or Go's syntax error.
 */
/** encoding/json's scanner `maxNestingDepth`: one more open object or array is an error. */
const MAX_NESTING_DEPTH = 10_000;

export class JsonValueScanner {
  private state: S = S.BeginValue;
  private stack: P[] = [];
  private literal = '';
  private literalPos = 0;
  private hexLeft = 0;
  private started = false;
  /** bytes consumed since reset */
  private offset = 0;

  reset(): void {
    this.state = S.BeginValue;
    this.stack = [];
    this.started = false;
    this.offset = 0;
    this.consumedBeforeFeed = 0;
  }

  /** true once a non-space byte of the value was seen */
  get inValue(): boolean {
    return this.started;
  }

  /** bytes consumed since reset (leading white space included) */
  get consumed(): number {
    return this.offset;
  }

  /** `consumed` as it was when the last `feed` began */
  consumedBeforeFeed = 0;

  feed(chunk: Uint8Array, from = 0): ScanResult {
    this.consumedBeforeFeed = this.offset;
    for (let i = from; i < chunk.length; i++) {
      if (this.state === S.InString) {
        // the plain bytes of a string (all of a base64 packet's) in one run: step() would only count them
        let j = i;
        while (j < chunk.length) {
          const c = chunk[j]!;
          if (c === 0x22 || c === 0x5c || c < 0x20) break;
          j++;
        }
        this.offset += j - i;
        i = j;
        if (i === chunk.length) break;
      }
      const r = this.step(chunk[i]!);
      if (r === 'error') return { kind: 'error', message: this.error };
      if (r === 'done-before') return { kind: 'value', end: this.offset };
      this.offset++;
      if (r === 'done') return { kind: 'value', end: this.offset };
    }
    return { kind: 'more' };
  }

  /** End of input: a top-level number ends here; anything else unfinished is an unexpected EOF. */
  finish(): { kind: 'value'; end: number } | { kind: 'eof' } | { kind: 'unexpected-eof' } {
    if (!this.started) return { kind: 'eof' };
    if (this.stack.length === 0 && (this.state === S.Zero || this.state === S.Int || this.state === S.Dot0 || this.state === S.E0)) {
      return { kind: 'value', end: this.offset };
    }
    return { kind: 'unexpected-eof' };
  }

  private error = '';

  private fail(c: number, context: string): 'error' {
    this.error = `invalid character ${quoteChar(c)} ${context}`;
    return 'error';
  }

  /** a value just ended: done when it is the top-level one */
  private valueEnded(): 'done' | 'ok' {
    if (this.stack.length === 0) return 'done';
    this.state = S.EndValue;
    return 'ok';
  }

  private step(c: number): 'ok' | 'done' | 'done-before' | 'error' {
    switch (this.state) {
      case S.BeginValueOrEmpty:
        if (isSpace(c)) return 'ok';
        if (c === 0x5d) return this.closeContainer();
        return this.beginValue(c);
      case S.BeginValue:
        if (isSpace(c)) return 'ok';
        return this.beginValue(c);
      case S.BeginKeyOrEmpty:
        if (isSpace(c)) return 'ok';
        if (c === 0x7d) return this.closeContainer();
        if (c === 0x22) {
          this.state = S.InString;
          return 'ok';
        }
        return this.fail(c, 'looking for beginning of object key string');
      case S.BeginKey:
        if (isSpace(c)) return 'ok';
        if (c === 0x22) {
          this.state = S.InString;
          return 'ok';
        }
        return this.fail(c, 'looking for beginning of object key string');
      case S.EndValue:
        return this.endValue(c);
      case S.InString:
        if (c === 0x22) return this.stringEnded();
        if (c === 0x5c) {
          this.state = S.InStringEsc;
          return 'ok';
        }
        if (c < 0x20) return this.fail(c, 'in string literal');
        return 'ok';
      case S.InStringEsc:
        if (c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74 || c === 0x5c || c === 0x2f || c === 0x22) {
          this.state = S.InString;
          return 'ok';
        }
        if (c === 0x75) {
          this.state = S.InStringEscU;
          this.hexLeft = 4;
          return 'ok';
        }
        return this.fail(c, 'in string escape code');
      case S.InStringEscU:
        if (!isHex(c)) return this.fail(c, 'in \\u hexadecimal character escape');
        if (--this.hexLeft === 0) this.state = S.InString;
        return 'ok';
      case S.Neg:
        if (c === 0x30) this.state = S.Zero;
        else if (isDigit(c)) this.state = S.Int;
        else return this.fail(c, 'in numeric literal');
        return 'ok';
      case S.Int:
        if (isDigit(c)) return 'ok';
        return this.afterIntegerPart(c);
      case S.Zero:
        return this.afterIntegerPart(c);
      case S.Dot:
        if (isDigit(c)) {
          this.state = S.Dot0;
          return 'ok';
        }
        return this.fail(c, 'after decimal point in numeric literal');
      case S.Dot0:
        if (isDigit(c)) return 'ok';
        if (c === 0x65 || c === 0x45) {
          this.state = S.E;
          return 'ok';
        }
        return this.numberEnded(c);
      case S.E:
        if (c === 0x2b || c === 0x2d) {
          this.state = S.ESign;
          return 'ok';
        }
        return this.exponentDigit(c);
      case S.ESign:
        return this.exponentDigit(c);
      case S.E0:
        if (isDigit(c)) return 'ok';
        return this.numberEnded(c);
      case S.Literal: {
        const want = this.literal.charCodeAt(this.literalPos);
        if (c !== want) return this.fail(c, `in literal ${this.literal} (expecting ${quoteChar(want)})`);
        this.literalPos++;
        if (this.literalPos === this.literal.length) return this.valueEnded();
        return 'ok';
      }
    }
  }

  private afterIntegerPart(c: number): 'ok' | 'done' | 'done-before' | 'error' {
    if (c === 0x2e) {
      this.state = S.Dot;
      return 'ok';
    }
    if (c === 0x65 || c === 0x45) {
      this.state = S.E;
      return 'ok';
    }
    return this.numberEnded(c);
  }

  private exponentDigit(c: number): 'ok' | 'error' {
    if (isDigit(c)) {
      this.state = S.E0;
      return 'ok';
    }
    return this.fail(c, 'in exponent of numeric literal');
  }

  private beginValue(c: number): 'ok' | 'done' | 'error' {
    this.started = true;
    switch (c) {
      case 0x7b:
        this.stack.push(P.ObjKey);
        if (this.stack.length > MAX_NESTING_DEPTH) return this.fail(c, 'exceeded max depth');
        return this.goTo(S.BeginKeyOrEmpty);
      case 0x5b:
        this.stack.push(P.Array);
        if (this.stack.length > MAX_NESTING_DEPTH) return this.fail(c, 'exceeded max depth');
        return this.goTo(S.BeginValueOrEmpty);
      case 0x22:
        return this.goTo(S.InString);
      case 0x2d:
        return this.goTo(S.Neg);
      case 0x30:
        return this.goTo(S.Zero);
      case 0x74:
        return this.beginLiteral('true');
      case 0x66:
        return this.beginLiteral('false');
      case 0x6e:
        return this.beginLiteral('null');
    }
    if (c >= 0x31 && c <= 0x39) return this.goTo(S.Int);
    return this.fail(c, 'looking for beginning of value');
  }

  private goTo(state: S): 'ok' {
    this.state = state;
    return 'ok';
  }

  private beginLiteral(word: string): 'ok' {
    this.literal = word;
    this.literalPos = 1;
    this.state = S.Literal;
    return 'ok';
  }

  private stringEnded(): 'ok' | 'done' {
    const top = this.stack[this.stack.length - 1];
    if (top === P.ObjKey) {
      this.state = S.EndValue;
      return 'ok';
    }
    return this.valueEnded();
  }

  /** a number ends at a byte that is not part of it; that byte is scanned again as what follows */
  private numberEnded(c: number): 'done-before' | 'ok' | 'done' | 'error' {
    if (this.stack.length === 0) return 'done-before';
    this.state = S.EndValue;
    return this.endValue(c);
  }

  private endValue(c: number): 'ok' | 'done' | 'error' {
    if (isSpace(c)) return 'ok';
    const top = this.stack[this.stack.length - 1];
    if (top === P.ObjKey) {
      if (c === 0x3a) {
        this.stack[this.stack.length - 1] = P.ObjValue;
        this.state = S.BeginValue;
        return 'ok';
      }
      return this.fail(c, 'after object key');
    }
    if (top === P.ObjValue) return this.afterMember(c, 0x7d, 'after object key:value pair');
    return this.afterMember(c, 0x5d, 'after array element');
  }

  /** after an object's key:value pair or an array's element: `,` begins the next one, the closing bracket (`close`) ends the container */
  private afterMember(c: number, close: number, context: string): 'ok' | 'done' | 'error' {
    if (c === 0x2c) {
      const inObject = close === 0x7d;
      if (inObject) this.stack[this.stack.length - 1] = P.ObjKey;
      this.state = inObject ? S.BeginKey : S.BeginValue;
      return 'ok';
    }
    if (c === close) return this.closeContainer();
    return this.fail(c, context);
  }

  /** a closing bracket ends the innermost object or array */
  private closeContainer(): 'ok' | 'done' {
    this.stack.pop();
    return this.valueEnded();
  }
}

/** The outcome of reading the first JSON value of a complete input (an HTTP body). */
export type FirstValue =
  | { readonly kind: 'value'; readonly text: string }
  | { readonly kind: 'eof' }
  | { readonly kind: 'error'; readonly message: string };

/** Go `json.NewDecoder(body).Decode(&raw)`: the first value; what follows it is not read. */
export function firstJsonValue(body: Uint8Array): FirstValue {
  const scanner = new JsonValueScanner();
  let start = 0;
  while (start < body.length && isSpace(body[start]!)) start++;
  const r = scanner.feed(body, start);
  if (r.kind === 'error') return r;
  const end = r.kind === 'value' ? r.end : (() => {
    const f = scanner.finish();
    return f.kind === 'value' ? f.end : f.kind;
  })();
  if (end === 'eof') return { kind: 'eof' };
  if (end === 'unexpected-eof') return { kind: 'error', message: 'unexpected EOF' };
  return { kind: 'value', text: Buffer.from(body.buffer, body.byteOffset + start, end).toString('utf8') };
}

/** Index just past the JSON value starting at `i` of a text known to be valid JSON. */
export function skipJsonValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    // the next quote, unless a backslash comes first: then past its escape (every char looked at once)
    let j = i + 1;
    let q = text.indexOf('"', j);
    for (;;) {
      if (q === -1) return text.length;
      const at = text.slice(j, q).indexOf('\\');
      if (at === -1) return q + 1;
      const k = j + at;
      j = k + 2;
      if (j > q) q = text.indexOf('"', j);
    }
  }
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; ; j++) {
      const d = text[j];
      if (d === '"') j = skipJsonValue(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
  }
  let j = i;
  while (j < text.length && !/[\s,\]}:]/.test(text[j]!)) j++;
  return j;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The members of a valid JSON object text as [decoded key, raw value text], in order. */
export function rawObjectMembers(text: string): [string, string][] {
  const out: [string, string][] = [];
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return out;
  i = skipSpace(text, i + 1);
  while (text[i] === '"') {
    const keyEnd = skipJsonValue(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd) + 1; // ':'
    i = skipSpace(text, i);
    const valueEnd = skipJsonValue(text, i);
    out.push([key, text.slice(i, valueEnd)]);
    i = skipSpace(text, valueEnd);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return out;
}

/** The elements of a valid JSON array text as raw texts, in order. */
export function rawArrayElements(text: string): string[] {
  const out: string[] = [];
  let i = skipSpace(text, 0);
  if (text[i] !== '[') return out;
  i = skipSpace(text, i + 1);
  while (i < text.length && text[i] !== ']') {
    const end = skipJsonValue(text, i);
    out.push(text.slice(i, end));
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return out;
}

/** Go `json.Compact` of a valid JSON text: insignificant whitespace removed, everything else verbatim. */
export function compactJson(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = skipJsonValue(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (!isSpace(c.charCodeAt(0))) out += c;
  }
  return out;
}

/** Go's json encoder escapes these inside strings (HTML safety); they cannot occur outside strings. */
export function goHtmlEscape(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
