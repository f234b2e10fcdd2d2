/**
 * `--api.enabled-unsafe-cors`: the SDK wraps its router in gorilla/handlers `CORS` with
 * `AllowedHeaders(["Content-Type"])` and otherwise default options (cosmos-sdk v0.47
 * server/api/server.go): any origin (`Access-Control-Allow-Origin: *`), methods GET, HEAD, POST,
 * preflight answered 200 with an empty body. A request without `Origin` passes through untouched.
 */
import type { IncomingMessage } from 'node:http';

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];
/** gorilla's always-allowed request headers plus the SDK's Content-Type */
const ALLOWED_HEADERS = ['Accept', 'Accept-Language', 'Content-Language', 'Origin', 'Content-Type'];
/** headers a preflight may name without them being echoed back */
const SIMPLE_HEADERS = ['Accept', 'Accept-Language', 'Content-Language', 'Origin'];

/** Go's `http.CanonicalHeaderKey`: `content-type` → `Content-Type`. */
function canonicalHeader(name: string): string {
  if (!/^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/.test(name)) return name;
  return name
    .toLowerCase()
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join('-');
}

export type CorsDecision =
  /** not a cross-origin request: serve it as usual */
  | { readonly kind: 'pass' }
  /** serve it and add these headers */
  | { readonly kind: 'serve'; readonly headers: Readonly<Record<string, string>> }
  /** answer now with this status, headers and an empty body (preflight) */
  | { readonly kind: 'answer'; readonly status: number; readonly headers: Readonly<Record<string, string>> };

export function corsDecision(req: IncomingMessage): CorsDecision {
  const origin = req.headers.origin;
  if (!origin) return { kind: 'pass' };
  const allowOrigin = { 'Access-Control-Allow-Origin': '*' };
  if (req.method !== 'OPTIONS') return { kind: 'serve', headers: allowOrigin };
  const method = req.headers['access-control-request-method'];
  if (method === undefined) return { kind: 'answer', status: 400, headers: {} };
  if (!ALLOWED_METHODS.includes(method)) return { kind: 'answer', status: 405, headers: {} };
  const echoed: string[] = [];
  for (const raw of (req.headers['access-control-request-headers'] ?? '').split(',')) {
    const name = canonicalHeader(raw.trim());
    if (name === '' || SIMPLE_HEADERS.includes(name)) continue;
    if (!ALLOWED_HEADERS.includes(name)) return { kind: 'answer', status: 403, headers: {} };
    echoed.push(name);
  }
  const headers: Record<string, string> = {};
  if (echoed.length > 0) headers['Access-Control-Allow-Headers'] = echoed.join(',');
  return { kind: 'answer', status: 200, headers: { ...headers, ...allowOrigin } };
}
