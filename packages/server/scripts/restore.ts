import { restoreDataDir } from '../src/ops/restore.js';
import { runOps } from './ops-cli.js';

/** `npm run restore -- <file>`: a checked backup into a DATA_DIR no server is using. */
await runOps('restore', async (dataDir, file) => {
  const done = await restoreDataDir(dataDir, file);
  console.info(
    `Restored the backup of ${done.createdAt} into ${dataDir} (schema ${done.migrations.at(-1)}; ` +
      `${done.files.length} files). The next start runs any newer migrations.`,
  );
});
