import { backupDataDir } from '../src/ops/backup.js';
import { runOps } from './ops-cli.js';

/** `npm run backup -- <file>`: a consistent copy of DATA_DIR in one file, even while serving. */
await runOps('backup', async (dataDir, file) => {
  const done = await backupDataDir(dataDir, file);
  const source = done.fromRunningServer ? 'copied by the running server' : 'no server was running';
  console.info(
    `Backed up ${dataDir} to ${done.file} ` +
      `(${done.bytes} bytes; schema ${done.migrations.at(-1)}; ${done.files.length} files; ${source}).`,
  );
});
