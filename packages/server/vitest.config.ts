import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The server's test settings. The root vitest.config.ts splits these files into the projects
// `server`, `server-ocr-speech` and `server-postgres`; run them from the root.
export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // OCR and speech tests do real work on two cores; give them room.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On PostgreSQL, the worker's own database (test/support/worker-database.ts).
    setupFiles: ['test/support/setup-worker-database.ts'],
    // No fonts at all, as on a new machine: a test that needs the machine's fonts fails here
    // rather than only on someone else's machine (worksheets are committed images).
    env: { FONTCONFIG_FILE: fileURLToPath(new URL('test/support/no-fonts.conf', import.meta.url)) },
  },
});
