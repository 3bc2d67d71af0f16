// The real app with one parent holding 500 MB of recordings (bench/export.ts) and another
// parent whose requests are timed while the first downloads their data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createParentsRepository } from '../../packages/server/src/modules/auth/parents-repository.js';
import { seedBigAccount } from '../../packages/server/test/support/big-account.js';

const RECORDING_BYTES = 256 * 1024;
const RECORDINGS = Number(process.env.BENCH_EXPORT_RECORDINGS ?? 2000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-bench-export-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'production',
    GOOGLE_CLIENT_ID: 'spellwell-bench.apps.googleusercontent.com',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    LOG_LEVEL: 'silent',
  }),
  { logger: false, serveWeb: false },
);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

const parents = createParentsRepository(app.db);
const exporter = await parents.upsertByIdentity({
  sub: 'bench:exporter',
  email: 'exporter@example.com',
  name: 'E',
});
const other = await parents.upsertByIdentity({ sub: 'bench:other', email: 'other@example.com', name: 'O' });
// 200-word sets (the most a set holds), every word recorded at the largest size a recording may
// have, and a year of grades.
const { recordingBytes } = await seedBigAccount(app.db.kysely, exporter.id, {
  children: 1,
  setsPerChild: Math.ceil(RECORDINGS / 200),
  wordsPerSet: 200,
  recordEvery: 1,
  recordingBytes: RECORDING_BYTES,
  reviewsPerChild: 10_000,
  sheetsPerChild: 40,
});
// Seeding wrote 500 MB through the write-ahead log: fold it into the database now, not while
// the baseline is measured (the server does it when idle, in one step).
await sql`pragma wal_checkpoint(TRUNCATE)`.execute(app.db.kysely);
// And collect the seeding's 500 MB of buffers now, not during the baseline (started with --expose-gc).
(globalThis as { gc?: () => void }).gc?.();
const bearer = async (id: string) => `Bearer ${await app.accessTokens.sign(id)}`;
console.info(
  JSON.stringify({
    url: `http://127.0.0.1:${address.port}`,
    recordingBytes,
    exporter: await bearer(exporter.id),
    other: await bearer(other.id),
  }),
);
process.on(
  'SIGTERM',
  () =>
    void app.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
