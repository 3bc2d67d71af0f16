import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * DATA_DIR holds the database, the signing secret and the spoken-word cache: only the server's
 * own user may read it. Made 0700 with everything in it 0600 (folders 0700), including what
 * an older version left readable to every local user (it created the database 0644).
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const fix = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return; // never follow a link out of DATA_DIR
    const mode = stat.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((stat.mode & 0o777) !== mode) chmodSync(entry, mode);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) fix(path.join(entry, name));
  };
  fix(dir);
}

/**
 * Opens the SQLite file created 0600 (SQLite itself would make it 0644, and gives its WAL the
 * file's mode) with secure_delete on, so deleted rows are overwritten with zeros rather than
 * left readable in free pages (an erased account must not be recoverable from the file).
 */
export function openPrivateSqlite(file: string, open: (file: string) => SQLite.Database): SQLite.Database {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
    closeSync(openSync(file, 'a', PRIVATE_FILE));
    chmodSync(file, PRIVATE_FILE);
  }
  const database = open(file);
  database.pragma('secure_delete = ON');
  return database;
}
