import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEW_WORD_EASE, UNDO_WINDOW_SECONDS, addDaysIso, localDate } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };
const today = localDate('Asia/Singapore');

/** Issue 17 item 5: a mis-tapped grade is undone on the server, exactly and only once. */
describe('POST /api/words/undo/:childId/:wordId', async () => {
  const { app, createParent } = await buildTestApp();
  const { kysely } = app.db;
  const parent = await createParent();
  const other = await createParent();

  async function setUp(as: TestParent, words = 'necessary\nrhythm', planForTestDate?: boolean) {
    const childId = (
      await as.inject({ method: 'POST', url: `/api/child/create/${as.id}`, payload: { childName: 'Kid' } })
    ).json().id as string;
    const setRes = await as.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: {
        testDate: addDaysIso(today, 60),
        description: 'Test',
        language: 'English',
        words,
        planForTestDate,
      },
    });
    const detail = await as.inject({
      method: 'GET',
      url: `/api/child/${childId}/word-sets/${setRes.json().id}`,
    });
    const wordIds: string[] = detail.json().words.map((w: { id: string }) => w.id);
    return { childId, wordIds };
  }
  let keys = 0;
  const newKey = () => `undo-test-key-${++keys}`;
  const grade = (
    as: TestParent,
    childId: string,
    wordId: string,
    quality: number,
    idempotencyKey = newKey(),
  ) =>
    as
      .inject({
        method: 'POST',
        url: `/api/words/update/${childId}/${wordId}`,
        headers: SG,
        payload: { quality, idempotencyKey },
      })
      .then((res) => ({ res, idempotencyKey }));
  const undo = (as: TestParent, childId: string, wordId: string, payload: unknown) =>
    as.inject({
      method: 'POST',
      url: `/api/words/undo/${childId}/${wordId}`,
      headers: SG,
      payload: payload as object,
    });
  const word = (id: string) =>
    kysely.selectFrom('words').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stats = async (as: TestParent, childId: string) =>
    (await as.inject({ method: 'GET', url: `/api/review/today/${childId}`, headers: SG })).json();
  const everything = async () => ({
    words: await kysely.selectFrom('words').selectAll().orderBy('id').execute(),
    reviews: await kysely.selectFrom('word_reviews').selectAll().orderBy('id').execute(),
  });

  it('restores the schedule and the statistics the grade replaced, and answers the word', async () => {
    const { childId, wordIds } = await setUp(parent);
    const wordId = wordIds[0]!;
    await grade(parent, childId, wordId, 1);
    const before = await word(wordId);
    const statsBefore = await stats(parent, childId);

    const { res, idempotencyKey } = await grade(parent, childId, wordId, 3);
    expect(res.statusCode).toBe(200);
    expect((await stats(parent, childId)).wordsReviewedToday).toBe(statsBefore.wordsReviewedToday + 1);

    const undone = await undo(parent, childId, wordId, { idempotencyKey });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({
      id: wordId,
      wordString: 'necessary',
      easeFactor: before.ease_factor,
      interval: before.interval,
      nextReview: before.next_review,
    });
    expect(await word(wordId)).toEqual(before);
    expect(await stats(parent, childId)).toEqual(statsBefore);
  });

  // The clock stands still in the next test: two grades of one word in the same millisecond.
  afterEach(() => vi.useRealTimers());

  // With the planner off PostgreSQL grades in one statement, with it on in the locked
  // transaction (SQLite always): both keep a word's grades in the order they were made.
  it.each([false, true])(
    'keeps grades of one word made in one millisecond in order (planner on: %s)',
    async (planForTestDate) => {
      const { childId, wordIds } = await setUp(parent, 'necessary', planForTestDate);
      const wordId = wordIds[0]!;
      vi.useFakeTimers({ toFake: ['Date'] });
      const first = await grade(parent, childId, wordId, 1);
      const second = await grade(parent, childId, wordId, 3);
      const afterSecond = await word(wordId);
      const third = await grade(parent, childId, wordId, 2);
      for (const { res } of [first, second, third]) expect(res.statusCode).toBe(200);

      const reviews = await kysely
        .selectFrom('word_reviews')
        .select(['quality', 'reviewed_at', 'idempotency_key'])
        .where('word_id', '=', wordId)
        .orderBy('reviewed_at')
        .orderBy('id')
        .execute();
      expect(reviews.map((r) => r.idempotency_key)).toEqual(
        [first, second, third].map((g) => g.idempotencyKey),
      );
      const times = reviews.map((r) => Date.parse(r.reviewed_at));
      expect(times[1]! - times[0]!).toBe(1);
      expect(times[2]! - times[1]!).toBe(1);
      expect((await word(wordId)).last_reviewed_at).toBe(reviews[2]!.reviewed_at);

      // The last grade is the one made last: an earlier one is refused, the last one undone.
      const earlier = await undo(parent, childId, wordId, { idempotencyKey: second.idempotencyKey });
      expect(earlier.statusCode).toBe(409);
      const last = await undo(parent, childId, wordId, { idempotencyKey: third.idempotencyKey });
      expect(last.statusCode).toBe(200);
      expect(await word(wordId)).toEqual(afterSecond);
    },
  );

  it('restores a never-graded word to new (no next review), and is idempotent', async () => {
    const { childId, wordIds } = await setUp(parent);
    const wordId = wordIds[1]!;
    const fresh = await word(wordId);
    const { idempotencyKey } = await grade(parent, childId, wordId, 2);
    const first = await undo(parent, childId, wordId, { idempotencyKey });
    expect(first.json()).toMatchObject({ easeFactor: NEW_WORD_EASE, interval: 0, nextReview: null });
    const after = await everything();
    // Twice, or a retry after a lost answer: the same answer, and nothing more changes.
    const second = await undo(parent, childId, wordId, { idempotencyKey });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await everything()).toEqual(after);
    expect(await word(wordId)).toEqual(fresh);
  });

  it('undoes only the last grade of the word', async () => {
    const { childId, wordIds } = await setUp(parent);
    const wordId = wordIds[0]!;
    const earlier = await grade(parent, childId, wordId, 1);
    await grade(parent, childId, wordId, 2);
    const before = await everything();
    const res = await undo(parent, childId, wordId, { idempotencyKey: earlier.idempotencyKey });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'undo_not_last',
      message: 'Only the last grade of a word can be undone.',
    });
    expect(await everything()).toEqual(before);
  });

  it('refuses a key that graded another word of the child, and changes nothing', async () => {
    const { childId, wordIds } = await setUp(parent);
    const { idempotencyKey } = await grade(parent, childId, wordIds[0]!, 1);
    const before = await everything();
    const res = await undo(parent, childId, wordIds[1]!, { idempotencyKey });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('undo_not_last');
    expect(await everything()).toEqual(before);
  });

  it(`refuses a grade older than ${UNDO_WINDOW_SECONDS} seconds`, async () => {
    const { childId, wordIds } = await setUp(parent);
    const wordId = wordIds[0]!;
    const { idempotencyKey } = await grade(parent, childId, wordId, 1);
    const old = new Date(Date.now() - (UNDO_WINDOW_SECONDS + 5) * 1000).toISOString();
    await kysely
      .updateTable('word_reviews')
      .set({ reviewed_at: old })
      .where('idempotency_key', '=', idempotencyKey)
      .execute();
    const before = await everything();
    const res = await undo(parent, childId, wordId, { idempotencyKey });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'undo_too_late', message: 'This grade is too old to undo.' });
    expect(await everything()).toEqual(before);
  });

  it('answers 404 to another parent, for their word or a mix of ids, and changes nothing', async () => {
    const mine = await setUp(parent);
    const theirs = await setUp(other);
    const { idempotencyKey } = await grade(parent, mine.childId, mine.wordIds[0]!, 1);
    const before = await everything();
    for (const [as, childId, wordId] of [
      [other, mine.childId, mine.wordIds[0]!],
      [other, theirs.childId, mine.wordIds[0]!],
      [parent, theirs.childId, mine.wordIds[0]!],
      [parent, mine.childId, theirs.wordIds[0]!],
    ] as const) {
      const res = await undo(as, childId, wordId, { idempotencyKey });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Word not found' });
    }
    expect(await everything()).toEqual(before);
  });

  it.each([
    [{}, 'idempotencyKey is required'],
    [{ idempotencyKey: 'short' }, 'idempotencyKey must be 8 to 64 characters'],
    [{ idempotencyKey: 'k'.repeat(65) }, 'idempotencyKey must be 8 to 64 characters'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const { childId, wordIds } = await setUp(parent);
    const res = await undo(parent, childId, wordIds[0]!, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
  });
});
