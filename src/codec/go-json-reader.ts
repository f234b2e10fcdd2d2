/**
 * Reads JSON as Go's encoding/json does for the consensus RPC: the whole input is checked first and
 * a syntax error gets the Go scanner's text (`invalid character 'x' looking for beginning of value`,
 * `unexpected end of JSON input`, …), which CometBFT puts into its parse and param errors. Every
 * value keeps its raw text, because CometBFT decodes params from the raw JSON (`json.RawMessage`),
 * where `5` and `"5"` differ.
 */
import { goQuoteChar } from './go-quote.ts';
import { utf8Text } from './utf8.ts';

export type GoJsonNode =
  | { readonly kind: 'null'; readonly raw: string }
  | { readonly kind: 'bool'; readonly raw: string; readonly value: boolean }
  | { readonly kind: 'number'; readonly raw: string }
  | { readonly kind: 'string'; readonly raw: string; readonly value: string }
  | { readonly kind: 'array'; readonly raw: string; readonly items: readonly GoJsonNode[] }
  | { readonly kind: 'object'; readonly raw: string; readonly entries: readonly (readonly [string, GoJsonNode])[] };

/** Go's `*json.SyntaxError`; the message is Go's text. */
export class GoJsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoJsonSyntaxError';
  }
}

/** encoding/json's maxNestingDepth. */
const MAX_DEPTH = 10000;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

type Frame =
  | { kind: 'array'; start: number; items: GoJsonNode[] }
  | { kind: 'object'; start: number; entries: [string, GoJsonNode][]; key: string };


/**
 * Nodes whose texts are made when read: a batch of broadcasts reads each tx's raw text once and
 * never the raw text of the batch, its requests or their params (a copy of the body each).
 */
class Span {
  private rawText: string | undefined;
  constructor(
    protected readonly buf: Uint8Array,
    protected readonly start: number,
    protected readonly end: number,
  ) {}
  get raw(): string {
    return (this.rawText ??= utf8Text(this.buf.subarray(this.start, this.end)));
  }
}

class StringNode extends Span {
  readonly kind = 'string';
  private valueText: string | undefined;
  constructor(buf: Uint8Array, start: number, end: number, private readonly escaped: boolean) {
    super(buf, start, end);
  }
  get value(): string {
    const body = this.buf.subarray(this.start + 1, this.end - 1);
    return (this.valueText ??= this.escaped ? unescapeGo(body) : utf8Text(body));
  }
}

class ArrayNode extends Span {
  readonly kind = 'array';
  constructor(buf: Uint8Array, start: number, end: number, readonly items: readonly GoJsonNode[]) {
    super(buf, start, end);
  }
}

class ObjectNode extends Span {
  readonly kind = 'object';
  constructor(buf: Uint8Array, start: number, end: number, readonly entries: readonly (readonly [string, GoJsonNode])[]) {
    super(buf, start, end);
  }
}

/**
 * Parses `input` (bytes or text) or throws GoJsonSyntaxError with Go's message. With `stream`, as
 * `json.Decoder.Decode` reads one value: what follows the first value is left unread, and input that
 * ends early fails with `EOF` (nothing but spaces) or `unexpected EOF`.
 */
