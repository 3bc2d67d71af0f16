import path from 'node:path';
import { OpsError } from '../src/ops/data-dir.js';

/**
 * The shared shell of `npm run backup` and `npm run restore`: DATA_DIR as the server reads it
 * (relative to where npm runs, like `npm start`), the file relative to where the user typed.
 */
export async function runOps(name: string, work: (dataDir: string, file: string) => Promise<void>) {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error(`usage: npm run ${name} -- <file.tar.gz>   (DATA_DIR as for the server)`);
    process.exit(2);
  }
  if (process.env.DATABASE_URL) {
    console.error(`DATABASE_URL is set: use pg_dump and pg_restore for PostgreSQL (docs/deploy.md).`);
    process.exit(1);
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  try {
    await work(dataDir, path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
  } catch (error) {
    if (!(error instanceof OpsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
