import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/create-db.js';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationStatus } from '../../src/db/migration-status.js';
import { migrations } from '../../src/db/migrations/index.js';
import { TEST_DATABASE_URL } from '../helper.js';

const ENGINE = TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const NAMES = Object.keys(migrations);
/** Every schema an installation can be at before today's: after each migration but the last. */
const EARLIER = NAMES.slice(0, -1);

const id = () => randomUUID();
const parent = id();
const child = id();
const wordSet = id();
const word = id();
const otherWord = id();
const pass = id();
const member = id();
const at = '2026-03-01T08:00:00.000Z';

/**
 * One or more rows for every table, with every column any schema has had. Seeding a version
 * keeps the columns that version has; a table with no rows here fails the test, so a new
 * table cannot slip past the upgrade test.
 */
const ROWS: Record<string, Record<string, unknown>[]> = {
  parents: [
    {
      id: parent,
      google_sub: `google-${parent}`,
      email: 'upgrade@example.com',
      name: 'Up Grade',
      created_at: at,
      data_version: 7,
    },
    {
      id: member,
      google_sub: `google-${member}`,
      email: 'member@example.com',
      name: 'Member',
      created_at: at,
      data_version: 3,
    },
  ],
  children: [
    {
      id: child,
      parent_id: parent,
      name: 'Mei',
      created_at: at,
      languages: 'English,Chinese',
      school: 'Rosyth School',
      level: 'P3',
      colour: 'violet',
      pronoun: 'her',
      fitted_speed: 1.25,
      fitted_speed_stamp: '1 review-id',
    },
  ],
  word_sets: [
    {
      id: wordSet,
      child_id: child,
      test_date: '2026-03-20',
      description: 'Week 9',
      language: 'English',
      created_at: at,
      updated_at: at,
    },
  ],
  words: [
    {
      id: word,
      word_set_id: wordSet,
      word_string: 'harbour',
      position: 0,
      ease_factor: 2.36,
      interval: 6,
      next_review: '2026-03-07',
      last_reviewed_at: at,
      review_count: 3,
      created_at: at,
    },
    {
      id: otherWord,
      word_set_id: wordSet,
      word_string: 'lantern',
      position: 1,
      ease_factor: 2.5,
      interval: 0,
      next_review: null,
      last_reviewed_at: null,
      review_count: 0,
      created_at: at,
    },
  ],
  word_reviews: [
    {
      id: id(),
      child_id: child,
      word_id: word,
      word_set_id: wordSet,
      quality: 3,
      ease_factor: 2.36,
      interval: 6,
      next_review: '2026-03-07',
      local_date: '2026-03-01',
      reviewed_at: at,
      idempotency_key: id(),
      child_answer: 'harbor',
      child_attempts: 3,
      child_mistakes: null,
      graded_by: null,
    },
    {
      id: id(),
      child_id: child,
      word_id: null,
      word_set_id: null,
      quality: 1,
      ease_factor: 2.2,
      interval: 1,
      next_review: '2026-03-02',
      local_date: '2026-02-28',
      reviewed_at: at,
      idempotency_key: null,
    },
  ],
  practice_completions: [
    { id: id(), child_id: child, words_reviewed: 12, local_date: '2026-03-01', completed_at: at },
  ],
  practice_sessions: [
    {
      word_set_id: wordSet,
      child_id: child,
      word_ids: JSON.stringify([word, otherWord]),
      position: 1,
      due_count: 2,
      updated_at: at,
    },
  ],
  official_word_sets: [
    {
      id: id(),
      school: 'Rivervale Primary',
      test_date: '2026-04-01',
      description: 'Term 2',
      language: 'Malay',
      words: JSON.stringify(['sekolah', 'rumah']),
      created_by: parent,
      created_at: at,
    },
  ],
  refresh_tokens: [
    {
      id: id(),
      parent_id: parent,
      family_id: id(),
      token_hash: `hash-${id()}`,
      created_at: at,
      expires_at: '2026-04-01T08:00:00.000Z',
      family_expires_at: '2026-06-01T08:00:00.000Z',
      used_at: null,
      revoked_at: null,
    },
  ],
  word_recordings: [
    {
      word_id: word,
      content_type: 'audio/ogg',
      audio: Buffer.from('OggS recorded bytes'),
      duration_ms: 900,
      etag: '"upgrade-etag"',
      created_at: at,
    },
  ],
  dictation_settings: [{ child_id: child, pause_seconds: 8, updated_at: at }],
  printed_sheets: [
    {
      id: id(),
      child_id: child,
      word_set_id: wordSet,
      title: 'Term 2',
      word_ids: JSON.stringify([word]),
      words: JSON.stringify(['harbour']),
      created_at: at,
    },
  ],
  scan_days: [{ parent_id: parent, day: '2026-03-01', scans: 3 }],
  reminder_settings: [
    {
      parent_id: parent,
      time: '19:30',
      days: '12345',
      push: 1,
      email: 0,
      time_zone: 'Asia/Singapore',
      updated_at: at,
    },
  ],
  push_subscriptions: [
    {
      id: id(),
      parent_id: parent,
      endpoint: 'https://fcm.googleapis.com/fcm/send/upgrade',
      p256dh: 'p256dh-key',
      auth: 'auth-secret',
      created_at: at,
    },
  ],
  reminder_sends: [{ parent_id: parent, day: '2026-03-01', claimed_at: at, sent_at: at }],
  device_passes: [
    {
      id: pass,
      parent_id: parent,
      child_id: child,
      secret_hash: `hash-${id()}`,
      created_at: at,
      expires_at: '2026-03-02T08:00:00.000Z',
      used_at: at,
      last_used_at: at,
      revoked_at: null,
    },
  ],
  kid_refresh_tokens: [
    {
      id: id(),
      pass_id: pass,
      family_id: id(),
      token_hash: `hash-${id()}`,
      created_at: at,
      expires_at: '2026-03-31T08:00:00.000Z',
      family_expires_at: '2026-03-31T08:00:00.000Z',
      used_at: null,
      revoked_at: null,
    },
  ],
  child_members: [{ child_id: child, parent_id: member, role: 'tutor', created_at: at }],
  child_invites: [
    {
      id: id(),
      child_id: child,
      role: 'co-parent',
      secret_hash: `hash-${id()}`,
      created_by: parent,
      created_at: at,
      expires_at: '2026-03-08T08:00:00.000Z',
      used_at: at,
      used_by: member,
      withdrawn_at: null,
    },
  ],
  kid_word_attempts: [
    {
      pass_id: pass,
      word_id: word,
      attempts: 2,
      last_answer: 'harbor',
      answer_id: id(),
      done_at: null,
      grade: null,
      updated_at: at,
    },
  ],
  shared_lists: [
    {
      id: id(),
      code: 'K7QM-2XR9-HT4P',
      word_set_id: wordSet,
      created_by: parent,
      created_at: at,
      stopped_at: null,
    },
  ],
};

