/** The storage network's SQLite files (meta-node service, storage client): created with their folder, WAL, schema applied. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export function openSqlite(path: string, schema: string): Database.Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(schema);
  return db;
}
