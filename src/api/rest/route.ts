/**
 * The REST route table: a route is an HTTP method, a path pattern in the gateway's syntax
 * (`/sdk/bank/v1beta1/balances/{address}/by_denom`) and a handler. Matching follows grpc-gateway
 * v1.16 `runtime.ServeMux`: the decoded path is split on `/`, a `{name}` segment takes exactly one
 * component (possibly empty), and the first route in table order that matches wins.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { utf8Text } from '../../codec/utf8.ts';

export type HttpMethod = 'GET' | 'POST';

export interface RestRequest {
  readonly method: string;
  /** decoded path, without the query string */
  readonly path: string;
  /** values of the pattern's `{name}` segments */
  readonly params: Readonly<Record<string, string>>;
  /** the query string's parameters in order of appearance (repeated keys keep every value) */
  readonly query: readonly (readonly [string, string])[];
  /** Go's `url.ParseQuery` error for this query string, if any (the gateway refuses it) */
  readonly queryError?: string;
  readonly headers: IncomingHttpHeaders;
  /** header values one by one (a header sent twice has two entries) */
  readonly headersDistinct: Readonly<Record<string, string[] | undefined>>;
  /** the request body (bounded); an empty buffer for bodiless requests */
  body(): Promise<Buffer>;
}

export interface RestReply {
  readonly status: number;
  /** JSON text (or text of `contentType`) */
  readonly body: string;
  /** default `application/json`; `''` sends no Content-Type (a reply without a body) */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export type RestHandler = (req: RestRequest) => RestReply | Promise<RestReply>;

export interface RestRoute {
  readonly method: HttpMethod;
  /** `/sdk/auth/v1beta1/accounts/{address}` */
  readonly pattern: string;
  readonly handler: RestHandler;
}

type Segment = { readonly literal: string } | { readonly variable: string };

export interface CompiledRoute extends RestRoute {
  readonly segments: readonly Segment[];
}

export function compileRoute(route: RestRoute): CompiledRoute {
  if (!route.pattern.startsWith('/')) throw new Error(`route pattern ${JSON.stringify(route.pattern)} must start with "/"`);
  const segments = route.pattern
    .slice(1)
    .split('/')
    .map((part): Segment => {
      const v = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
      if (v) return { variable: v[1]! };
      if (/[{}]/.test(part)) throw new Error(`route pattern ${JSON.stringify(route.pattern)}: only whole-segment {name} variables are supported, got ${JSON.stringify(part)}`);
      return { literal: part };
    });
  return { ...route, segments };
}

/** Path parameters when `components` fit the route, else null. */
export function matchRoute(route: CompiledRoute, components: readonly string[]): Record<string, string> | null {
  if (components.length !== route.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < components.length; i++) {
    const seg = route.segments[i]!;
    if ('literal' in seg) {
      if (seg.literal !== components[i]) return null;
    } else params[seg.variable] = components[i]!;
  }
  return params;
}

/** `/a/b%2Fc` → ['a', 'b', 'c']: the gateway splits Go's decoded `URL.Path`. Throws URIError on bad escapes. */
export function pathComponents(rawPath: string): string[] {
  return goPathUnescape(rawPath).slice(1).split('/');
}


/**
 * Go's `url.PathUnescape`: each `%XX` is a byte, whatever bytes they make (Go's strings hold any;
 * here invalid UTF-8 reads as U+FFFD, so `%ff%fe` reaches the handler as two characters where
 * `decodeURIComponent` would refuse it). The request line's other characters are its bytes (Node
 * reads them as latin1). Throws URIError on a malformed escape (`%zz`, a `%` at the end).
 */
function goPathUnescape(raw: string): string {
  if (!/[%\u0080-\uffff]/.test(raw)) return raw;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25) {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new URIError(`invalid URL escape ${JSON.stringify(raw.slice(i, i + 3))}`);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c < 0x100) bytes.push(c);
    else bytes.push(...Buffer.from(raw[i]!, 'utf8'));
  }
  return utf8Text(Uint8Array.from(bytes));
}
