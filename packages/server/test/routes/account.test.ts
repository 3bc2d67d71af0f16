import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { buildTestApp, type TestContext } from '../helper.js';

/** A parent with one child, a set of two words, grades, a completion, a stored session and an official list. */
async function seed(ctx: TestContext, email: string) {
  const { kysely } = ctx.app.db;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/dev/login',
    payload: { email, name: 'Pat' },
  });
  const { accessToken, userId } = login.json<{ accessToken: string; userId: string }>();
  const cookie = login.cookies[0]!.value;
  const at = '2026-03-01T08:00:00.000Z';
  const childId = randomUUID();
  const setId = randomUUID();
  const wordIds = [randomUUID(), randomUUID()];
  await kysely
    .insertInto('children')
    .values({ id: childId, parent_id: userId, name: 'Mei', created_at: at })
    .execute();
  await kysely
    .insertInto('word_sets')
    .values({
      id: setId,
      child_id: childId,
      test_date: '2026-03-10',
      description: 'Week 9',
      language: 'English',
      created_at: at,
      updated_at: at,
    })
    .execute();
  await kysely
    .insertInto('words')
    .values([
      {
        id: wordIds[0]!,
        word_set_id: setId,
        word_string: 'apple',
        position: 0,
        ease_factor: 2.45,
        interval: 1,
        next_review: '2026-03-02',
        last_reviewed_at: at,
        review_count: 1,
        created_at: at,
      },
      {
        id: wordIds[1]!,
        word_set_id: setId,
        word_string: 'banana',
        position: 1,
        ease_factor: 2.5,
        interval: 0,
        next_review: null,
        last_reviewed_at: null,
        review_count: 0,
        created_at: at,
      },
    ])
    .execute();
  const reviewId = randomUUID();
  await kysely
    .insertInto('word_reviews')
    .values({
      id: reviewId,
      child_id: childId,
      word_id: wordIds[0]!,
      word_set_id: setId,
      quality: 1,
      ease_factor: 2.45,
      interval: 1,
      next_review: '2026-03-02',
      local_date: '2026-03-01',
      reviewed_at: at,
      idempotency_key: null,
    })
    .execute();
  await kysely
    .insertInto('practice_completions')
    .values({
      id: randomUUID(),
      child_id: childId,
      words_reviewed: 2,
      local_date: '2026-03-01',
      completed_at: at,
    })
    .execute();
  await kysely
    .insertInto('practice_sessions')
    .values({
      word_set_id: setId,
      child_id: childId,
      word_ids: JSON.stringify(wordIds),
      position: 1,
      due_count: 2,
      updated_at: at,
    })
    .execute();
  // Issue 20: the child's dictation pause and a printed sheet.
  await kysely
    .insertInto('dictation_settings')
    .values({ child_id: childId, pause_seconds: 8, updated_at: at })
    .execute();
  const sheetId = randomUUID();
  await kysely
    .insertInto('printed_sheets')
    .values({
      id: sheetId,
      child_id: childId,
      word_set_id: setId,
      title: 'Week 9',
      word_ids: JSON.stringify(wordIds),
      words: '["apple","banana"]',
      created_at: at,
    })
    .execute();
  const officialId = randomUUID();
  await kysely
    .insertInto('official_word_sets')
    .values({
      id: officialId,
      school: 'Rosyth',
      test_date: '2026-03-12',
      description: 'P3 Spelling',
      language: 'English',
      words: '["cat","dog"]',
      created_by: userId,
      created_at: at,
    })
    .execute();
  return { accessToken, userId, cookie, childId, setId, wordIds, reviewId, officialId, sheetId };
}

/** Every row in any table that names one of `ids` (or the e-mail), for proving deletion. */
async function rowsMentioning(ctx: TestContext, needles: string[]) {
  const tables: Array<keyof Database> = [
    'parents',
    'children',
    'word_sets',
    'words',
    'word_reviews',
    'practice_completions',
    'practice_sessions',
    'official_word_sets',
    'refresh_tokens',
    'dictation_settings',
    'printed_sheets',
  ];
  const found: string[] = [];
  for (const table of tables) {
    const rows = await ctx.app.db.kysely.selectFrom(table).selectAll().execute();
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (needles.some((needle) => text.includes(needle))) found.push(`${table}: ${text}`);
    }
  }
  return found;
}