export function readGoJson(input: Uint8Array | string, opts: { readonly stream?: boolean } = {}): GoJsonNode {
  const buf = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const n = buf.length;
  let i = 0;
  const text = (from: number, to: number) => utf8Text(buf.subarray(from, to));
  const fail = (context: string): never => {
    if (i >= n && opts.stream) throw new GoJsonSyntaxError(buf.every(isSpace) ? 'EOF' : 'unexpected EOF');
    if (i >= n) throw new GoJsonSyntaxError('unexpected end of JSON input');
    throw new GoJsonSyntaxError(`invalid character ${goQuoteChar(buf[i]!)} ${context}`);
  };
  const skipSpace = () => {
    while (i < n && isSpace(buf[i]!)) i++;
  };
  const expect = (ok: boolean, context: string) => {
    if (i >= n || !ok) fail(context);
  };

  const readString = (): StringNode => {
    const start = i;
    i++; // opening quote
    let escaped = false;
    for (;;) {
      expect(true, 'in string literal');
      const c = buf[i]!;
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        i++;
        expect(true, 'in string escape code');
        const e = buf[i]!;
        if (e === 0x75) {
          for (let k = 0; k < 4; k++) {
            i++;
            expect(isHex(buf[i] ?? 0), 'in \\u hexadecimal character escape');
          }
        } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e))) fail('in string escape code');
        i++;
        continue;
      }
      if (c < 0x20) fail('in string literal');
      i++;
    }
    i++; // closing quote
    return new StringNode(buf, start, i, escaped);
  };

  const readNumber = (): GoJsonNode => {
    const start = i;
    if (buf[i] === 0x2d) {
      i++;
      expect(isDigit(buf[i] ?? 0), 'in numeric literal');
    }
    if (buf[i] === 0x30) i++;
    else while (i < n && isDigit(buf[i]!)) i++;
    if (i < n && buf[i] === 0x2e) {
      i++;
      expect(isDigit(buf[i] ?? 0), 'after decimal point in numeric literal');
      while (i < n && isDigit(buf[i]!)) i++;
    }
    if (i < n && (buf[i] === 0x65 || buf[i] === 0x45)) {
      i++;
      if (i < n && (buf[i] === 0x2b || buf[i] === 0x2d)) i++;
      expect(isDigit(buf[i] ?? 0), 'in exponent of numeric literal');
      while (i < n && isDigit(buf[i]!)) i++;
    }
    return { kind: 'number', raw: text(start, i) };
  };

  const readLiteral = (word: 'true' | 'false' | 'null'): GoJsonNode => {
    const start = i;
    for (let k = 1; k < word.length; k++) {
      i++;
      expect(buf[i] === word.charCodeAt(k), `in literal ${word} (expecting '${word[k]}')`);
    }
    i++;
    const raw = text(start, i);
    return word === 'null' ? { kind: 'null', raw } : { kind: 'bool', raw, value: word === 'true' };
  };

  const stack: Frame[] = [];
  const push = (frame: Frame) => {
    stack.push(frame);
    if (stack.length > MAX_DEPTH) fail('exceeded max depth');
  };
  /** After `{` or `,` in an object: the key string and its colon. */
  const readKey = (frame: Frame & { kind: 'object' }) => {
    skipSpace();
    expect(buf[i] === 0x22, 'looking for beginning of object key string');
    frame.key = readString().value;
    skipSpace();
    expect(buf[i] === 0x3a, 'after object key');
    i++;
  };

  let result: GoJsonNode | undefined;
  parse: for (;;) {
    skipSpace();
    expect(true, 'looking for beginning of value');
    const c = buf[i]!;
    let value: GoJsonNode;
    if (c === 0x7b) {
      const frame: Frame = { kind: 'object', start: i, entries: [], key: '' };
      push(frame);
      i++;
      skipSpace();
      if (buf[i] !== 0x7d) {
        readKey(frame);
        continue parse;
      }
      i++;
      stack.pop();
      value = new ObjectNode(buf, frame.start, i, []);
    } else if (c === 0x5b) {
      const frame: Frame = { kind: 'array', start: i, items: [] };
      push(frame);
      i++;
      skipSpace();
      if (buf[i] !== 0x5d) continue parse;
      i++;
      stack.pop();
      value = new ArrayNode(buf, frame.start, i, []);
    } else if (c === 0x22) {
      value = readString();
    } else if (c === 0x2d || isDigit(c)) {
      value = readNumber();
    } else if (c === 0x74) value = readLiteral('true');
    else if (c === 0x66) value = readLiteral('false');
    else if (c === 0x6e) value = readLiteral('null');
    else return fail('looking for beginning of value');

    // the value is complete: hand it to its container, closing containers as they end
    for (;;) {
      const top = stack[stack.length - 1];
      if (!top) {
        result = value;
        break parse;
      }
      skipSpace();
      if (top.kind === 'object') {
        top.entries.push([top.key, value]);
        if (buf[i] === 0x2c) {
          i++;
          readKey(top);
          continue parse;
        }
        expect(buf[i] === 0x7d, 'after object key:value pair');
        i++;
        stack.pop();
        value = new ObjectNode(buf, top.start, i, top.entries);
      } else {
        top.items.push(value);
        if (buf[i] === 0x2c) {
          i++;
          continue parse;
        }
        expect(buf[i] === 0x5d, 'after array element');
        i++;
        stack.pop();
        value = new ArrayNode(buf, top.start, i, top.items);
      }
    }
  }
  if (opts.stream) return result;
  skipSpace();
  if (i < n) fail('after top-level value');
  return result;
}

/** The content of a JSON string with escapes, as Go's `unquote` decodes it (lone surrogates → U+FFFD). */
function unescapeGo(body: Uint8Array): string {
  let out = '';
  let run = 0;
  let k = 0;
  const flush = (to: number) => {
    if (to > run) out += utf8Text(body.subarray(run, to));
  };
  const hex4 = (at: number) => parseInt(String.fromCharCode(...body.subarray(at, at + 4)), 16);
  while (k < body.length) {
    if (body[k] !== 0x5c) {
      k++;
      continue;
    }
    flush(k);
    const e = String.fromCharCode(body[k + 1]!);
    if (e === 'u') {
      let cp = hex4(k + 2);
      k += 6;
      if (cp >= 0xd800 && cp < 0xe000) {
        const low = body[k] === 0x5c && body[k + 1] === 0x75 ? hex4(k + 2) : -1;
        if (cp < 0xdc00 && low >= 0xdc00 && low < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          k += 6;
        } else cp = 0xfffd;
      }
      out += String.fromCodePoint(cp);
    } else {
      out += ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[e] ?? e;
      k += 2;
    }
    run = k;
  }
  flush(body.length);
  return out;
}

/**
 * `JSON.parse` whose syntax errors are in Go's words (`invalid character 'x' looking for beginning
 * of value`, `unexpected end of JSON input`), as jsonpb and encoding/json say them to a user: only a
 * failure reads the text again, with Go's scanner, for its message.
 */
export function parseJsonGoErrors(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    readGoJson(text);
    throw e;
  }
}
