import { readFileSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, buildTestApp, type TestContext } from '../helper.js';
import { seedFamily, type Ids } from '../security/support/route-table.js';

const recording = readFileSync(new URL('../fixtures/recordings/word.webm', import.meta.url));

/**
 * Issue 41: a write that loses a race with the deletion of the child or set it writes to
 * answered 500 (a foreign-key violation). Each write and what is deleted under it; each must
 * answer 404 JSON instead, and leave nothing behind.
 */
interface Case {
  name: string;
  /** The table the write inserts into (where the deletion is made to land, just before it). */
  table: string;
  /** What disappears: the child, or the word set. */
  deletes: 'children' | 'word_sets';
  send: (ctx: TestContext, ids: Ids, token: string) => Promise<LightMyRequestResponse>;
  message: string;
}

const as = (ctx: TestContext, token: string, options: InjectOptions) =>
  ctx.app.inject({
    ...options,
    headers: { authorization: `Bearer ${token}`, 'x-time-zone': 'Asia/Singapore' },
  });

const CASES: Case[] = [
  {
    name: 'PUT /words/recording',
    table: 'word_recordings',
    deletes: 'children',
    message: 'Word not found',
    send: (ctx, ids, token) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/words/recording/${ids.childId}/${ids.wordId}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/webm' },
        payload: recording,
      }),
  },
  {
    name: 'PUT /words/recording',
    table: 'word_recordings',
    deletes: 'word_sets',
    message: 'Word not found',
    send: (ctx, ids, token) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/words/recording/${ids.childId}/${ids.wordId}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/webm' },
        payload: recording,
      }),
  },
  {
    name: 'POST /child/:childId/printed-sheets (a set)',
    table: 'printed_sheets',
    deletes: 'children',
    message: 'Word set not found',
    send: (ctx, ids, token) =>
      as(ctx, token, {
        method: 'POST',
        url: `/api/child/${ids.childId}/printed-sheets`,
        payload: { wordSetId: ids.wordSetId },
      }),
  },
  {
    name: "POST /child/:childId/printed-sheets (today's words)",
    table: 'printed_sheets',
    deletes: 'children',
    message: 'Child not found',
    send: (ctx, ids, token) =>
      as(ctx, token, { method: 'POST', url: `/api/child/${ids.childId}/printed-sheets`, payload: {} }),
  },
  {
    name: 'PUT /practice-session',
    table: 'practice_sessions',
    deletes: 'children',
    message: 'Word set not found',
    send: (ctx, ids, token) =>
      as(ctx, token, {
        method: 'PUT',
        url: `/api/practice-session/${ids.childId}/${ids.wordSetId}`,
        payload: { position: 2 },
      }),
  },
  {
    name: 'PUT /practice-session',
    table: 'practice_sessions',
    deletes: 'word_sets',
    message: 'Word set not found',
    send: (ctx, ids, token) =>
      as(ctx, token, {
        method: 'PUT',
        url: `/api/practice-session/${ids.childId}/${ids.wordSetId}`,
        payload: { position: 2 },
      }),
  },
  {
    name: 'PUT /child/:childId/dictation-settings',
    table: 'dictation_settings',
    deletes: 'children',
    message: 'Child not found',
    send: (ctx, ids, token) =>
      as(ctx, token, {
        method: 'PUT',
        url: `/api/child/${ids.childId}/dictation-settings`,
        payload: { pauseSeconds: 8 },
      }),
  },
  {
    name: 'POST /word-sets/create',
    table: 'word_sets',
    deletes: 'children',
    message: 'Child not found',
    send: (ctx, ids, token) =>
      as(ctx, token, {
        method: 'POST',
        url: `/api/word-sets/create/${ids.childId}`,
        payload: { testDate: '2099-01-01', description: 'Race', language: 'English', words: 'sun\nmoon' },
      }),
  },
  {
    name: 'POST /review/:childId',
    table: 'practice_completions',
    deletes: 'children',
    message: 'Child not found',
    send: (ctx, ids, token) =>
      as(ctx, token, {
        method: 'POST',
        url: `/api/review/${ids.childId}`,
        payload: { wordsReviewed: 3, idempotencyKey: 'race-completion-1' },
      }),
  },
];

const victimId = (ids: Ids, deletes: Case['deletes']) =>
  deletes === 'children' ? ids.childId : ids.wordSetId;

