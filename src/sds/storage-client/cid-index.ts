/**
 * The storage client's index, in SQLite under its home (`data/ipfs.sqlite`): the map from a file's
 * CID to the SDS file that holds its bytes (its `v05…` hash, owner, size, name, and the IPFS share
 * link registered for it, reference §5.2), the DAG blocks that give the content its structure
 * (directories and the inner nodes of files; a file's data blocks are never kept here: the bytes live
 * in SDS), the pins, and the MFS tree of `files/*`.
 */
import type Database from 'better-sqlite3';
import { openSqlite } from '../sqlite.ts';
import { eitherVersion } from './cid-text.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS blocks (cid TEXT PRIMARY KEY, bytes BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS contents (cid TEXT PRIMARY KEY, file_hash TEXT NOT NULL, owner TEXT NOT NULL, size INTEGER NOT NULL,
  name TEXT NOT NULL, share_link TEXT NOT NULL DEFAULT '', added_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS pins (cid TEXT PRIMARY KEY, type TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mfs (path TEXT PRIMARY KEY, cid TEXT NOT NULL);
`;

export interface ContentRow {
  readonly cid: string;
  readonly file_hash: string;
  readonly owner: string;
  readonly size: number;
  readonly name: string;
  readonly share_link: string;
  readonly added_at: number;
}

export class CidIndex {
  readonly db: Database.Database;

  constructor(path: string) {
    this.db = openSqlite(path, SCHEMA);
  }

  close(): void {
    this.db.close();
  }

  putBlock(cid: string, bytes: Uint8Array): void {
    this.db.prepare('INSERT OR IGNORE INTO blocks (cid, bytes) VALUES (?, ?)').run(cid, Buffer.from(bytes));
  }

  /** A block by its CID, or by the other version's CID of the same node (a CIDv0 asked for as CIDv1, or back). */
  block(cid: string): Uint8Array | undefined {
    const r = eitherVersion(cid, (key) => this.db.prepare('SELECT bytes FROM blocks WHERE cid = ?').get(key) as { bytes: Buffer } | undefined);
    return r ? new Uint8Array(r.bytes) : undefined;
  }

  /** The blocks whose bytes hold `needle` (a CID's multihash: the blocks that may link to it). */
  blocksContaining(needle: Uint8Array): { cid: string; bytes: Uint8Array }[] {
    const rows = this.db.prepare('SELECT cid, bytes FROM blocks WHERE instr(bytes, ?) > 0').all(Buffer.from(needle)) as { cid: string; bytes: Buffer }[];
    return rows.map((r) => ({ cid: r.cid, bytes: new Uint8Array(r.bytes) }));
  }

  /** How many blocks the index holds, and their bytes. */
  blockTotals(): { count: number; bytes: number } {
    return this.db.prepare('SELECT count(*) AS count, coalesce(sum(length(bytes)), 0) AS bytes FROM blocks').get() as { count: number; bytes: number };
  }

  putContent(c: ContentRow): void {
    this.db
      .prepare(
        `INSERT INTO contents (cid, file_hash, owner, size, name, share_link, added_at) VALUES (@cid, @file_hash, @owner, @size, @name, @share_link, @added_at)
         ON CONFLICT(cid) DO UPDATE SET file_hash = excluded.file_hash, owner = excluded.owner, size = excluded.size, name = excluded.name,
           share_link = CASE WHEN excluded.share_link != '' THEN excluded.share_link ELSE contents.share_link END`,
      )
      .run(c);
  }

  /** The SDS file of a file CID, or of the other version's CID of the same node. */
  content(cid: string): ContentRow | undefined {
    return eitherVersion(cid, (key) => this.db.prepare('SELECT * FROM contents WHERE cid = ?').get(key) as ContentRow | undefined);
  }

  pin(cid: string, type: 'recursive' | 'direct' = 'recursive'): void {
    this.db.prepare('INSERT INTO pins (cid, type) VALUES (?, ?) ON CONFLICT(cid) DO UPDATE SET type = excluded.type').run(cid, type);
  }

  unpin(cid: string): boolean {
    return this.db.prepare('DELETE FROM pins WHERE cid = ?').run(cid).changes > 0;
  }

  pins(): { cid: string; type: string }[] {
    return this.db.prepare('SELECT cid, type FROM pins ORDER BY cid').all() as { cid: string; type: string }[];
  }

  isPinned(cid: string): string | undefined {
    return (this.db.prepare('SELECT type FROM pins WHERE cid = ?').get(cid) as { type: string } | undefined)?.type;
  }

  mfsPut(path: string, cid: string): void {
    this.db.prepare('INSERT INTO mfs (path, cid) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET cid = excluded.cid').run(path, cid);
  }

  mfsGet(path: string): string | undefined {
    return (this.db.prepare('SELECT cid FROM mfs WHERE path = ?').get(path) as { cid: string } | undefined)?.cid;
  }

  /** The MFS entries under `dir` (direct children only). */
  mfsChildren(dir: string): { path: string; cid: string }[] {
    const prefix = dir === '/' ? '/' : `${dir}/`;
    const rows = this.db.prepare("SELECT path, cid FROM mfs WHERE path LIKE ? ESCAPE '\\' ORDER BY path").all(`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as { path: string; cid: string }[];
    return rows.filter((r) => !r.path.slice(prefix.length).includes('/') && r.path !== dir);
  }

  /** Removes `path` and everything under it; the number of entries removed. */
  mfsRemove(path: string): number {
    const like = `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
    return this.db.prepare("DELETE FROM mfs WHERE path = ? OR path LIKE ? ESCAPE '\\'").run(path, like).changes;
  }

  mfsHasUnder(path: string): boolean {
    const like = `${path === '/' ? '' : path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
    return this.db.prepare("SELECT 1 FROM mfs WHERE path LIKE ? ESCAPE '\\' LIMIT 1").get(like) !== undefined;
  }
}
