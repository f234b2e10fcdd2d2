/**
 * The public read gateway (reference/storage-network.md §5.1: "`GET …/ipfs/<CID>`: a standard IPFS
 * path gateway"): `GET` and `HEAD /ipfs/<cid>[/<path>]` on the regional gateway, without a token,
 * answered from the region's storage client API as a hosted path gateway answers (docs/gateway.md
 * "The public read path"):
 *
 * - a file: its bytes, `Content-Type` from the name's extension (else from its first bytes), `ETag: "<cid>"` (304 on a matching
 *   `If-None-Match`), `Cache-Control: public, max-age=29030400, immutable`, `Accept-Ranges: bytes`
 *   and one byte range (`Range: bytes=a-b`, 206 with `Content-Range`; 416 past the end);
 * - a directory: its `index.html` when it has one, else a listing of its links (HTML); a directory
 *   path without its final `/` is redirected to it (301), so that relative links resolve;
 * - `?format=raw` (or `Accept: application/vnd.ipld.raw`): the block of the path's CID, as a
 *   trustless gateway answers (a file's data leaf too), `ETag: "<cid>.raw"`; another format (`car`,
 *   `tar`, `dag-json`, … by name or media type) is refused with 400;
 * - `If-None-Match` is compared weakly, against the answer's own ETag (file, block or listing);
 * - a path that does not resolve: 404; one that does not parse: 400; the storage client down: 502.
 *   Errors are plain text, as Kubo's gateway writes them.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

export interface PathGatewayUpstream {
  /** the storage client API (`http://host:port`) */
  readonly url: string;
  readonly timeoutMs: number;
}

/** What one answer sent: for the metrics. */
export interface PathAnswer {
  readonly status: number;
  readonly bytes: number;
}

const IMMUTABLE = 'public, max-age=29030400, immutable';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8', txt: 'text/plain; charset=utf-8', md: 'text/markdown; charset=utf-8',
  css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8', json: 'application/json',
  xml: 'application/xml', csv: 'text/csv; charset=utf-8', svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
  gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', ico: 'image/x-icon', pdf: 'application/pdf', wasm: 'application/wasm',
  mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', ogg: 'audio/ogg', wav: 'audio/wav', zip: 'application/zip', tar: 'application/x-tar',
  gz: 'application/gzip', woff: 'font/woff', woff2: 'font/woff2',
};

class PathError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface Stat {
  readonly Hash: string;
  readonly Size: number;
  readonly Type: 'file' | 'directory';
}

/** A POST to the storage client API; resolves with its status and body (JSON or bytes). */
function callStorage(up: PathGatewayUpstream, command: string, args: Record<string, string>, gone: AbortSignal): Promise<{ status: number; body: Buffer }> {
  const query = new URLSearchParams(args).toString();
  return new Promise((resolve, reject) => {
    const r = request(`${up.url}/api/v0/${command}?${query}`, { method: 'POST', timeout: up.timeoutMs, signal: gone }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('timeout', () => r.destroy(new Error('no answer within upstream_timeout_seconds')));
    r.on('error', (e) => reject(gone.aborted ? e : new PathError(502, `the storage client API did not answer: ${e.message}`)));
    r.end();
  });
}

function kuboMessage(body: Buffer): string {
  try {
    return (JSON.parse(body.toString('utf8')) as { Message?: string }).Message ?? body.toString('utf8');
  } catch {
    return body.toString('utf8');
  }
}

async function stat(up: PathGatewayUpstream, ipfsPath: string, gone: AbortSignal): Promise<Stat> {
  const r = await callStorage(up, 'files/stat', { arg: ipfsPath }, gone);
  if (r.status === 200) return JSON.parse(r.body.toString('utf8')) as Stat;
  if (r.status === 502 || r.status === 503) throw new PathError(502, 'the storage network of this region is unavailable');
  const message = kuboMessage(r.body);
  throw new PathError(/invalid (path|cid)|parse/i.test(message) ? 400 : 404, `failed to resolve ${ipfsPath}: ${message}`);
}

/** One `bytes=` range of a `size`-byte file: [start, end] inclusive; undefined for none or several (the whole file is sent). */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The type a name's extension says, or undefined. */
function typeOfName(name: string): string | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext ? CONTENT_TYPES[ext] : undefined;
}

/**
 * The type of content without a telling name, from its first bytes, as Go's
 * `http.DetectContentType` (what Kubo's gateway uses) tells the common ones: images, PDF, gzip and
 * zip by their signature, HTML by its opening tag, other UTF-8 text without control bytes as
 * plain text; anything else `application/octet-stream`.
 */
export function sniffContentType(head: Uint8Array): string {
  const starts = (...sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x1f, 0x8b, 0x08)) return 'application/x-gzip';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'application/zip';
  const text = Buffer.from(head).toString('latin1').trimStart().toLowerCase();
  if (text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<head') || text.startsWith('<body')) return 'text/html; charset=utf-8';
  if (head.some((b) => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b))) return 'application/octet-stream';
  try {
    // a cut in the middle of a multi-byte character at the end is still text
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - trailingPartial(head)));
    return 'text/plain; charset=utf-8';
  } catch {
    return 'application/octet-stream';
  }
}