describe('the account (PDPA)', async () => {
  const ctx = await buildTestApp();
  const { app } = ctx;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('exports everything of the parent as a JSON attachment, and nothing of anyone else', async () => {
    const mine = await seed(ctx, 'export-me@example.com');
    const theirs = await seed(ctx, 'someone-else@example.com');
    const res = await app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(mine.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="spellwell-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const data = res.json();
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.parent).toEqual({
      id: mine.userId,
      googleSubject: 'demo:export-me@example.com',
      email: 'export-me@example.com',
      name: 'Pat',
      createdAt: expect.any(String),
    });
    expect(data.children).toEqual([
      {
        id: mine.childId,
        name: 'Mei',
        languages: [],
        school: null,
        level: null,
        colour: null,
        createdAt: '2026-03-01T08:00:00.000Z',
        wordSets: [
          {
            id: mine.setId,
            testDate: '2026-03-10',
            description: 'Week 9',
            language: 'English',
            createdAt: '2026-03-01T08:00:00.000Z',
            updatedAt: '2026-03-01T08:00:00.000Z',
            testResult: null,
            importedFromCode: null,
            words: [
              {
                id: mine.wordIds[0],
                wordString: 'apple',
                reading: null,
                position: 0,
                easeFactor: 2.45,
                interval: 1,
                nextReview: '2026-03-02',
                lastReviewedAt: '2026-03-01T08:00:00.000Z',
                reviewCount: 1,
                recording: null,
              },
              {
                id: mine.wordIds[1],
                wordString: 'banana',
                reading: null,
                position: 1,
                easeFactor: 2.5,
                interval: 0,
                nextReview: null,
                lastReviewedAt: null,
                reviewCount: 0,
                recording: null,
              },
            ],
          },
        ],
        reviews: [
          {
            id: mine.reviewId,
            wordId: mine.wordIds[0],
            wordSetId: mine.setId,
            quality: 1,
            easeFactor: 2.45,
            interval: 1,
            nextReview: '2026-03-02',
            localDate: '2026-03-01',
            reviewedAt: '2026-03-01T08:00:00.000Z',
          },
        ],
        practiceCompletions: [
          {
            id: expect.any(String),
            wordsReviewed: 2,
            localDate: '2026-03-01',
            completedAt: '2026-03-01T08:00:00.000Z',
          },
        ],
        practiceSessions: [
          {
            wordSetId: mine.setId,
            wordIds: mine.wordIds,
            position: 1,
            updatedAt: '2026-03-01T08:00:00.000Z',
          },
        ],
        dictationSettings: { pauseSeconds: 8, updatedAt: '2026-03-01T08:00:00.000Z' },
        printedSheets: [
          {
            id: mine.sheetId,
            wordSetId: mine.setId,
            title: 'Week 9',
            wordIds: mine.wordIds,
            words: ['apple', 'banana'],
            createdAt: '2026-03-01T08:00:00.000Z',
          },
        ],
      },
    ]);
    expect(data.officialWordSets).toEqual([
      {
        id: mine.officialId,
        school: 'Rosyth',
        testDate: '2026-03-12',
        description: 'P3 Spelling',
        language: 'English',
        words: ['cat', 'dog'],
        createdAt: '2026-03-01T08:00:00.000Z',
      },
    ]);
    // No list shared here (issue 37; shared-lists.test.ts exports some).
    expect(data.sharedLists).toEqual([]);
    for (const other of [
      theirs.userId,
      theirs.childId,
      theirs.setId,
      theirs.officialId,
      theirs.sheetId,
      'someone-else',
    ]) {
      expect(res.body).not.toContain(other);
    }
  });

  it("exports each Chinese word's kept reading (issue 21), null where the default is used", async () => {
    const mine = await seed(ctx, 'export-readings@example.com');
    const { kysely } = ctx.app.db;
    const at = '2026-03-02T08:00:00.000Z';
    const setId = randomUUID();
    await kysely
      .insertInto('word_sets')
      .values({
        id: setId,
        child_id: mine.childId,
        test_date: '2026-03-20',
        description: '听写 1',
        language: 'Chinese',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const word = (id: string, word_string: string, position: number, reading: string | null) => ({
      id,
      word_set_id: setId,
      word_string,
      position,
      reading,
      ease_factor: 2.5,
      interval: 0,
      review_count: 0,
      created_at: at,
    });
    const [chosen, plain] = [randomUUID(), randomUUID()];
    await kysely
      .insertInto('words')
      .values([word(chosen, '银行', 0, 'yin2 hang2'), word(plain, '苹果', 1, null)])
      .execute();

    const res = await app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(mine.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const sets = (res.json() as { children: { wordSets: { id: string; words: unknown[] }[] }[] }).children[0]!
      .wordSets;
    expect(sets.find((set) => set.id === setId)?.words).toEqual([
      expect.objectContaining({ id: chosen, wordString: '银行', reading: 'yin2 hang2' }),
      expect.objectContaining({ id: plain, wordString: '苹果', reading: null }),
    ]);
    expect(sets.find((set) => set.id === mine.setId)?.words).toEqual([
      expect.objectContaining({ wordString: 'apple', reading: null }),
      expect.objectContaining({ wordString: 'banana', reading: null }),
    ]);
  });

  it('needs a signed-in parent', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(401);
  });

  it('deletes the parent and everything of theirs, ends their sessions, and leaves others untouched', async () => {
    const doomed = await seed(ctx, 'delete-me@example.com');
    const survivor = await seed(ctx, 'survivor@example.com');
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(doomed.accessToken),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
      value: '',
      maxAge: 0,
      path: '/api/auth',
    });

    const ids = [
      doomed.userId,
      doomed.childId,
      doomed.setId,
      ...doomed.wordIds,
      doomed.reviewId,
      doomed.sheetId,
      'delete-me@example.com',
    ];
    expect(await rowsMentioning(ctx, ids)).toEqual([]);
    // The official list they published stays for other parents, without its author.
    const official = await app.db.kysely
      .selectFrom('official_word_sets')
      .selectAll()
      .where('id', '=', doomed.officialId)
      .executeTakeFirstOrThrow();
    expect(official.created_by).toBeNull();

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(doomed.accessToken) });
    expect(me.statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(doomed.accessToken) }))
        .statusCode,
    ).toBe(401);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: doomed.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    // A second delete with the old token: the account is already gone.
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(doomed.accessToken) }))
        .statusCode,
    ).toBe(401);

    const kept = await rowsMentioning(ctx, [survivor.childId]);
    expect(kept.map((row) => row.split(':')[0]).sort()).toEqual(
      [
        'children',
        'dictation_settings',
        'practice_completions',
        'practice_sessions',
        'printed_sheets',
        'word_reviews',
        'word_sets',
      ].sort(),
    );
    const survivorMe = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(survivor.accessToken),
    });
    expect(survivorMe.statusCode).toBe(200);
    const survivorRefresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: survivor.cookie },
    });
    expect(survivorRefresh.statusCode).toBe(200);
  });
});
