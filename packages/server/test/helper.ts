import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createParentsRepository } from '../src/modules/auth/parents-repository.js';
import { workerDatabaseUrl } from './support/worker-database.js';
import { pgBossSchema } from '../src/modules/reminders/pg-boss-queue.js';

/**
 * Set (with TEST_ENGINE=postgres) by the root vitest config's server-postgres project: this
 * worker's own database beside TEST_DATABASE_URL's (support/worker-database.ts).
 */
export const TEST_DATABASE_URL =
  process.env.TEST_ENGINE === 'postgres' && process.env.TEST_DATABASE_URL
    ? workerDatabaseUrl(process.env.TEST_DATABASE_URL)
    : undefined;
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestParent {
  id: string;
  email: string;
  token: string;
  /** `app.inject` with this parent's bearer token. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestContext {
  app: App;
  config: Config;
  dataDir: string;
  createParent(email?: string): Promise<TestParent>;
}

/**
 * A fresh app on a fresh database for one test file: in-memory SQLite, or its own schema on
 * TEST_DATABASE_URL. Closed and dropped after the file's tests.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    // Scans at the tests' own priority: the files run side by side (more workers than cores,
    // decision 026), and at production's nice +10 a file's sequential scans waited behind the
    // other workers' tests, which made the longest OCR file the run's critical path.
    SCAN_NICE: '0',
    ...env,
  });
  const schema = TEST_DATABASE_URL ? await createSchema(TEST_DATABASE_URL) : undefined;
  config.databaseUrl = TEST_DATABASE_URL ?? ':memory:';
  config.databaseSchema = schema;

  const app = await buildApp(config, { logger: false, serveWeb: false, ...options });
  await app.ready();
  afterAll(async () => {
    await app.close();
    if (schema && TEST_DATABASE_URL) await dropSchema(TEST_DATABASE_URL, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const parents = createParentsRepository(app.db);
  return {
    app,
    config,
    dataDir,
    async createParent(email = `parent-${randomUUID().slice(0, 8)}@example.com`) {
      const parent = await parents.upsertByIdentity({ sub: `test:${email}`, email, name: 'Test Parent' });
      const token = await app.accessTokens.sign(parent.id);
      return {
        id: parent.id,
        email,
        token,
        inject: (opts) =>
          app.inject({ ...opts, headers: { authorization: `Bearer ${token}`, ...(opts.headers ?? {}) } }),
      };
    },
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createSchema(url: string): Promise<string> {
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  await withClient(url, (c) => c.query(`CREATE SCHEMA ${schema}`));
  return schema;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  // With the reminder queue's schema beside it (pg-boss-queue.ts), when a test made one.
  await withClient(url, (c) =>
    c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${pgBossSchema(schema)} CASCADE`),
  );
}
