// The real SpellWell app as production runs it, with its real rate limits, for
// bench/creation-flood.ts: one signed-in parent who creates as fast as the server lets them,
// and, on request, a busy family's year written into the tables. It answers "usage" over IPC
// with the database's size and what each quota counts for each parent.
// BENCH_ENGINE=postgres runs it on a fresh schema of BENCH_DATABASE_URL or TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { QUOTAS, type QuotaName } from '@spellwell/shared';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createParentsRepository } from '../../packages/server/src/modules/auth/parents-repository.js';
import { seedBigAccount } from '../../packages/server/test/support/big-account.js';
import { POSTGRES_URL } from '../lib/bench-app.js';

const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-bench-creation-'));
const config = loadConfig({
  NODE_ENV: 'production',
  GOOGLE_CLIENT_ID: 'spellwell-bench.apps.googleusercontent.com',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  LOG_LEVEL: 'silent',
});
let schema: string | undefined;
const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};
if (engine === 'postgres') {
  if (!POSTGRES_URL) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL');
  schema = `bench_${randomUUID().replaceAll('-', '')}`;
  await admin(`CREATE SCHEMA ${schema}`);
  config.databaseUrl = POSTGRES_URL;
  config.databaseSchema = schema;
}
// Speaking the new words in the background fills the audio cache on disk (capped by
// SPEECH_CACHE_MAX_MB for the whole server), not the database: off, so the flood's CPU is the
// database's.
const app = await buildApp(config, { logger: false, serveWeb: false, speechWarmUp: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const { kysely } = app.db;

const parents = createParentsRepository(app.db);
const signedIn = async (name: string) => {
  const parent = await parents.upsertByIdentity({
    sub: `bench:${randomUUID()}`,
    email: `${name}@example.com`,
    name,
  });
  return { id: parent.id, authorization: `Bearer ${await app.accessTokens.sign(parent.id)}` };
};
const flooding = await signedIn('flooding-parent');
const family = await signedIn('family-parent');

/** The database's size on disk: SQLite's file once the log is folded in; PostgreSQL's tables with their indexes and TOAST. */
async function databaseBytes(): Promise<number> {
  if (engine === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(kysely);
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(kysely);
    const size = await sql<{ page_size: number }>`pragma page_size`.execute(kysely);
    return Number(pages.rows[0]!.page_count) * Number(size.rows[0]!.page_size);
  }
  const { rows } = await sql<{
    bytes: string;
  }>`select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'`.execute(kysely);
  return Number(rows[0]!.bytes);
}

/** What each quota counts for a parent (the same joins as modules/quotas/family-quotas.ts). */
async function quotaUsage(parentId: string): Promise<Record<QuotaName, number> & { reviews: number }> {
  const count = async (query: Promise<{ n: unknown } | undefined>) => Number((await query)?.n ?? 0);
  const sets = () =>
    kysely
      .selectFrom('word_sets')
      .innerJoin('children', 'children.id', 'word_sets.child_id')
      .where('children.parent_id', '=', parentId);
  return {
    children: await count(
      kysely
        .selectFrom('children')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('parent_id', '=', parentId)
        .executeTakeFirst(),
    ),
    wordSets: await count(
      sets()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ),
    words: await count(
      sets()
        .innerJoin('words', 'words.word_set_id', 'word_sets.id')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ),
    printedSheets: await count(
      kysely
        .selectFrom('printed_sheets')
        .innerJoin('children', 'children.id', 'printed_sheets.child_id')
        .where('children.parent_id', '=', parentId)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ),
    recordingBytes: await count(
      sets()
        .innerJoin('words', 'words.word_set_id', 'word_sets.id')
        .innerJoin('word_recordings', 'word_recordings.word_id', 'words.id')
        .select(sql<number>`coalesce(sum(word_recordings.bytes), 0)`.as('n'))
        .executeTakeFirst(),
    ),
    reviews: await count(
      kysely
        .selectFrom('word_reviews')
        .innerJoin('children', 'children.id', 'word_reviews.child_id')
        .where('children.parent_id', '=', parentId)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ),
  };
}

/**
 * A busy family's year (issue 41: 3 children, 40 practices a year each): 20 words a practice,
 * every word recorded by the parent (16 KB, a 2 s Opus recording is 5 to 10 KB), each word
 * graded 8 times, two printed sheets a practice.
 */
const FAMILY_YEAR = {
  children: 3,
  setsPerChild: 40,
  wordsPerSet: 20,
  recordEvery: 1,
  recordingBytes: 16 * 1024,
  reviewsPerChild: 40 * 20 * 8,
  sheetsPerChild: 80,
} as const;

process.on('message', (message: { id: number; ask: string }) => {
  const answer = async () => {
    if (message.ask === 'usage')
      return {
        databaseBytes: await databaseBytes(),
        flooding: await quotaUsage(flooding.id),
        family: await quotaUsage(family.id),
      };
    if (message.ask === 'family-year') {
      const { recordingBytes } = await seedBigAccount(kysely, family.id, FAMILY_YEAR);
      // seedBigAccount writes no size of its own; the quota counts what a route would store.
      await sql`update word_recordings set bytes = length(audio) where bytes is null`.execute(kysely);
      return { recordingBytes, shape: FAMILY_YEAR };
    }
    throw new Error(`unknown question ${message.ask}`);
  };
  answer().then(
    (value) => process.send?.({ id: message.id, value }),
    (error: Error) => process.send?.({ id: message.id, error: String(error.stack ?? error) }),
  );
});

console.info(
  JSON.stringify({
    url: `http://127.0.0.1:${address.port}`,
    engine,
    flooding,
    quotas: QUOTAS,
  }),
);
process.on(
  'SIGTERM',
  () =>
    void app.close().then(async () => {
      if (schema) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
