import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { dataPath } from './data-dir.js';

/**
 * The copies a backup makes inside DATA_DIR, by name: the server's copy of its database
 * (`.backup-<uuid>.sqlite`) and the backup command's staging folder
 * (`.backup-staging-<pid>-XXXXXX`). Each is removed after use; the names let a server start
 * remove what a killed server or backup command left behind.
 */
const SERVER_COPY =
  /^\.backup-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.sqlite(-journal|-wal|-shm)?$/;
const STAGING = /^\.backup-staging-(\d+)-[A-Za-z0-9]{6}$/;

/** Where the server writes a copy of its database for one backup. */
export const serverCopyPath = (dataDir: string) => dataPath(dataDir, `.backup-${randomUUID()}.sqlite`);

/** A folder for one backup command's files, named after its process. */
export const makeStaging = (dataDir: string) =>
  mkdtempSync(dataPath(dataDir, `.backup-staging-${process.pid}-`));

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the backup copies left in DATA_DIR by a server or a backup command that was killed
 * half-way; returns their names. Called by the server holding DATA_DIR's database as it
 * starts: the copies of an earlier server are all dead then, and a staging folder is removed
 * only when the backup command that made it no longer runs.
 */
export function removeBackupLeftovers(dataDir: string): string[] {
  const leftovers = readdirSync(dataDir).filter((name) => {
    if (SERVER_COPY.test(name)) return true;
    const staging = STAGING.exec(name);
    return staging !== null && !running(Number(staging[1]));
  });
  for (const name of leftovers) rmSync(dataPath(dataDir, name), { recursive: true, force: true });
  return leftovers;
}
