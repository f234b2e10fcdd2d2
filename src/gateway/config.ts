/**
 * A regional gateway's configuration, `<home>/config/gateway.toml` (docs/gateway.md): where it
 * listens, its region, its upstreams (the resource nodes' JSON-RPC with routing weights, the
 * storage client API), the region table `/regions/{code}` answers, and the access tiers. Tier
 * names and numbers are the simulator's own (the real gateway's are not public, reference §5.2).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify, type TomlTable } from 'smol-toml';
import { makeDirs } from '../make-dirs.ts';

export const REGION_CODES = ['EU', 'USEAST', 'USWEST', 'ASIA'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

export interface Tier {
  readonly name: string;
  /** token bucket: requests per second refilled, and the bucket size */
  readonly ratePerSecond: number;
  readonly burst: number;
  /** requests in flight at once */
  readonly concurrency: number;
  /** bytes received + sent per window */
  readonly trafficBytes: number;
  readonly windowSeconds: number;
  /** the largest request body (uploads) */
  readonly maxUploadBytes: number;
}

export interface Upstream {
  readonly url: string;
  readonly weight: number;
}

export interface RegionEntry {
  readonly region: RegionCode;
  readonly domain: string;
  readonly weight: number;
}

export interface GatewayConfig {
  readonly listen: string;
  readonly region: RegionCode;
  readonly rpcUpstreams: readonly Upstream[];
  readonly spfsUpstream: string;
  readonly regions: readonly RegionEntry[];
  readonly tiers: readonly Tier[];
  /** how long an upstream that did not answer is skipped */
  readonly upstreamRetrySeconds: number;
  /**
   * the slow-client guard: the headers must arrive within this, and a body must bring at least
   * MIN_BODY_PROGRESS_BYTES in every such period until it ends (408); no cap on a whole upload
   */
  readonly requestTimeoutSeconds: number;
  /** a resource node or the storage client API that sends nothing for this long is given up (502) */
  readonly upstreamTimeoutSeconds: number;
}

export const DEFAULT_TIERS: readonly Tier[] = Object.freeze([
  { name: 'free', ratePerSecond: 5, burst: 10, concurrency: 2, trafficBytes: 1024 ** 3, windowSeconds: 86_400, maxUploadBytes: 6 * 1024 ** 2 },
  { name: 'basic', ratePerSecond: 20, burst: 40, concurrency: 8, trafficBytes: 50 * 1024 ** 3, windowSeconds: 86_400, maxUploadBytes: 64 * 1024 ** 2 },
  { name: 'pro', ratePerSecond: 100, burst: 200, concurrency: 32, trafficBytes: 1024 ** 4, windowSeconds: 86_400, maxUploadBytes: 1024 ** 3 },
]);

export const gatewayConfigFile = (home: string): string => join(home, 'config', 'gateway.toml');

export function defaultGatewayConfig(region: RegionCode, listen: string): GatewayConfig {
  return {
    listen,
    region,
    rpcUpstreams: [{ url: 'http://127.0.0.1:9301', weight: 1 }],
    spfsUpstream: 'http://127.0.0.1:6798',
    regions: [{ region, domain: `http://${listen}`, weight: 100 }],
    tiers: DEFAULT_TIERS,
    upstreamRetrySeconds: 10,
    requestTimeoutSeconds: 30,
    upstreamTimeoutSeconds: 60,
  };
}

export function parseRegion(text: string): RegionCode {
  const r = text.toUpperCase();
  if ((REGION_CODES as readonly string[]).includes(r)) return r as RegionCode;
  throw new Error(`unknown region code ${JSON.stringify(text)}: expected one of ${REGION_CODES.join(', ')}`);
}

