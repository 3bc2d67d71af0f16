import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createParentsRepository } from '../../packages/server/src/modules/auth/parents-repository.js';
import { seed, seedGradingFamily, type GradingFamily, type Seeded } from './seed.js';

export type Engine = 'sqlite' | 'postgres';

export interface BenchApp extends Seeded {
  app: App;
  engine: Engine;
  url: string;
  /** Headers a signed-in browser sends. */
  headers: Record<string, string>;
  /** Other families, each signed in on its own, for grading as many families do at once. */
  gradingFamilies: GradingFamily[];
  close(): Promise<void>;
}

/** As many families as the load has connections: each grades one word at a time, as the app does. */
export const GRADING_FAMILIES = 20;

/** PostgreSQL for the benchmarks, when one is configured. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The real app as production runs it (logger off so the terminal is not the bottleneck),
 * on a fresh SQLite file or a fresh PostgreSQL schema, listening on a random loopback port,
 * with one parent's realistic data.
 */
export async function startBenchApp(
  engine: Engine,
  options: { serveWeb?: boolean; webDist?: string } = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    GOOGLE_CLIENT_ID: 'spellwell-bench.apps.googleusercontent.com',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    LOG_LEVEL: 'silent',
    // One address sends every request here; the limits are meant for many parents.
    RATE_LIMIT_MULTIPLIER: '10000',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    // To compare pool sizes: DATABASE_POOL_SIZE=5 npx tsx bench/api.ts
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
  });
  let schema: string | undefined;
  if (engine === 'postgres') {
    if (!POSTGRES_URL) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL');
    schema = `bench_${randomUUID().replaceAll('-', '')}`;
    await withClient(POSTGRES_URL, (c) => c.query(`CREATE SCHEMA ${schema}`));
    config.databaseUrl = POSTGRES_URL;
    config.databaseSchema = schema;
  }

  const app = await buildApp(config, { logger: false, serveWeb: options.serveWeb ?? false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  const parents = createParentsRepository(app.db);
  const parent = await parents.upsertByIdentity({
    sub: `bench:${randomUUID()}`,
    email: 'bench-parent@example.com',
    name: 'Bench Parent',
  });
  const headersOf = async (parentId: string) => ({
    authorization: `Bearer ${await app.accessTokens.sign(parentId)}`,
    'x-time-zone': 'Asia/Singapore',
    'accept-encoding': 'gzip, deflate, br',
  });
  const headers = await headersOf(parent.id);
  const seeded = await seed(app, parent.id, headers);
  const gradingFamilies: GradingFamily[] = [];
  for (let i = 0; i < GRADING_FAMILIES; i++) {
    const family = await parents.upsertByIdentity({
      sub: `bench:${randomUUID()}`,
      email: `bench-family-${i}@example.com`,
      name: `Bench Family ${i}`,
    });
    gradingFamilies.push(await seedGradingFamily(app, family.id, await headersOf(family.id)));
  }
  // Creating the sets queued their words for background speech (200 words, each a WebAssembly
  // run): let it finish, or it competes with the measured requests for this machine's cores.
  await app.speech.idle();

  return {
    ...seeded,
    app,
    engine,
    url: `http://127.0.0.1:${address.port}`,
    headers,
    gradingFamilies,
    async close() {
      await app.close();
      if (schema && POSTGRES_URL)
        await withClient(POSTGRES_URL, (c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
