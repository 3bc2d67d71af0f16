import { describe, expect, it } from 'vitest';
import { GRADED_ON_MESSAGES, NEW_WORD_EASE, addDaysIso, localDate, schedule } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const SG = 'Asia/Singapore';

/** Grades made offline arrive later with the local day they were made on (issue 23). */
describe('POST /api/words/update with gradedOn', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const today = localDate(SG);
  const testDate = addDaysIso(today, 60);

  async function setUp(words: string) {
    const childId = (
      await parent.inject({
        method: 'POST',
        url: `/api/child/create/${parent.id}`,
        payload: { childName: 'Kid' },
      })
    ).json().id as string;
    const set = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: { testDate, description: 'Offline', language: 'English', words },
    });
    const detail = await parent.inject({
      method: 'GET',
      url: `/api/child/${childId}/word-sets/${set.json().id}`,
    });
    return { childId, wordIds: detail.json().words.map((w: { id: string }) => w.id) as string[] };
  }
  const grade = (as: TestParent, childId: string, wordId: string, payload: object, timeZone = SG) =>
    as.inject({
      method: 'POST',
      url: `/api/words/update/${childId}/${wordId}`,
      headers: { 'x-time-zone': timeZone },
      payload,
    });
  const reviewsOf = (wordId: string) =>
    app.db.kysely.selectFrom('word_reviews').selectAll().where('word_id', '=', wordId).execute();
  const wordRow = (id: string) =>
    app.db.kysely.selectFrom('words').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stats = (childId: string) =>
    parent.inject({ method: 'GET', url: `/api/review/today/${childId}`, headers: { 'x-time-zone': SG } });

  it.each([
    ['today', 0],
    ['7 days ago', -7],
  ])('accepts %s, schedules from that day and files the review under it', async (_label, offset) => {
    const { childId, wordIds } = await setUp('offline');
    const wordId = wordIds[0]!;
    const gradedOn = addDaysIso(today, offset);
    const res = await grade(parent, childId, wordId, {
      quality: 1,
      gradedOn,
      idempotencyKey: `k-${offset}-abcdef`,
    });
    expect(res.statusCode).toBe(200);
    const expected = schedule({
      easeFactor: NEW_WORD_EASE,
      interval: 0,
      grade: 1,
      today: gradedOn,
      testDate,
    });
    expect(res.json()).toEqual({ id: wordId, wordString: 'offline', ...expected });
    expect(expected.nextReview).toBe(addDaysIso(gradedOn, expected.interval));
    const reviews = await reviewsOf(wordId);
    expect(reviews.map((r) => r.local_date)).toEqual([gradedOn]);
  });

  it.each([
    ['8 days ago', -8, GRADED_ON_MESSAGES.tooOld],
    ['tomorrow', 1, GRADED_ON_MESSAGES.future],
  ])('refuses %s with 400 and a clear message, changing nothing', async (_label, offset, message) => {
    const { childId, wordIds } = await setUp('late');
    const wordId = wordIds[0]!;
    const before = await wordRow(wordId);
    const res = await grade(parent, childId, wordId, { quality: 1, gradedOn: addDaysIso(today, offset) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_graded_on', message });
    expect(message).toBe(
      offset > 0 ? 'gradedOn cannot be a day after today' : 'gradedOn can be at most 7 days ago',
    );
    expect(await reviewsOf(wordId)).toEqual([]);
    expect(await wordRow(wordId)).toEqual(before);
  });

  it.each(['2025-13-01', '2025-02-30', '20250101', '01/02/2025', '', 'yesterday', 20250101])(
    'refuses the badly written gradedOn %j with 400, changing nothing',
    async (gradedOn) => {
      const { childId, wordIds } = await setUp('format');
      const wordId = wordIds[0]!;
      const res = await grade(parent, childId, wordId, { quality: 2, gradedOn });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_error');
      if (typeof gradedOn === 'string') {
        expect(res.json().message).toBe('gradedOn must be a real date written yyyy-MM-dd');
      }
      expect(await reviewsOf(wordId)).toEqual([]);
    },
  );

  it('judges "today" in the parent’s own time zone', async () => {
    // Kiritimati (UTC+14) is always at least a day ahead of Pago Pago (UTC−11).
    const { childId, wordIds } = await setUp('eastwest');
    const aheadDay = localDate('Pacific/Kiritimati');
    const behind = await grade(
      parent,
      childId,
      wordIds[0]!,
      { quality: 1, gradedOn: aheadDay },
      'Pacific/Pago_Pago',
    );
    expect(behind.statusCode).toBe(400);
    expect(behind.json()).toEqual({ error: 'bad_graded_on', message: GRADED_ON_MESSAGES.future });
    const ahead = await grade(
      parent,
      childId,
      wordIds[0]!,
      { quality: 1, gradedOn: aheadDay },
      'Pacific/Kiritimati',
    );
    expect(ahead.statusCode).toBe(200);
  });

  it('counts offline grades in their own day’s statistics and streaks', async () => {
    const { childId, wordIds } = await setUp('one\ntwo\nthree\nfour\nfive');
    const days = [-3, -2, -1, -1];
    for (const [i, offset] of days.entries()) {
      const res = await grade(parent, childId, wordIds[i]!, {
        quality: 1,
        gradedOn: addDaysIso(today, offset),
      });
      expect(res.statusCode).toBe(200);
    }
    // None of them is today's; together they are a three-day streak.
    expect((await stats(childId)).json()).toEqual({
      wordsReviewedToday: 0,
      wordsReviewedAllTime: 4,
      highestStreak: 3,
      dailyStatsCount: 0,
      ownAnswersToday: [],
      onOwnToday: 0,
    });
    // A grade sent without gradedOn is today's, and extends the streak to four days.
    expect((await grade(parent, childId, wordIds[4]!, { quality: 1 })).statusCode).toBe(200);
    expect((await stats(childId)).json()).toMatchObject({ wordsReviewedToday: 1, highestStreak: 4 });
    const history = await parent.inject({
      method: 'GET',
      url: `/api/review/history/${childId}?days=5`,
      headers: { 'x-time-zone': SG },
    });
    expect(history.json().days.map((d: { wordsReviewed: number }) => d.wordsReviewed)).toEqual([
      0, 1, 1, 2, 1,
    ]);
  });

  it('applies a retried offline grade once (same idempotency key)', async () => {
    const { childId, wordIds } = await setUp('retry');
    const payload = { quality: 3, gradedOn: addDaysIso(today, -2), idempotencyKey: 'outbox-retry-1' };
    const first = await grade(parent, childId, wordIds[0]!, payload);
    const second = await grade(parent, childId, wordIds[0]!, payload);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await reviewsOf(wordIds[0]!)).toHaveLength(1);
  });
});
