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

const postgres = process.env.TEST_DATABASE_URL
  ? [server('server-postgres', { exclude: OCR_AND_SPEECH, env: { TEST_ENGINE: 'postgres' } })]
  : [];

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      'packages/shared',
      'packages/web',
      server('server', { exclude: OCR_AND_SPEECH }),
      server('server-ocr-speech', { include: OCR_AND_SPEECH }),
      ...postgres,
    ],
  },
});
