/** The storage network's SQLite files (meta-node service, storage client): created with their folder, WAL, schema applied. */
import Database from 'better-sqlite3';

import { dirname } from 'node:path';
import { makeDirs } from '../make-dirs.ts';

export function openSqlite(path: string, schema: string): Database.Database {
  makeDirs(dirname(path));
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(schema);
  return db;
}
