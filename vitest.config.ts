import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every package's unit and integration tests. With
// TEST_DATABASE_URL set (CI does), the server's database tests run a second time on PostgreSQL.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './packages/server/vitest.config.ts',
        test: {
          name: 'server-postgres',
          root: './packages/server',
          // OCR and speech do not touch the database: once is enough.
          exclude: ['test/services/**', '**/node_modules/**'],
          env: { TEST_ENGINE: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/server', 'packages/web', ...postgres],
  },
});
