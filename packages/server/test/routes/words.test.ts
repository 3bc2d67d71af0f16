import { describe, expect, it } from 'vitest';
import { NEW_WORD_EASE, addDaysIso, localDate, schedule, type Grade } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };
const today = localDate('Asia/Singapore');

describe('POST /api/words/update/:childId/:wordId', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const other = await createParent();

  async function setUp(as: TestParent, testDate: string, words: string) {
    const childId = (
      await as.inject({ method: 'POST', url: `/api/child/create/${as.id}`, payload: { childName: 'Kid' } })
    ).json().id;
    const setRes = await as.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: { testDate, description: 'Test', language: 'English', words },
    });
    const detail = await as.inject({
      method: 'GET',
      url: `/api/child/${childId}/word-sets/${setRes.json().id}`,
    });
    const wordIds: string[] = detail.json().words.map((w: { id: string }) => w.id);
    return { childId, wordSetId: setRes.json().id as string, wordIds };
  }
  const grade = (
    as: TestParent,
    childId: string,
    wordId: string,
    payload: Record<string, unknown>,
    headers = SG,
  ) => as.inject({ method: 'POST', url: `/api/words/update/${childId}/${wordId}`, headers, payload });
  const wordRow = (id: string) =>
    app.db.kysely.selectFrom('words').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const reviewsOf = (wordId: string) =>
    app.db.kysely.selectFrom('word_reviews').selectAll().where('word_id', '=', wordId).execute();

  it('answers the shared scheduler’s result for a sequence of grades, and stores each as a review', async () => {
    const farTest = addDaysIso(today, 60);
    const { childId, wordSetId, wordIds } = await setUp(parent, farTest, 'necessary');
    const wordId = wordIds[0]!;
    let state = { easeFactor: NEW_WORD_EASE, interval: 0 };
    const grades: Grade[] = [1, 1, 2, 1, 3, 2];
    for (const [i, quality] of grades.entries()) {
      const expected = schedule({ ...state, grade: quality, today, testDate: farTest });
      // The client's own values are accepted but not trusted.
      const res = await grade(parent, childId, wordId, {
        quality,
        easeFactor: 9,
        interval: 99,
        nextReview: '2000-01-01',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: wordId, wordString: 'necessary', ...expected });
      const row = await wordRow(wordId);
      expect(row).toMatchObject({
        ease_factor: expected.easeFactor,
        interval: expected.interval,
        next_review: expected.nextReview,
        review_count: i + 1,
      });
      expect(row.last_reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      state = expected;
    }
    const reviews = await reviewsOf(wordId);
    expect(reviews).toHaveLength(grades.length);
    expect(
      reviews.every((r) => r.child_id === childId && r.word_set_id === wordSetId && r.local_date === today),
    ).toBe(true);
    expect(reviews.map((r) => r.quality).sort()).toEqual([...grades].sort());
  });

  it('caps the interval near the set’s test date', async () => {
    const testDate = addDaysIso(today, 3);
    const { childId, wordIds } = await setUp(parent, testDate, 'soon');
    const results = [];
    for (const quality of [1, 1, 1])
      results.push((await grade(parent, childId, wordIds[0]!, { quality })).json());
    // 0 → 1, 1 → 2 (capped at 3 − 1 = 2), then Easy would be round(2 × 2.5 × 1.1) = 6: capped at 2.
    expect(results.map((r) => r.interval)).toEqual([1, 2, 2]);
    expect(results[2].nextReview).toBe(addDaysIso(today, 2));
  });

  it('schedules from the stored state even when this server graded the word before and the data changed since', async () => {
    const farTest = addDaysIso(today, 60);
    const { childId, wordSetId, wordIds } = await setUp(parent, farTest, 'moved');
    const wordId = wordIds[0]!;
    const first = schedule({ easeFactor: NEW_WORD_EASE, interval: 0, grade: 3, today, testDate: farTest });
    expect((await grade(parent, childId, wordId, { quality: 3 })).json()).toMatchObject(first);

    // The test date moves (elsewhere): the next grade is capped by the new one.
    const nearTest = addDaysIso(today, 2);
    await app.db.kysely
      .updateTable('word_sets')
      .set({ test_date: nearTest })
      .where('id', '=', wordSetId)
      .execute();
    const second = schedule({ ...first, grade: 1, today, testDate: nearTest });
    expect(second.interval).not.toBe(schedule({ ...first, grade: 1, today, testDate: farTest }).interval);
    expect((await grade(parent, childId, wordId, { quality: 1 })).json()).toEqual({
      id: wordId,
      wordString: 'moved',
      ...second,
    });

    // Another server grades the word: the next grade builds on that one.
    const elsewhere = schedule({ ...second, grade: 3, today, testDate: nearTest });
    await app.db.kysely
      .updateTable('words')
      .set({
        ease_factor: elsewhere.easeFactor,
        interval: elsewhere.interval,
        next_review: elsewhere.nextReview,
        review_count: 3,
      })
      .where('id', '=', wordId)
      .execute();
    const fourth = schedule({ ...elsewhere, grade: 1, today, testDate: nearTest });
    const res = await grade(parent, childId, wordId, { quality: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: wordId, wordString: 'moved', ...fourth });
    expect(await wordRow(wordId)).toMatchObject({
      ease_factor: fourth.easeFactor,
      interval: fourth.interval,
      review_count: 4,
    });
  });

  it('uses the parent’s local day from X-Time-Zone', async () => {
    const { childId, wordIds } = await setUp(parent, addDaysIso(today, 60), 'zone');
    const zone = 'Pacific/Kiritimati';
    const res = await grade(parent, childId, wordIds[0]!, { quality: 1 }, { 'x-time-zone': zone });
    const localToday = localDate(zone);
    expect(res.json().nextReview).toBe(addDaysIso(localToday, 1));
    expect((await reviewsOf(wordIds[0]!))[0]!.local_date).toBe(localToday);
  });

  it('counts all of 50 concurrent grades of one word', async () => {
    const { childId, wordIds } = await setUp(parent, addDaysIso(today, 60), 'busy');
    const wordId = wordIds[0]!;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => grade(parent, childId, wordId, { quality: 2 })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect((await wordRow(wordId)).review_count).toBe(50);
    expect(await reviewsOf(wordId)).toHaveLength(50);
    // Each grade built on the one before: the final state is 50 Medium grades in a row.
    let state = { easeFactor: NEW_WORD_EASE, interval: 0 };
    for (let i = 0; i < 50; i++)
      state = schedule({ ...state, grade: 2, today, testDate: addDaysIso(today, 60) });
    expect(await wordRow(wordId)).toMatchObject({ ease_factor: state.easeFactor, interval: state.interval });
  });

  it('applies a repeated idempotency key once and answers the current state', async () => {
    const { childId, wordIds } = await setUp(parent, addDaysIso(today, 60), 'retry');
    const wordId = wordIds[0]!;
    const key = 'grade-key-0001';
    const first = await grade(parent, childId, wordId, { quality: 1, idempotencyKey: key });
    const again = await grade(parent, childId, wordId, { quality: 3, idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await wordRow(wordId)).review_count).toBe(1);
    expect(await reviewsOf(wordId)).toHaveLength(1);
    // A new key is a new grade.
    expect(
      (await grade(parent, childId, wordId, { quality: 1, idempotencyKey: 'grade-key-0002' })).statusCode,
    ).toBe(200);
    expect((await wordRow(wordId)).review_count).toBe(2);
  });

  it('applies a key sent 10 times at once exactly once', async () => {
    const { childId, wordIds } = await setUp(parent, addDaysIso(today, 60), 'racing');
    const wordId = wordIds[0]!;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        grade(parent, childId, wordId, { quality: 1, idempotencyKey: 'same-key-racing' }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect((await wordRow(wordId)).review_count).toBe(1);
    expect(await reviewsOf(wordId)).toHaveLength(1);
  });

  it('refuses a key already used for another word with 409, changing nothing', async () => {
    const { childId, wordIds } = await setUp(parent, addDaysIso(today, 60), 'first\nsecond');
    await grade(parent, childId, wordIds[0]!, { quality: 1, idempotencyKey: 'shared-key-1' });
    const res = await grade(parent, childId, wordIds[1]!, { quality: 1, idempotencyKey: 'shared-key-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'idempotency_key_reused',
      message: 'This idempotency key was already used for another word.',
    });
    expect((await wordRow(wordIds[1]!)).review_count).toBe(0);
  });

  it('refuses with 409 a key spent on a word since removed from the list', async () => {
    const { childId, wordSetId, wordIds } = await setUp(parent, addDaysIso(today, 60), 'gone\nstays');
    await grade(parent, childId, wordIds[0]!, { quality: 1, idempotencyKey: 'removed-word-key' });
    const edit = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/${childId}/edit/${wordSetId}`,
      payload: { words: 'stays' },
    });
    expect(edit.statusCode).toBe(200);
    // The review outlives its word (word_id is now null) and still holds the key.
    expect((await reviewsOf(wordIds[0]!)).length).toBe(0);
    const res = await grade(parent, childId, wordIds[1]!, { quality: 1, idempotencyKey: 'removed-word-key' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'idempotency_key_reused' });
    expect((await wordRow(wordIds[1]!)).review_count).toBe(0);
  });

  it("answers 404 for another parent's word (or a word under the wrong child) and changes nothing", async () => {
    const theirs = await setUp(other, addDaysIso(today, 60), 'private');
    const mine = await setUp(parent, addDaysIso(today, 60), 'mine');
    const before = await wordRow(theirs.wordIds[0]!);
    for (const childId of [theirs.childId, mine.childId]) {
      const res = await grade(parent, childId, theirs.wordIds[0]!, { quality: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Word not found' });
    }
    expect(await wordRow(theirs.wordIds[0]!)).toEqual(before);
    expect(await reviewsOf(theirs.wordIds[0]!)).toHaveLength(0);
  });

  it.each([
    [{}, 'quality must be 1 (easy), 2 (medium) or 3 (difficult)'],
    [{ quality: 4 }, 'quality must be 1 (easy), 2 (medium) or 3 (difficult)'],
    [{ quality: '1' }, 'quality must be 1 (easy), 2 (medium) or 3 (difficult)'],
  ])('rejects %j with 400 "%s" and changes nothing', async (payload, message) => {
    const { childId, wordIds } = await setUp(parent, addDaysIso(today, 60), 'bad');
    const res = await grade(parent, childId, wordIds[0]!, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
    expect((await wordRow(wordIds[0]!)).review_count).toBe(0);
  });

  it('answers 400 for malformed ids', async () => {
    const res = await grade(parent, 'abc', 'def', { quality: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'Not a valid id' });
  });
});
