import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { migrations as knownMigrations } from '../db/migrations/index.js';
import { secureDataDir } from '../db/storage-at-rest.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  checkDatabaseCopy,
  DATA_FOLDER,
  MANIFEST,
  verifyFiles,
  type Manifest,
} from './backup-archive.js';
import { askServer } from './control-client.js';
import { DATA_FILES, dataPath, OpsError } from './data-dir.js';

const UNCHANGED = 'nothing was changed';
/**
 * The migrations this code ships, by exact name. A Set, not `name in migrations`: that also
 * finds an object's inherited properties, so a backup naming a migration `toString` was taken
 * for a known schema, restored, and the server then refused to start on it.
 */
const KNOWN_MIGRATIONS = new Set(Object.keys(knownMigrations));

export interface RestoreSummary {
  createdAt: string;
  migrations: string[];
  files: string[];
}

/**
 * Restores a backup into a DATA_DIR no server is using. Everything is checked first (the
 * archive whole, every checksum, SQLite's integrity check, a schema no newer than this code);
 * a file that fails any check changes nothing. The next server start runs any newer migrations.
 */
export async function restoreDataDir(dataDir: string, archive: string): Promise<RestoreSummary> {
  if (!existsSync(archive)) throw new OpsError(`There is no file ${archive}: ${UNCHANGED}`);
  await refuseWhileServing(dataDir);

  const staging = mkdtempSync(path.join(tmpdir(), 'spellwell-restore-'));
  try {
    const manifest = await unpack(archive, staging);
    const data = path.join(staging, DATA_FOLDER);
    const what = `${archive} is not a usable backup`;
    const damaged = verifyFiles(data, manifest.files);
    if (damaged) throw new OpsError(`${what}: ${damaged}; ${UNCHANGED}`);
    const copy = path.join(data, DATA_FILES.database);
    if (!existsSync(copy)) throw new OpsError(`${what}: it holds no database; ${UNCHANGED}`);
    let migrations: string[];
    try {
      migrations = checkDatabaseCopy(copy, what);
    } catch (error) {
      throw new OpsError(`${(error as Error).message}; ${UNCHANGED}`);
    }
    const newer = migrations.filter((name) => !KNOWN_MIGRATIONS.has(name));
    if (newer.length > 0)
      throw new OpsError(
        `${archive} comes from a newer SpellWell (schema ${newer.join(', ')}): upgrade SpellWell, then restore; ${UNCHANGED}`,
      );

    install(data, dataDir);
    return { createdAt: manifest.createdAt, migrations, files: Object.keys(manifest.files) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A server on DATA_DIR answers on its socket, or at least holds the database file's lock. */
async function refuseWhileServing(dataDir: string): Promise<void> {
  const running = `A SpellWell server is running on ${dataDir}: stop it, then restore; ${UNCHANGED}`;
  const answer = await askServer(dataPath(dataDir, DATA_FILES.controlSocket), { command: 'ping' }).catch(
    () => null,
  );
  if (answer) throw new OpsError(running);
  const file = dataPath(dataDir, DATA_FILES.database);
  if (!existsSync(file)) return;
  const database = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    database.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new OpsError(running);
    // A damaged current database is what a restore is for: go on.
  } finally {
    database.close();
  }
}

async function unpack(archive: string, staging: string): Promise<Manifest> {
  const broken = (reason: string) =>
    new OpsError(
      `${archive} is damaged or incomplete (${reason}): it is not a whole SpellWell backup; ${UNCHANGED}`,
    );
  try {
    // Plain files and folders only; tar itself refuses absolute paths and `..`.
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    throw broken((error as Error).message);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw broken('no readable manifest');
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.files !== 'object' || manifest.files === null)
    throw broken('not a SpellWell backup manifest');
  if (manifest.version > BACKUP_VERSION)
    throw new OpsError(
      `${archive} was written by a newer SpellWell (backup format ${manifest.version}); ${UNCHANGED}`,
    );
  return manifest;
}

/**
 * Moves the checked files into DATA_DIR, each copied beside its place and renamed over it, with
 * the owner-only modes the server gives them (folder 0700, files 0600).
 */
function install(data: string, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const place = (name: string) => {
    const target = dataPath(dataDir, name);
    const incoming = `${target}.restoring`;
    copyFileSync(path.join(data, name), incoming);
    chmodSync(incoming, 0o600);
    return { target, incoming };
  };

  const secret = existsSync(path.join(data, DATA_FILES.jwtSecret)) ? place(DATA_FILES.jwtSecret) : undefined;
  const database = place(DATA_FILES.database);
  let recordings: { target: string; incoming: string } | undefined;
  if (existsSync(path.join(data, DATA_FILES.recordings))) {
    const target = dataPath(dataDir, DATA_FILES.recordings);
    recordings = { target, incoming: `${target}.restoring` };
    rmSync(recordings.incoming, { recursive: true, force: true });
    cpSync(path.join(data, DATA_FILES.recordings), recordings.incoming, { recursive: true });
    chmodSync(recordings.incoming, 0o700);
  }

  // The old database's write-ahead log belongs to the old file: applied to the restored one,
  // it would corrupt it.
  for (const suffix of ['-wal', '-shm']) rmSync(`${database.target}${suffix}`, { force: true });
  renameSync(database.incoming, database.target);
  if (secret) renameSync(secret.incoming, secret.target);
  if (recordings) {
    const old = `${recordings.target}.old`;
    rmSync(old, { recursive: true, force: true });
    if (existsSync(recordings.target)) renameSync(recordings.target, old);
    renameSync(recordings.incoming, recordings.target);
    rmSync(old, { recursive: true, force: true });
  }
  // The same owner-only modes a server start gives everything in DATA_DIR.
  secureDataDir(dataDir);
}
