// Vitest setup file (packages/server/vitest.config.ts): before a file runs on PostgreSQL, the
// worker's own database exists (worker-database.ts). Imports nothing of the app: it runs
// before every server test file.
import { ensureWorkerDatabase, workerDatabaseUrl } from './worker-database.js';

const base = process.env.TEST_DATABASE_URL;
if (process.env.TEST_ENGINE === 'postgres' && base) await ensureWorkerDatabase(base, workerDatabaseUrl(base));
