import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { MIGRATION_TABLE } from '../db/migration-status.js';
import { OpsError } from './data-dir.js';

/** Inside a backup: manifest.json, and DATA_DIR's files under data/. */
export const MANIFEST = 'manifest.json';
export const DATA_FOLDER = 'data';
export const BACKUP_FORMAT = 'spellwell-backup';
export const BACKUP_VERSION = 1;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The migrations the database had run: its schema version. */
  migrations: string[];
  /** Every file under data/, by its path there, with its size and SHA-256. */
  files: Record<string, { size: number; sha256: string }>;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every file under `folder`, as paths relative to it (forward slashes, as tar stores them). */
export function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listFiles(folder, relative);
    return entry.isFile() ? [relative] : [];
  });
}

export function describeFiles(folder: string): Manifest['files'] {
  return Object.fromEntries(
    listFiles(folder).map((name) => {
      const file = path.join(folder, name);
      return [name, { size: statSync(file).size, sha256: sha256(file) }];
    }),
  );
}

/** The files on disk are exactly the manifest's, byte for byte. */
export function verifyFiles(folder: string, files: Manifest['files']): string | null {
  const present = listFiles(folder).sort();
  const expected = Object.keys(files).sort();
  if (present.join('\n') !== expected.join('\n')) return 'its files are not the ones its manifest lists';
  for (const name of expected) {
    const file = path.join(folder, name);
    if (statSync(file).size !== files[name]!.size || sha256(file) !== files[name]!.sha256)
      return `${name} does not match its checksum`;
  }
  return null;
}

/**
 * Opens a copied database read-only and checks it: SQLite's integrity check, then the
 * migrations it ran. Throws an OpsError saying what is wrong.
 */
export function checkDatabaseCopy(file: string, what: string): string[] {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new OpsError(`${what}: the database cannot be opened (${(error as Error).message})`);
  }
  try {
    const integrity = database.pragma('integrity_check', { simple: true }) as string;
    if (integrity !== 'ok')
      throw new OpsError(
        `${what}: the database fails SQLite's integrity check (${integrity.replace(/\n+/g, '; ')})`,
      );
    const rows = database.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as {
      name: string;
    }[];
    return rows.map((r) => r.name);
  } catch (error) {
    if (error instanceof OpsError) throw error;
    throw new OpsError(`${what}: this is not a SpellWell database (${(error as Error).message})`);
  } finally {
    database.close();
  }
}