/** How many bytes at the end of `b` begin a UTF-8 character that the cut left unfinished. */
function trailingPartial(b: Uint8Array): number {
  for (let n = 1; n <= Math.min(3, b.length); n++) {
    const c = b[b.length - n]!;
    if ((c & 0xc0) !== 0x80) {
      const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
      return need > n ? n : 0;
    }
  }
  return 0;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The answer's format, as boxo's gateway picks it: `?format=` first, else the first IPLD media type
 * in `Accept`. Only the deserialized answer (undefined) and `raw` are served; any other format
 * (`car`, `tar`, `dag-json`, …) is refused, never answered with the plain bytes under its name.
 */
function responseFormat(params: URLSearchParams, accept: string): 'raw' | undefined {
  const asked = params.get('format');
  if (asked !== null && asked !== '') {
    if (asked === 'raw') return 'raw';
    throw new PathError(400, `unsupported format ${JSON.stringify(asked)}: this gateway serves files, directories and ?format=raw blocks`);
  }
  for (const part of accept.split(',')) {
    const type = part.split(';')[0]!.trim().toLowerCase();
    if (type === 'application/vnd.ipld.raw') return 'raw';
    if (type.startsWith('application/vnd.ipld.') || type === 'application/x-tar' || type === 'application/vnd.ipfs.ipns-record') {
      throw new PathError(400, `unsupported format ${JSON.stringify(type)}: this gateway serves files, directories and application/vnd.ipld.raw blocks`);
    }
  }
  return undefined;
}

/** `If-None-Match` against an answer's ETag: `*` or any listed tag, compared weakly (RFC 9110 §13.1.2). */
function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  const tags = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.some((t) => t === etag || t === '*');
}

