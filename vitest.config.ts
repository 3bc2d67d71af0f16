import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import serverConfig from './packages/server/vitest.config';

// One `vitest run` at the root runs every package's unit and integration tests, on every core
// (Vitest's default leaves one idle: half of this two-core machine). The server's tests are
// three projects: OCR and speech (real recognition and synthesis, the heavy files, no
// database), the rest on SQLite, and with TEST_DATABASE_URL set (CI sets it) the rest again
// on PostgreSQL, each worker on a database of its own. docs/decisions/026-test-layout.md.

/** Real OCR and speech: they never touch the database, so they run once. */
const OCR_AND_SPEECH = ['test/services/**/*.test.ts'];

const server = (
  name: string,
  test: TestProjectInlineConfiguration['test'] = {},
): TestProjectInlineConfiguration => ({
  test: {
    ...serverConfig.test,
    ...test,
    name,
    root: './packages/server',
    env: { ...serverConfig.test?.env, ...test?.env },
  },
});

/**
 * `isolate: false` (a worker keeps the app's modules from file to file) cut these projects'
 * CPU by about 40% on the large files, but the faster runs put two grades, or two share codes,
 * in one millisecond often enough that tests assuming their order failed in three CI runs out of
 * three. Off until a grade's time is made strictly increasing per word (decision 026).
 */
const SHARED_MODULES = { exclude: OCR_AND_SPEECH, isolate: true };

const postgres = process.env.TEST_DATABASE_URL
  ? [server('server-postgres', { ...SHARED_MODULES, env: { TEST_ENGINE: 'postgres' } })]
  : [];

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      'packages/shared',
      'packages/web',
      server('server', SHARED_MODULES),
      server('server-ocr-speech', { include: OCR_AND_SPEECH }),
      ...postgres,
    ],
  },
});
