import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { addDaysIso, GRADES, localDate, type Grade } from '@spellwell/shared';
import { buildApp, type App } from '../../src/app.js';
import { createParentsRepository } from '../../src/modules/auth/parents-repository.js';
import { buildTestApp, TEST_DATABASE_URL } from '../helper.js';

const today = localDate('Asia/Singapore');
const SG = { 'x-time-zone': 'Asia/Singapore' };

/**
 * Issue 40: what a grade plans with is in the database, not in a server's memory. Two servers
 * of one database, one of which has answered a readiness request, schedule the same grade
 * alike: on PostgreSQL both at once; SQLite's file has one server at a time (decision 004), so
 * there the second is the server started after the first stopped.
 */
describe(`a grade plans alike on two servers of one database (${TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, async () => {
  const ctx = await buildTestApp();
  // PostgreSQL: the test's own schema; SQLite: a file in the test's data directory.
  const config = TEST_DATABASE_URL ? ctx.config : { ...ctx.config, databaseUrl: undefined };
  const running = new Set<App>();
  const open = async () => {
    const app = await buildApp(config, { logger: false, serveWeb: false });
    await app.ready();
    running.add(app);
    return app;
  };
  const close = async (app: App) => {
    running.delete(app);
    await app.close();
  };
  afterAll(async () => {
    for (const app of running) await close(app);
  });
  const first = await open();
  const { kysely } = first.db;

  const parent = await createParentsRepository(first.db).upsertByIdentity({
    sub: `test:${randomUUID()}`,
    email: `speed-${randomUUID().slice(0, 8)}@example.com`,
    name: 'Test Parent',
  });
  const token = await first.accessTokens.sign(parent.id);
  const inject = (app: App, options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { authorization: `Bearer ${token}`, ...SG, ...(options.headers ?? {}) },
    });

  /** Grades given on earlier days, as the rows a grade leaves. */
  async function insertHistory(
    childId: string,
    setId: string,
    wordIds: readonly string[],
    quality: Grade,
    days: number[],
  ) {
    await kysely
      .insertInto('word_reviews')
      .values(
        wordIds.flatMap((wordId) =>
          days.map((day) => {
            const date = addDaysIso(today, day);
            return {
              id: randomUUID(),
              child_id: childId,
              word_id: wordId,
              word_set_id: setId,
              quality,
              ease_factor: 2.5,
              interval: 1,
              next_review: addDaysIso(date, 1),
              local_date: date,
              reviewed_at: `${date}T04:00:00.000Z`,
              idempotency_key: null,
            };
          }),
        ),
      )
      .execute();
  }

  it('one server answered readiness, the other not: the same grade gets the same nextReview', async () => {
    const childId = (
      await inject(first, {
        method: 'POST',
        url: `/api/child/create/${parent.id}`,
        payload: { childName: 'Mei' },
      })
    ).json<{ id: string }>().id;
    const words = Array.from({ length: 15 }, (_, i) => `word${i}`).join('\n');
    const set = await inject(first, {
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: {
        testDate: addDaysIso(today, 14),
        description: 'Week 1',
        language: 'English',
        words,
        planForTestDate: true,
      },
    });
    expect(set.statusCode).toBe(201);
    const setId = set.json<{ id: string }>().id;
    const detail = (app: App) =>
      inject(app, { method: 'GET', url: `/api/child/${childId}/word-sets/${setId}` });
    // From the database: the first readiness answer is the one below (answers are read-cached).
    const wordRows = await kysely
      .selectFrom('words')
      .select('id')
      .where('word_set_id', '=', setId)
      .orderBy('position')
      .execute();
    const wordIds = wordRows.map((w) => w.id);
    const [graded, ...rest] = wordIds as [string, ...string[]];

    // Remembered well over long gaps: a slow forgetter, by the grades so far.
    await insertHistory(childId, setId, rest.slice(0, 6), GRADES.easy, [-40, -30, -20]);
    // The first server answers readiness: it fits the child's speed from these grades.
    expect((await detail(first)).statusCode).toBe(200);
    const stored = await kysely
      .selectFrom('children')
      .select(['fitted_speed', 'fitted_speed_stamp'])
      .where('id', '=', childId)
      .executeTakeFirstOrThrow();
    expect(stored.fitted_speed).not.toBeNull();
    expect(stored.fitted_speed_stamp).toMatch(/^18 /);
    // Then more grades, forgotten a day later: the speed a fresh fit finds moves a long way.
    await insertHistory(childId, setId, rest.slice(6), GRADES.difficult, [-4, -3, -2, -1]);

    // Another parent's reads of the child answer 404 and store nothing on it.
    const intruder = await createParentsRepository(first.db).upsertByIdentity({
      sub: `test:${randomUUID()}`,
      email: `intruder-${randomUUID().slice(0, 8)}@example.com`,
      name: 'Intruder',
    });
    const intruderToken = await first.accessTokens.sign(intruder.id);
    for (const url of [`/api/child/${childId}/word-sets/${setId}`, `/api/child/${childId}/trouble-words`]) {
      const res = await first.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${intruderToken}`, ...SG },
      });
      expect(res.statusCode, url).toBe(404);
    }
    const storedAfterIntruder = await kysely
      .selectFrom('children')
      .select(['fitted_speed', 'fitted_speed_stamp'])
      .where('id', '=', childId)
      .executeTakeFirstOrThrow();
    expect(storedAfterIntruder).toEqual(stored);

    const grade = (app: App, idempotencyKey: string) =>
      inject(app, {
        method: 'POST',
        url: `/api/words/update/${childId}/${graded}`,
        payload: { quality: GRADES.easy, idempotencyKey },
      });
    const onFirst = await grade(first, 'speed-first');
    expect(onFirst.statusCode).toBe(200);
    const undone = await inject(first, {
      method: 'POST',
      url: `/api/words/undo/${childId}/${graded}`,
      payload: { idempotencyKey: 'speed-first' },
    });
    expect(undone.statusCode).toBe(200);
    if (!TEST_DATABASE_URL) await close(first);
    const second = await open();
    const onSecond = await grade(second, 'speed-second');
    expect(onSecond.statusCode).toBe(200);

    // The planner chose the day (not the rule's tomorrow), and both servers chose the same one.
    expect(onFirst.json<{ nextReview: string }>().nextReview).not.toBe(addDaysIso(today, 1));
    expect(onSecond.json()).toEqual(onFirst.json());
  });
});