/** Serves `GET`/`HEAD /ipfs/…`; errors are answered here in plain text. */
export async function servePath(up: PathGatewayUpstream, req: IncomingMessage, res: ServerResponse, rawPath: string, search: string, gone: AbortSignal): Promise<PathAnswer> {
  try {
    return await answer(up, req, res, rawPath, search, gone);
  } catch (e) {
    if (gone.aborted || res.headersSent) throw e;
    const err = e instanceof PathError ? e : new PathError(500, (e as Error).message);
    const body = `${err.message}\n`;
    res.writeHead(err.status, { ...err.headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(req.method === 'HEAD' ? undefined : body);
    return { status: err.status, bytes: Buffer.byteLength(body) };
  }
}

async function answer(up: PathGatewayUpstream, req: IncomingMessage, res: ServerResponse, rawPath: string, search: string, gone: AbortSignal): Promise<PathAnswer> {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new PathError(405, `${req.method} is not allowed: the path gateway serves GET and HEAD`, { Allow: 'GET, HEAD' });
  let segments: string[];
  try {
    segments = rawPath.split('/').slice(2).map(decodeURIComponent);
  } catch {
    throw new PathError(400, `invalid path ${JSON.stringify(rawPath)}: a segment is not URI-encoded text`);
  }
  if (segments[0] === undefined || segments[0] === '') throw new PathError(400, 'invalid path "/ipfs/": a CID is expected after /ipfs/');
  const trailingSlash = rawPath.endsWith('/');
  const parts = segments.filter((s) => s !== '');
  const ipfsPath = `/ipfs/${parts.join('/')}`;
  const head = req.method === 'HEAD';
  const common = { 'X-Ipfs-Path': ipfsPath, 'Cache-Control': IMMUTABLE };
  const format = responseFormat(new URLSearchParams(search), String(req.headers.accept ?? ''));
  if (format === 'raw') {
    // a bare CID is asked for as it is (a file's data leaf has no unixfs entry to resolve, but the
    // storage client rebuilds its block); a path is resolved to its CID first
    const cid = parts.length === 1 ? parts[0]! : (await stat(up, ipfsPath, gone)).Hash;
    const etag = `"${cid}.raw"`;
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, { ...common, ETag: etag }).end();
      return { status: 304, bytes: 0 };
    }
    const block = await callStorage(up, 'block/get', { arg: cid }, gone);
    // a CID that does not parse is the client's (400), as on the resolving path
    if (block.status !== 200) throw new PathError(block.status === 400 ? 400 : block.status === 502 || block.status === 503 ? 502 : 404, `failed to get block ${cid}: ${kuboMessage(block.body)}`);
    res.writeHead(200, { ...common, 'Content-Type': 'application/vnd.ipld.raw', 'Content-Length': block.body.length, ETag: etag, 'X-Content-Type-Options': 'nosniff' });
    res.end(head ? undefined : block.body);
    return { status: 200, bytes: head ? 0 : block.body.length };
  }
  const found = await stat(up, ipfsPath, gone);
  let file = found;
  let name = parts.at(-1) ?? '';
  if (found.Type === 'directory') {
    if (!trailingSlash) {
      res.writeHead(301, { Location: `${rawPath}/${search ? `?${search}` : ''}` }).end();
      return { status: 301, bytes: 0 };
    }
    const index = await stat(up, `${ipfsPath}/index.html`, gone).catch(() => undefined);
    if (!index || index.Type !== 'file') return listing(up, req, res, ipfsPath, found, common, gone);
    file = index;
    name = 'index.html';
  }
  const etag = `"${file.Hash}"`;
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, { ...common, ETag: etag }).end();
    return { status: 304, bytes: 0 };
  }
  const size = file.Size;
  const range = byteRange(req.headers.range, size);
  if (range === 'unsatisfiable') throw new PathError(416, `range ${req.headers.range} is outside the file's ${size} bytes`, { 'Content-Range': `bytes */${size}` });
  const start = range?.start ?? 0;
  const length = range ? range.end - range.start + 1 : size;
  const catPath = file === found ? ipfsPath : `${ipfsPath}/index.html`;
  let contentType = typeOfName(name);
  if (contentType === undefined) {
    // no telling name: the first bytes tell (Kubo's gateway sniffs 512)
    const first = size === 0 ? undefined : await callStorage(up, 'cat', { arg: catPath, length: String(Math.min(512, size)) }, gone);
    contentType = first && first.status === 200 ? sniffContentType(first.body) : 'application/octet-stream';
  }
  const headers: Record<string, string | number> = { ...common, ETag: etag, 'Content-Type': contentType, 'Content-Length': length, 'Accept-Ranges': 'bytes' };
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  const status = range ? 206 : 200;
  if (head || length === 0) {
    res.writeHead(status, headers).end();
    return { status, bytes: 0 };
  }
  return new Promise<PathAnswer>((resolve, reject) => {
    const query = new URLSearchParams({ arg: catPath, offset: String(start), length: String(length) }).toString();
    const r = request(`${up.url}/api/v0/cat?${query}`, { method: 'POST', timeout: up.timeoutMs, signal: gone }, (ures) => {
      if (ures.statusCode !== 200) {
        const chunks: Buffer[] = [];
        ures.on('data', (d: Buffer) => chunks.push(d));
        ures.on('end', () => reject(new PathError(ures.statusCode === 502 || ures.statusCode === 503 ? 502 : 404, `failed to read ${catPath}: ${kuboMessage(Buffer.concat(chunks))}`)));
        return;
      }
      res.writeHead(status, headers);
      let sent = 0;
      ures.on('data', (d: Buffer) => (sent += d.length));
      pipeline(ures, res, { end: false })
        .then(() => {
          // an error after the bytes began (an SDS file gone midway): the answer is cut short, which the client sees against Content-Length
          if (ures.trailers['x-stream-error'] !== undefined || sent !== length) res.destroy();
          else res.end();
          resolve({ status, bytes: sent });
        })
        .catch(reject);
    });
    r.on('timeout', () => r.destroy(new Error('no answer within upstream_timeout_seconds')));
    r.on('error', (e) => reject(gone.aborted ? e : new PathError(502, `the storage client API did not answer: ${e.message}`)));
    r.end();
  });
}

/** A directory without index.html: its links as an HTML list, each to its own path. */
async function listing(up: PathGatewayUpstream, req: IncomingMessage, res: ServerResponse, ipfsPath: string, dir: Stat, common: Record<string, string>, gone: AbortSignal): Promise<PathAnswer> {
  const etag = `"DirIndex-${dir.Hash}"`;
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, { ...common, ETag: etag }).end();
    return { status: 304, bytes: 0 };
  }
  const r = await callStorage(up, 'ls', { arg: ipfsPath }, gone);
  if (r.status !== 200) throw new PathError(404, `failed to list ${ipfsPath}: ${kuboMessage(r.body)}`);
  const links = ((JSON.parse(r.body.toString('utf8')) as { Objects?: { Links?: { Name: string; Hash: string; Size: number; Type: number }[] }[] }).Objects?.[0]?.Links ?? []);
  const rows = links
    .map((l) => `<tr><td><a href="${encodeURIComponent(l.Name)}${l.Type === 1 ? '/' : ''}">${escapeHtml(l.Name)}${l.Type === 1 ? '/' : ''}</a></td><td>${l.Type === 1 ? '' : l.Size}</td><td><code>${escapeHtml(l.Hash)}</code></td></tr>`)
    .join('\n');
  const body = `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(ipfsPath)}/</title></head>\n<body><h1>Index of ${escapeHtml(ipfsPath)}/</h1>\n<table>\n<tr><th>Name</th><th>Size</th><th>CID</th></tr>\n${rows}\n</table></body></html>\n`;
  res.writeHead(200, { ...common, ETag: etag, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return { status: 200, bytes: req.method === 'HEAD' ? 0 : Buffer.byteLength(body) };
}
