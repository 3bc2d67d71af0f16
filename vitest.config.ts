import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import serverConfig from './packages/server/vitest.config';

// One `vitest run` at the root runs every package's unit and integration tests, two files per
// core: many files spend much of their time waiting (on PostgreSQL, a scan process, a server
// they started), and with one file per core the cores were idle a third of the run. The
// server's tests are three projects: OCR and speech (real recognition and synthesis, the heavy
// files, no database), the rest on SQLite, and with TEST_DATABASE_URL set (CI sets it) the rest
// again on PostgreSQL, each worker on a database of its own. docs/decisions/026-test-layout.md.

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
 * The database files share their worker's modules (`isolate: false`): a fresh module graph per
 * file cost each about 1.2 s of CPU before its first test. What the app keeps process-wide
 * must not carry from one file to the next, and two grades of one word (or two codes of one
 * set) made in one millisecond still keep their order: the product makes their times strictly
 * increasing (decision 026).
 */
const SHARED_MODULES = { exclude: OCR_AND_SPEECH, isolate: false };

const postgres = process.env.TEST_DATABASE_URL
  ? [server('server-postgres', { ...SHARED_MODULES, env: { TEST_ENGINE: 'postgres' } })]
  : [];

export default defineConfig({
  test: {
    maxWorkers: 2 * availableParallelism(),
    projects: [
      'packages/shared',
      'packages/web',
      server('server', SHARED_MODULES),
      server('server-ocr-speech', { include: OCR_AND_SPEECH }),
      ...postgres,
    ],
  },
});