/** What a column held before the upgrade must be what it holds after, whatever the engine's types. */
const normalise = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v,
    ]),
  );

async function openDatabase(): Promise<{ db: Db; schema?: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const db = createDb({ databaseUrl: ':memory:', sqliteFile: '', databasePoolSize: 1 });
    return { db, drop: () => db.kysely.destroy() };
  }
  const schema = `upgrade_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = createDb({
    databaseUrl: TEST_DATABASE_URL,
    sqliteFile: '',
    databasePoolSize: 2,
    databaseSchema: schema,
  });
  return {
    db,
    schema,
    drop: async () => {
      await db.kysely.destroy();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** Tables and their columns; on PostgreSQL in this test's schema only (others hold other tests' tables). */
async function columnsOf(kysely: Kysely<never>, schema?: string): Promise<Map<string, string[]>> {
  const tables = await kysely.introspection.getTables();
  return new Map(
    tables
      .filter((t) => !t.name.startsWith('kysely_') && (!schema || t.schema === schema))
      .map((t) => [t.name, t.columns.map((c) => c.name)]),
  );
}

describe(`upgrades from every earlier schema (${ENGINE})`, () => {
  it('knows every migration: the upgrade test starts from each one but the last', () => {
    expect(EARLIER.length).toBe(NAMES.length - 1);
    expect(EARLIER.length).toBeGreaterThan(0);
  });

  for (const version of EARLIER) {
    it(`a database at ${version}, with data in every table, keeps every row through today's migrations`, async () => {
      const { db, schema, drop } = await openDatabase();
      afterAll(drop);
      const kysely = db.kysely as unknown as Kysely<never>;
      const provider: MigrationProvider = { getMigrations: async () => migrations };
      const migrator = new Migrator({
        db: db.kysely,
        provider,
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const to = await migrator.migrateTo(version);
      expect(to.error).toBeUndefined();
      expect((await migrationStatus(kysely)).pending).toEqual(NAMES.slice(NAMES.indexOf(version) + 1));

      const columns = await columnsOf(kysely, schema);
      expect(
        [...columns.keys()].filter((table) => !ROWS[table]).sort(),
        'tables without upgrade-test rows',
      ).toEqual([]);
      const seeded: Record<string, Record<string, unknown>[]> = {};
      for (const [table, rows] of Object.entries(ROWS)) {
        const have = columns.get(table);
        if (!have) continue;
        seeded[table] = rows.map((row) =>
          Object.fromEntries(Object.entries(row).filter(([k]) => have.includes(k))),
        );
        await db.kysely
          .insertInto(table as never)
          .values(seeded[table] as never)
          .execute();
      }
      // Rows a migration itself adds (sample lists) are part of the "before" too.
      const before: Record<string, unknown[]> = {};
      for (const table of Object.keys(seeded))
        before[table] = (
          await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(kysely)
        ).rows.map(normalise);

      await migrateToLatest(db, schema);
      expect(await migrationStatus(kysely)).toEqual({ pending: [], unknown: [] });

      for (const table of Object.keys(seeded)) {
        const after = (
          await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(kysely)
        ).rows.map(normalise);
        expect(after.length, table).toBe(before[table]!.length);
        for (const row of before[table] as Record<string, unknown>[])
          expect(after, `${table} lost a row or changed one`).toContainEqual(expect.objectContaining(row));
      }
    });
  }
});