export function writeGatewayConfig(home: string, c: GatewayConfig): void {
  makeDirs(join(home, 'config'));
  const doc = {
    server: { listen: c.listen, region: c.region, upstream_retry_seconds: c.upstreamRetrySeconds, request_timeout_seconds: c.requestTimeoutSeconds, upstream_timeout_seconds: c.upstreamTimeoutSeconds },
    upstreams: { spfs: c.spfsUpstream, rpc: c.rpcUpstreams.map((u) => ({ url: u.url, weight: u.weight })) },
    regions: c.regions.map((r) => ({ region: r.region, domain: r.domain, weight: r.weight })),
    tiers: c.tiers.map((t) => ({
      name: t.name, rate_per_second: t.ratePerSecond, burst: t.burst, concurrency: t.concurrency, traffic_bytes: t.trafficBytes,
      window_seconds: t.windowSeconds, max_upload_bytes: t.maxUploadBytes,
    })),
  };
  writeFileSync(gatewayConfigFile(home), stringify(doc) + '\n', { mode: 0o600 });
}

function num(t: TomlTable, key: string, where: string, min = 0): number {
  const v = t[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min) throw new Error(`${where}.${key} must be a number ≥ ${min}, got ${JSON.stringify(v)}`);
  return v;
}

function regionAt(v: unknown, where: string): RegionCode {
  try {
    return parseRegion(String(v));
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

export function readGatewayConfig(home: string): GatewayConfig {
  const file = gatewayConfigFile(home);
  if (!existsSync(file)) throw new Error(`no ${file}: run gateway init --home ${home} first`);
  let doc: TomlTable;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  const server = (doc.server ?? {}) as TomlTable;
  const up = (doc.upstreams ?? {}) as TomlTable;
  const rpc = (up.rpc ?? []) as TomlTable[];
  if (!Array.isArray(rpc) || rpc.length === 0) throw new Error(`${file}: upstreams.rpc must list at least one resource node {url, weight}`);
  const tiers = ((doc.tiers ?? []) as TomlTable[]).map((t, i) => {
    const where = `${file}: tiers[${i}]`;
    if (typeof t.name !== 'string' || !/^[a-z][a-z0-9_-]*$/.test(t.name)) throw new Error(`${where}.name must be a lowercase word`);
    return {
      name: t.name, ratePerSecond: num(t, 'rate_per_second', where, 0.001), burst: num(t, 'burst', where, 1), concurrency: num(t, 'concurrency', where, 1),
      trafficBytes: num(t, 'traffic_bytes', where, 1), windowSeconds: num(t, 'window_seconds', where, 1), maxUploadBytes: num(t, 'max_upload_bytes', where, 1),
    };
  });
  if (tiers.length === 0) throw new Error(`${file}: at least one [[tiers]] is needed`);
  return {
    listen: String(server.listen ?? '127.0.0.1:8080'),
    region: regionAt(server.region ?? 'EU', `${file}: server.region`),
    upstreamRetrySeconds: server.upstream_retry_seconds === undefined ? 10 : num(server, 'upstream_retry_seconds', `${file}: server`, 0),
    requestTimeoutSeconds: server.request_timeout_seconds === undefined ? 30 : num(server, 'request_timeout_seconds', `${file}: server`, 1),
    upstreamTimeoutSeconds: server.upstream_timeout_seconds === undefined ? 60 : num(server, 'upstream_timeout_seconds', `${file}: server`, 1),
    rpcUpstreams: rpc.map((u, i) => {
      if (typeof u.url !== 'string') throw new Error(`${file}: upstreams.rpc[${i}].url must be a URL`);
      return { url: u.url.replace(/\/+$/, ''), weight: typeof u.weight === 'number' && u.weight > 0 ? u.weight : 1 };
    }),
    spfsUpstream: String(up.spfs ?? 'http://127.0.0.1:6798').replace(/\/+$/, ''),
    regions: ((doc.regions ?? []) as TomlTable[]).map((r, i) => ({
      region: regionAt(r.region, `${file}: regions[${i}].region`),
      domain: String(r.domain ?? ''),
      weight: typeof r.weight === 'number' ? r.weight : (() => { throw new Error(`${file}: regions[${i}].weight must be a number`); })(),
    })),
    tiers,
  };
}
