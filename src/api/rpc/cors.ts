/**
 * Cross-origin requests as CometBFT's RPC allows them when `cors_allowed_origins` is set (the rs/cors
 * middleware with CometBFT's default methods and headers): preflights are answered 204 with the
 * allowed method and headers; other requests from an allowed origin get Access-Control-Allow-Origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** CometBFT's `cors_allowed_methods` and `cors_allowed_headers` defaults (Origin is always allowed). */
const ALLOWED_METHODS = ['HEAD', 'GET', 'POST'];
const ALLOWED_HEADERS = ['origin', 'accept', 'content-type', 'x-requested-with', 'x-server-time'];

export interface Cors {
  /** Adds the CORS headers; true when the request was a preflight and has been answered. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

function originMatcher(origins: readonly string[]): (origin: string) => boolean {
  const patterns = origins.map((o) => o.toLowerCase());
  if (patterns.includes('*')) return () => true;
  return (origin) => {
    const o = origin.toLowerCase();
    return patterns.some((p) => {
      const star = p.indexOf('*');
      if (star < 0) return p === o;
      const prefix = p.slice(0, star);
      const suffix = p.slice(star + 1);
      return o.length >= prefix.length + suffix.length && o.startsWith(prefix) && o.endsWith(suffix);
    });
  };
}

/** Go's http.CanonicalHeaderKey: `content-type` → `Content-Type`. */
const canonicalHeader = (name: string) => name.toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, ch: string) => dash + ch.toUpperCase());

export function createCors(allowedOrigins: readonly string[]): Cors {
  const allowAll = allowedOrigins.includes('*');
  const allowed = originMatcher(allowedOrigins);
  const allowOriginValue = (origin: string) => (allowAll ? '*' : origin);
  return {
    handle(req, res) {
      const origin = req.headers.origin ?? '';
      const requestedMethod = req.headers['access-control-request-method'];
      if (req.method === 'OPTIONS' && typeof requestedMethod === 'string') {
        res.setHeader('Vary', ['Origin', 'Access-Control-Request-Method', 'Access-Control-Request-Headers']);
        const requestedHeaders = String(req.headers['access-control-request-headers'] ?? '')
          .split(',')
          .map((h) => h.trim())
          .filter((h) => h !== '');
        const ok =
          origin !== '' &&
          allowed(origin) &&
          ALLOWED_METHODS.includes(requestedMethod.toUpperCase()) &&
          requestedHeaders.every((h) => ALLOWED_HEADERS.includes(h.toLowerCase()));
        if (ok) {
          res.setHeader('Access-Control-Allow-Origin', allowOriginValue(origin));
          res.setHeader('Access-Control-Allow-Methods', requestedMethod.toUpperCase());
          if (requestedHeaders.length > 0) res.setHeader('Access-Control-Allow-Headers', requestedHeaders.map(canonicalHeader).join(', '));
        }
        res.writeHead(204);
        res.end();
        return true;
      }
      res.setHeader('Vary', 'Origin');
      if (origin !== '' && allowed(origin) && ALLOWED_METHODS.includes(String(req.method))) {
        res.setHeader('Access-Control-Allow-Origin', allowOriginValue(origin));
      }
      return false;
    },
  };
}
