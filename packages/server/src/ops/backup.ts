import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  checkDatabaseCopy,
  DATA_FOLDER,
  describeFiles,
  MANIFEST,
  type Manifest,
} from './backup-archive.js';
import { makeStaging } from './backup-copies.js';
import { askServer } from './control-client.js';
import { DATA_FILES, dataPath, OpsError } from './data-dir.js';

export interface BackupSummary {
  file: string;
  /** True when the running server made the database copy (false: no server, read directly). */
  fromRunningServer: boolean;
  migrations: string[];
  files: string[];
  bytes: number;
}

/**
 * Writes one .tar.gz holding a consistent copy of DATA_DIR's database, its generated secrets
 * and any recordings, with a manifest of checksums. With a server running on DATA_DIR, the
 * server copies its own database (it holds the file alone); otherwise this process does.
 * The backup holds the signing secret: it is written owner-only (0600).
 */
export async function backupDataDir(dataDir: string, outFile: string): Promise<BackupSummary> {
  if (!existsSync(dataDir)) throw new OpsError(`DATA_DIR ${dataDir} does not exist`);
  const staging = makeStaging(dataDir);
  try {
    const data = path.join(staging, DATA_FOLDER);
    mkdirSync(data, { mode: 0o700 });
    const databaseCopy = path.join(data, DATA_FILES.database);
    const fromRunningServer = await copyDatabase(dataDir, databaseCopy);
    standalone(databaseCopy);
    const migrations = checkDatabaseCopy(databaseCopy, 'The copy just made');

    const secret = dataPath(dataDir, DATA_FILES.jwtSecret);
    if (existsSync(secret)) copyFileSync(secret, path.join(data, DATA_FILES.jwtSecret));
    const recordings = dataPath(dataDir, DATA_FILES.recordings);
    if (existsSync(recordings))
      cpSync(recordings, path.join(data, DATA_FILES.recordings), { recursive: true });

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      files: describeFiles(data),
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // Written aside and renamed, so a crash never leaves a half-written file under the real name.
    const partial = `${outFile}.partial`;
    try {
      await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, DATA_FOLDER]);
      chmodSync(partial, 0o600);
      renameSync(partial, outFile);
    } finally {
      rmSync(partial, { force: true });
    }
    const files = Object.keys(manifest.files);
    return { file: outFile, fromRunningServer, migrations, files, bytes: statSync(outFile).size };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** One self-contained file: the copy keeps the server's WAL mode, which would add two files beside it. */
function standalone(file: string): void {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    database.pragma('journal_mode = DELETE');
  } finally {
    database.close();
  }
}

async function copyDatabase(dataDir: string, destination: string): Promise<boolean> {
  // The server removes its copy once we hang up: it is moved out of its way first.
  const answer = await askServer(
    dataPath(dataDir, DATA_FILES.controlSocket),
    { command: 'backup' },
    (reply) => {
      if (reply.ok) renameSync(reply.file!, destination);
    },
  );
  if (answer) {
    if (!answer.ok) throw new OpsError(`The running server refused the backup: ${answer.message}`);
    return true;
  }
  const file = dataPath(dataDir, DATA_FILES.database);
  if (!existsSync(file)) throw new OpsError(`There is no database in DATA_DIR ${dataDir}`);
  const database = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    await database.backup(destination);
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY')
      throw new OpsError(
        `The database in ${dataDir} is in use, but no server answers on its control socket: stop the process holding it, or check DATA_DIR`,
      );
    throw error;
  } finally {
    database.close();
  }
}