/** How many rows still name the deleted child or set: none may be left by the losing write. */
async function leftovers(ctx: TestContext, ids: Ids, deletes: Case['deletes']): Promise<number> {
  const { kysely } = ctx.app.db;
  const counts = await Promise.all(
    deletes === 'children'
      ? (
          [
            'word_sets',
            'practice_sessions',
            'dictation_settings',
            'printed_sheets',
            'practice_completions',
          ] as const
        ).map((table) =>
          kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('child_id', '=', ids.childId)
            .executeTakeFirstOrThrow(),
        )
      : [
          kysely
            .selectFrom('practice_sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('word_set_id', '=', ids.wordSetId)
            .executeTakeFirstOrThrow(),
          kysely
            .selectFrom('words')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('word_set_id', '=', ids.wordSetId)
            .executeTakeFirstOrThrow(),
        ],
  );
  const recordings = await kysely
    .selectFrom('word_recordings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('word_id', '=', ids.wordId)
    .executeTakeFirstOrThrow();
  return counts.reduce((sum, row) => sum + Number(row.n), 0) + Number(recordings.n);
}

/**
 * Makes the deletion land between the write's ownership check and its insert, every time:
 * a trigger deletes the child or set just before the insert runs (in the write's own
 * transaction, which is what a deletion committed in that gap looks like to the insert).
 */
async function deleteJustBeforeInsert(ctx: TestContext, table: string, victim: string, id: string) {
  const { kysely, engine } = ctx.app.db;
  if (engine === 'sqlite') {
    await sql
      .raw(
        `CREATE TEMP TRIGGER delete_under_write BEFORE INSERT ON ${table}
         BEGIN DELETE FROM ${victim} WHERE id = '${id}'; END`,
      )
      .execute(kysely);
    return () => sql.raw('DROP TRIGGER delete_under_write').execute(kysely);
  }
  await sql
    .raw(
      `CREATE FUNCTION delete_under_write() RETURNS trigger LANGUAGE plpgsql AS
       $$ BEGIN DELETE FROM ${victim} WHERE id = '${id}'; RETURN NEW; END $$`,
    )
    .execute(kysely);
  await sql
    .raw(
      `CREATE TRIGGER delete_under_write BEFORE INSERT ON ${table}
       FOR EACH ROW EXECUTE FUNCTION delete_under_write()`,
    )
    .execute(kysely);
  return async () => {
    await sql.raw(`DROP TRIGGER delete_under_write ON ${table}`).execute(kysely);
    await sql.raw('DROP FUNCTION delete_under_write()').execute(kysely);
  };
}

describe('a child or set deleted while a write to it is under way', async () => {
  const ctx = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });

  for (const c of CASES) {
    it(`${c.name} with its ${c.deletes === 'children' ? 'child' : 'set'} deleted just before the insert answers 404, never 500`, async () => {
      const parent = await ctx.createParent();
      const ids = await seedFamily(parent);
      const restore = await deleteJustBeforeInsert(ctx, c.table, c.deletes, victimId(ids, c.deletes));
      let res: LightMyRequestResponse;
      try {
        res = await c.send(ctx, ids, parent.token);
      } finally {
        await restore();
      }
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: c.message });
      // The deletion stands (the trigger's delete was rolled back with the write: do it now).
      await sql
        .raw(`DELETE FROM ${c.deletes} WHERE id = '${victimId(ids, c.deletes)}'`)
        .execute(ctx.app.db.kysely);
      expect(await leftovers(ctx, ids, c.deletes)).toBe(0);
    });
  }
});

/**
 * The real race on PostgreSQL: another connection deletes the child or set and holds its
 * transaction open; the write passes its ownership check (the row is still there for it),
 * then waits at its insert for the deletion; the deletion commits. No timing: the test waits
 * until the server's connection is seen waiting for the deleting one.
 */
describe.runIf(TEST_DATABASE_URL)('the same race between two PostgreSQL connections', async () => {
  const ctx = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });

  async function whileDeleting(
    victim: Case['deletes'],
    id: string,
    send: () => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse> {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`SET search_path TO ${ctx.config.databaseSchema}`);
      await client.query('BEGIN');
      const deleted = await client.query(`DELETE FROM ${victim} WHERE id = $1`, [id]);
      expect(deleted.rowCount).toBe(1);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      let answered = false;
      const pending = send().finally(() => {
        answered = true;
      });
      let waiting = false;
      // Until the write waits for this transaction (or answers without ever needing to).
      while (!waiting && !answered) {
        const blocked = await client.query(
          'SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [rows[0]!.pid],
        );
        waiting = (blocked.rowCount ?? 0) > 0;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(waiting).toBe(true);
      await client.query('COMMIT');
      return await pending;
    } finally {
      await client.end();
    }
  }

  for (const c of CASES) {
    it(`${c.name} racing a deletion of its ${c.deletes === 'children' ? 'child' : 'set'} answers 404, never 500`, async () => {
      const parent = await ctx.createParent();
      const ids = await seedFamily(parent);
      const res = await whileDeleting(c.deletes, victimId(ids, c.deletes), () =>
        c.send(ctx, ids, parent.token),
      );
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: c.message });
      expect(await leftovers(ctx, ids, c.deletes)).toBe(0);
    });
  }
});
