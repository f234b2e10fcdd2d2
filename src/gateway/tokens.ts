/**
 * Gateway Access Tokens, in SQLite under the gateway's home (`data/gateway.sqlite`). A token is 20
 * random bytes in base64 (28 characters, the shape of the docs' public token; regenerated until it
 * holds no `/`, so that it is one path segment); only its SHA-256 is stored, and it is shown once,
 * when created. Each token has a tier, an optional owner wallet (a private token), and its usage:
 * the token bucket's state and the traffic of each window, persisted so that limits hold across
 * restarts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { CID } from 'multiformats/cid';
import { openSqlite } from '../sds/sqlite.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tokens (id INTEGER PRIMARY KEY AUTOINCREMENT, hash TEXT NOT NULL UNIQUE, prefix TEXT NOT NULL, tier TEXT NOT NULL,
  owner TEXT NOT NULL DEFAULT '', label TEXT NOT NULL DEFAULT '', created_at INTEGER NOT NULL, revoked_at INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS usage (token_id INTEGER NOT NULL, window_start INTEGER NOT NULL, requests INTEGER NOT NULL, bytes_in INTEGER NOT NULL,
  bytes_out INTEGER NOT NULL, rejected INTEGER NOT NULL, PRIMARY KEY (token_id, window_start));
CREATE TABLE IF NOT EXISTS buckets (token_id INTEGER PRIMARY KEY, tokens REAL NOT NULL, updated_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS owned (owner TEXT NOT NULL, cid TEXT NOT NULL, PRIMARY KEY (owner, cid));
`;

/** 28 characters of standard base64 without `/`: 27 of the alphabet and the `=` of 20 bytes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9+]{27}=$/;

export interface TokenRow {
  readonly id: number;
  readonly prefix: string;
  readonly tier: string;
  readonly owner: string;
  readonly label: string;
  readonly created_at: number;
  readonly revoked_at: number;
}

export interface UsageRow {
  readonly window_start: number;
  readonly requests: number;
  readonly bytes_in: number;
  readonly bytes_out: number;
  readonly rejected: number;
}

/** One key per content: the CIDv1 form (a CIDv0 and its CIDv1 name the same DAG). */
function contentKey(cid: string): string {
  try {
    return CID.parse(cid).toV1().toString();
  } catch {
    return cid;
  }
}

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export class TokenStore {
  readonly db: Database.Database;

  constructor(path: string) {
    this.db = openSqlite(path, SCHEMA);
  }

  /** prepared statements, compiled once (compiling one per request was a sixth of the gateway's CPU) */
  private readonly statements = new Map<string, Database.Statement>();

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  close(): void {
    this.db.close();
  }

  create(tier: string, owner: string, label: string, now: number): { token: string; row: TokenRow } {
    let token: string;
    do token = randomBytes(20).toString('base64');
    while (!TOKEN_PATTERN.test(token));
    const info = this.db
      .prepare('INSERT INTO tokens (hash, prefix, tier, owner, label, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(hashToken(token), token.slice(0, 4), tier, owner, label, now);
    return { token, row: this.byId(Number(info.lastInsertRowid))! };
  }

  byId(id: number): TokenRow | undefined {
    return this.stmt('SELECT id, prefix, tier, owner, label, created_at, revoked_at FROM tokens WHERE id = ?').get(id) as TokenRow | undefined;
  }

  /** The token's row when it exists (revoked or not). */
  lookup(token: string): TokenRow | undefined {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    return this.stmt('SELECT id, prefix, tier, owner, label, created_at, revoked_at FROM tokens WHERE hash = ?').get(hashToken(token)) as TokenRow | undefined;
  }

  list(): TokenRow[] {
    return this.stmt('SELECT id, prefix, tier, owner, label, created_at, revoked_at FROM tokens ORDER BY id').all() as TokenRow[];
  }

  revoke(id: number, now: number): boolean {
    return this.stmt('UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at = 0').run(now, id).changes > 0;
  }

  setTier(id: number, tier: string): boolean {
    return this.stmt('UPDATE tokens SET tier = ? WHERE id = ?').run(tier, id).changes > 0;
  }

  usage(id: number, windowStart: number): UsageRow {
    return (
      (this.stmt('SELECT window_start, requests, bytes_in, bytes_out, rejected FROM usage WHERE token_id = ? AND window_start = ?').get(id, windowStart) as UsageRow | undefined) ?? {
        window_start: windowStart, requests: 0, bytes_in: 0, bytes_out: 0, rejected: 0,
      }
    );
  }

  usageHistory(id: number): UsageRow[] {
    return this.stmt('SELECT window_start, requests, bytes_in, bytes_out, rejected FROM usage WHERE token_id = ? ORDER BY window_start').all(id) as UsageRow[];
  }

  addUsage(id: number, windowStart: number, d: { requests: number; bytesIn: number; bytesOut: number; rejected: number }): void {
    this.db
      .prepare(
        `INSERT INTO usage (token_id, window_start, requests, bytes_in, bytes_out, rejected) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(token_id, window_start) DO UPDATE SET requests = requests + excluded.requests, bytes_in = bytes_in + excluded.bytes_in,
           bytes_out = bytes_out + excluded.bytes_out, rejected = rejected + excluded.rejected`,
      )
      .run(id, windowStart, d.requests, d.bytesIn, d.bytesOut, d.rejected);
  }

  bucket(id: number): { tokens: number; updated_ms: number } | undefined {
    return this.stmt('SELECT tokens, updated_ms FROM buckets WHERE token_id = ?').get(id) as { tokens: number; updated_ms: number } | undefined;
  }

  saveBucket(id: number, tokens: number, updatedMs: number): void {
    this.stmt('INSERT INTO buckets (token_id, tokens, updated_ms) VALUES (?, ?, ?) ON CONFLICT(token_id) DO UPDATE SET tokens = excluded.tokens, updated_ms = excluded.updated_ms').run(id, tokens, updatedMs);
  }

  addOwned(owner: string, cid: string): void {
    this.stmt('INSERT OR IGNORE INTO owned (owner, cid) VALUES (?, ?)').run(owner, contentKey(cid));
  }

  /** Whether `owner` added the content `cid` names, in whichever CID version it is written now. */
  owns(owner: string, cid: string): boolean {
    return this.stmt('SELECT 1 FROM owned WHERE owner = ? AND cid = ?').get(owner, contentKey(cid)) !== undefined;
  }
}
