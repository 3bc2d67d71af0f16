import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDaysIso, localDate } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const SG = 'Asia/Singapore';
const LA = 'America/Los_Angeles';

describe('review statistics', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const other = await createParent();

  const addChild = async (as: TestParent) =>
    (
      await as.inject({ method: 'POST', url: `/api/child/create/${as.id}`, payload: { childName: 'Kid' } })
    ).json().id as string;

  /** Grades as if given at `reviewedAt`, filed under the day it was where the parent is. */
  async function insertReviews(childId: string, entries: { localDate: string; reviewedAt?: string }[]) {
    if (entries.length === 0) return;
    await app.db.kysely
      .insertInto('word_reviews')
      .values(
        entries.map((e) => ({
          id: randomUUID(),
          child_id: childId,
          word_id: null,
          word_set_id: null,
          quality: 1,
          ease_factor: 2.5,
          interval: 1,
          next_review: addDaysIso(e.localDate, 1),
          local_date: e.localDate,
          reviewed_at: e.reviewedAt ?? `${e.localDate}T04:00:00.000Z`,
          idempotency_key: null,
        })),
      )
      .execute();
  }
  const today = (as: TestParent, childId: string, timeZone = SG) =>
    as.inject({ method: 'GET', url: `/api/review/today/${childId}`, headers: { 'x-time-zone': timeZone } });
  const completions = () => app.db.kysely.selectFrom('practice_completions').selectAll().execute();

  describe('POST /api/review/:childId', () => {
    it('records a completed session on the parent’s local day and answers 201 {id}', async () => {
      const childId = await addChild(parent);
      const res = await parent.inject({
        method: 'POST',
        url: `/api/review/${childId}`,
        headers: { 'x-time-zone': LA },
        payload: { wordsReviewed: 12 },
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      expect(res.json()).toEqual({ id: expect.any(String) });
      const row = (await completions()).find((c) => c.id === id);
      expect(row).toMatchObject({ child_id: childId, words_reviewed: 12, local_date: localDate(LA) });
    });

    it.each([
      [{}, 'Invalid input: expected number, received undefined'],
      [{ wordsReviewed: -1 }, 'Too small: expected number to be >=0'],
      [{ wordsReviewed: 1.5 }, 'Invalid input: expected int, received number'],
    ])('rejects %j with 400 and records nothing', async (payload, message) => {
      const childId = await addChild(parent);
      const before = (await completions()).length;
      const res = await parent.inject({ method: 'POST', url: `/api/review/${childId}`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation_error', message });
      expect((await completions()).length).toBe(before);
    });

    it("answers 404 for another parent's child and records nothing", async () => {
      const theirs = await addChild(other);
      const before = (await completions()).length;
      const res = await parent.inject({
        method: 'POST',
        url: `/api/review/${theirs}`,
        payload: { wordsReviewed: 3 },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Child not found' });
      expect((await completions()).length).toBe(before);
    });

    // Issue 23: a practice finished offline is sent later from the outbox, perhaps twice.
    it('records a completion sent again with the same idempotency key once, on the day it finished', async () => {
      const childId = await addChild(parent);
      const yesterday = addDaysIso(localDate(SG), -1);
      const idempotencyKey = randomUUID();
      const send = () =>
        parent.inject({
          method: 'POST',
          url: `/api/review/${childId}`,
          headers: { 'x-time-zone': SG },
          payload: { wordsReviewed: 4, idempotencyKey, completedOn: yesterday },
        });
      const first = await send();
      const second = await send();
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual({ id: first.json().id });
      const mine = (await completions()).filter((c) => c.child_id === childId);
      expect(mine).toEqual([expect.objectContaining({ words_reviewed: 4, local_date: yesterday })]);
      // Counted on yesterday's statistics, not today's.
      expect((await today(parent, childId)).json()).toMatchObject({ dailyStatsCount: 0 });
      // The same key for another child is refused, not silently taken as done.
      const secondChild = await addChild(parent);
      const reused = await parent.inject({
        method: 'POST',
        url: `/api/review/${secondChild}`,
        payload: { wordsReviewed: 1, idempotencyKey },
      });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error).toBe('idempotency_key_reused');
    });

    it.each([
      [1, 'completedOn cannot be a day after today'],
      [-8, 'completedOn can be at most 7 days ago'],
    ])('refuses a completion %i days from today with 400 and records nothing', async (days, message) => {
      const childId = await addChild(parent);
      const before = (await completions()).length;
      const res = await parent.inject({
        method: 'POST',
        url: `/api/review/${childId}`,
        headers: { 'x-time-zone': SG },
        payload: { wordsReviewed: 2, completedOn: addDaysIso(localDate(SG), days) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_completed_on', message });
      expect((await completions()).length).toBe(before);
    });
  });

  describe('GET /api/review/today/:childId', () => {
    it('answers zeros for a child with no practice', async () => {
      const childId = await addChild(parent);
      const res = await today(parent, childId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        wordsReviewedToday: 0,
        wordsReviewedAllTime: 0,
        highestStreak: 0,
        dailyStatsCount: 0,
        ownAnswersToday: [],
        onOwnToday: 0,
      });
    });

    it('counts grades and completed sessions of today, all grades, and the longest streak across gaps', async () => {
      const childId = await addChild(parent);
      const now = localDate(SG);
      const day = (offset: number) => ({ localDate: addDaysIso(now, offset) });
      // Runs: -12..-9 (4 days), -5 (1), -1..0 (2); several grades on some days.
      await insertReviews(childId, [
        day(-12),
        day(-11),
        day(-11),
        day(-10),
        day(-9),
        day(-5),
        day(-1),
        day(0),
        day(0),
        day(0),
      ]);
      for (let i = 0; i < 2; i++) {
        await parent.inject({
          method: 'POST',
          url: `/api/review/${childId}`,
          headers: { 'x-time-zone': SG },
          payload: { wordsReviewed: 5 },
        });
      }
      await app.db.kysely
        .insertInto('practice_completions')
        .values({
          id: randomUUID(),
          child_id: childId,
          words_reviewed: 4,
          local_date: addDaysIso(now, -1),
          completed_at: new Date().toISOString(),
        })
        .execute();
      expect((await today(parent, childId)).json()).toEqual({
        wordsReviewedToday: 3,
        wordsReviewedAllTime: 10,
        highestStreak: 4,
        dailyStatsCount: 2,
        ownAnswersToday: [],
        onOwnToday: 0,
      });
    });

    it('counts a grade near midnight on the day it was where the parent is (Singapore vs Los Angeles)', async () => {
      // 15:50Z and 16:10Z on 10 March 2025: 23:50 and 00:10 in Singapore (two days), 08:50 and
      // 09:10 in Los Angeles (one day).
      const instants = ['2025-03-10T15:50:00.000Z', '2025-03-10T16:10:00.000Z'];
      const sgChild = await addChild(parent);
      const laChild = await addChild(parent);
      const sgDays = instants.map((i) => localDate(SG, new Date(i)));
      const laDays = instants.map((i) => localDate(LA, new Date(i)));
      expect(sgDays).toEqual(['2025-03-10', '2025-03-11']);
      expect(laDays).toEqual(['2025-03-10', '2025-03-10']);
      await insertReviews(
        sgChild,
        instants.map((reviewedAt, i) => ({ localDate: sgDays[i]!, reviewedAt })),
      );
      await insertReviews(
        laChild,
        instants.map((reviewedAt, i) => ({ localDate: laDays[i]!, reviewedAt })),
      );
      expect((await today(parent, sgChild, SG)).json().highestStreak).toBe(2);
      expect((await today(parent, laChild, LA)).json().highestStreak).toBe(1);
    });

    it('answers "today" for the time zone asked about', async () => {
      const childId = await addChild(parent);
      // Grades made through the API are filed under each parent's own local day.
      const set = await parent.inject({
        method: 'POST',
        url: `/api/word-sets/create/${childId}`,
        payload: { testDate: '2031-01-01', description: 'Tz', language: 'English', words: 'one\ntwo\nthree' },
      });
      const words = (
        await parent.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${set.json().id}` })
      ).json().words;
      const gradeIn = (timeZone: string, wordId: string) =>
        parent.inject({
          method: 'POST',
          url: `/api/words/update/${childId}/${wordId}`,
          headers: { 'x-time-zone': timeZone },
          payload: { quality: 2 },
        });
      await gradeIn(SG, words[0].id);
      await gradeIn(SG, words[1].id);
      await gradeIn(LA, words[2].id);
      const sgToday = localDate(SG);
      const laToday = localDate(LA);
      // Singapore is 15 or 16 hours ahead: the same day for part of each day, the next for the rest.
      expect((await today(parent, childId, SG)).json().wordsReviewedToday).toBe(sgToday === laToday ? 3 : 2);
      expect((await today(parent, childId, LA)).json().wordsReviewedToday).toBe(sgToday === laToday ? 3 : 1);
      // Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same day.
      const kidChild = await addChild(parent);
      await insertReviews(kidChild, [{ localDate: localDate('Pacific/Kiritimati') }]);
      expect((await today(parent, kidChild, 'Pacific/Kiritimati')).json().wordsReviewedToday).toBe(1);
      expect((await today(parent, kidChild, 'Pacific/Pago_Pago')).json().wordsReviewedToday).toBe(0);
    });

    it("answers 404 for another parent's child and 400 for a malformed id", async () => {
      const theirs = await addChild(other);
      await insertReviews(theirs, [{ localDate: localDate(SG) }]);
      const res = await today(parent, theirs);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Child not found' });
      expect((await today(parent, 'xyz')).statusCode).toBe(400);
    });
  });

  describe('GET /api/review/history/:childId', () => {
    it('answers one entry per local day, oldest first, counting grades', async () => {
      const childId = await addChild(parent);
      const now = localDate(SG);
      const day = (offset: number) => ({ localDate: addDaysIso(now, offset) });
      await insertReviews(childId, [day(0), day(0), day(-1), day(-3), day(-3), day(-3), day(-5), day(-40)]);
      const res = await parent.inject({
        method: 'GET',
        url: `/api/review/history/${childId}?days=5`,
        headers: { 'x-time-zone': SG },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        days: [
          { date: addDaysIso(now, -4), wordsReviewed: 0, onOwn: 0, gradedBy: [] },
          { date: addDaysIso(now, -3), wordsReviewed: 3, onOwn: 0, gradedBy: [] },
          { date: addDaysIso(now, -2), wordsReviewed: 0, onOwn: 0, gradedBy: [] },
          { date: addDaysIso(now, -1), wordsReviewed: 1, onOwn: 0, gradedBy: [] },
          { date: now, wordsReviewed: 2, onOwn: 0, gradedBy: [] },
        ],
      });
      const month = (
        await parent.inject({
          method: 'GET',
          url: `/api/review/history/${childId}`,
          headers: { 'x-time-zone': SG },
        })
      ).json();
      expect(month.days).toHaveLength(30);
      expect(month.days[0].date).toBe(addDaysIso(now, -29));
      expect(month.days.reduce((sum: number, d: { wordsReviewed: number }) => sum + d.wordsReviewed, 0)).toBe(
        7,
      );
    });

    it.each(['0', '367', 'abc'])('rejects days=%s with 400', async (days) => {
      const childId = await addChild(parent);
      const res = await parent.inject({ method: 'GET', url: `/api/review/history/${childId}?days=${days}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_error');
    });

    it("answers 404 for another parent's child", async () => {
      const theirs = await addChild(other);
      const res = await parent.inject({ method: 'GET', url: `/api/review/history/${theirs}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Child not found' });
    });
  });
});
