import { describe, expect, it } from 'vitest';
import { addDaysIso, GRADES, TEST_RESULT_MESSAGES } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';
import { SG, createChild, createWordSet, grade, today, wordSetDetail } from '../support/family.js';
const TEN = Array.from({ length: 10 }, (_, i) => `word${i}`).join('\n');

/** Issue 34 item 4: the real test result, recorded by the parent after the test. */
describe('PUT/DELETE /api/child/:childId/word-sets/:wordSetId/test-result', async () => {
  const { createParent } = await buildTestApp();

  async function family(testInDays = -1) {
    const parent = await createParent();
    const childId = await createChild(parent);
    const setId = await createWordSet(parent, childId, {
      testDate: addDaysIso(today, testInDays),
      words: TEN,
    });
    return { parent, childId, setId };
  }
  const url = (childId: string, setId: string) => `/api/child/${childId}/word-sets/${setId}/test-result`;
  const put = (parent: TestParent, childId: string, setId: string, payload: unknown) =>
    parent.inject({ method: 'PUT', url: url(childId, setId), headers: SG, payload: payload as object });
  const detail = wordSetDetail;
  const listed = async (parent: TestParent) =>
    (await parent.inject({ method: 'GET', url: `/api/word-sets/${parent.id}`, headers: SG })).json()[0]
      .wordSets[0];

  it('stores the result, answers it, shows it on the set and the dashboard list, and a second PUT replaces it', async () => {
    const { parent, childId, setId } = await family();
    expect((await detail(parent, childId, setId)).testResult).toBeNull();
    expect((await listed(parent)).testResult).toBeNull();

    const before = Date.now();
    const res = await put(parent, childId, setId, { correct: 8, total: 10 });
    expect(res.statusCode).toBe(200);
    const stored = res.json();
    expect(stored).toEqual({ correct: 8, total: 10, recordedAt: expect.any(String) });
    expect(Date.parse(stored.recordedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await detail(parent, childId, setId)).testResult).toEqual(stored);
    expect((await listed(parent)).testResult).toEqual(stored);

    const again = await put(parent, childId, setId, { correct: 6, total: 8 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ correct: 6, total: 8 });
    expect((await detail(parent, childId, setId)).testResult).toMatchObject({ correct: 6, total: 8 });
    expect((await listed(parent)).testResult).toMatchObject({ correct: 6, total: 8 });
  });

  it('says beside a passed test what was predicted for it from the grades before it', async () => {
    const { parent, childId, setId } = await family(0);
    // Graded yesterday, all Easy: the prediction for today was high.
    const words = (await detail(parent, childId, setId)).words as { id: string }[];
    for (const w of words) await grade(parent, childId, w.id, GRADES.easy, addDaysIso(today, -1));
    await put(parent, childId, setId, { correct: 7, total: 10 });
    const set = await detail(parent, childId, setId);
    expect(set.testResult).toMatchObject({ correct: 7, total: 10 });
    expect(set.predictedForTest.expectedCorrect).toBeGreaterThan(8);
    const { low, high } = set.predictedForTest.range;
    expect(low).toBeLessThanOrEqual(Math.round(set.predictedForTest.expectedCorrect));
    expect(high).toBeGreaterThanOrEqual(Math.round(set.predictedForTest.expectedCorrect));
    expect((await listed(parent)).predictedForTest).toEqual(set.predictedForTest);
  });

  it('lowers the next prediction after a result below it: the strongest evidence of the child', async () => {
    const { parent, childId, setId } = await family(0);
    const words = (await detail(parent, childId, setId)).words as { id: string }[];
    for (const w of words) await grade(parent, childId, w.id, GRADES.easy, addDaysIso(today, -1));
    const next = (
      await parent.inject({
        method: 'POST',
        url: `/api/word-sets/create/${childId}`,
        headers: SG,
        payload: { testDate: addDaysIso(today, 3), description: 'Week 2', language: 'English', words: TEN },
      })
    ).json().id as string;
    const unrecorded = (await detail(parent, childId, next)).readiness.expectedCorrect;
    await put(parent, childId, setId, { correct: 2, total: 10 });
    const after = (await detail(parent, childId, next)).readiness.expectedCorrect;
    expect(after).toBeLessThan(unrecorded);
    await parent.inject({ method: 'DELETE', url: url(childId, setId), headers: SG });
    expect((await detail(parent, childId, next)).readiness.expectedCorrect).toBe(unrecorded);
  });

  it.each([
    [{ correct: 8 }, TEST_RESULT_MESSAGES.required],
    [{ total: 10 }, TEST_RESULT_MESSAGES.required],
    [{ correct: 8.5, total: 10 }, TEST_RESULT_MESSAGES.notWholeNumbers],
    [{ correct: '8', total: 10 }, TEST_RESULT_MESSAGES.notWholeNumbers],
    [{ correct: -1, total: 10 }, TEST_RESULT_MESSAGES.correctOutOfRange],
    [{ correct: 11, total: 10 }, TEST_RESULT_MESSAGES.correctOutOfRange],
    [{ correct: 0, total: 0 }, TEST_RESULT_MESSAGES.totalTooSmall],
    [{ correct: 5, total: 11 }, TEST_RESULT_MESSAGES.totalOverWordCount],
    [{ correct: 5, total: 10, extra: true }, 'Unrecognized'],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const { parent, childId, setId } = await family();
    await put(parent, childId, setId, { correct: 9, total: 10 });
    const res = await put(parent, childId, setId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
    expect(res.json().message).toContain(message);
    expect((await detail(parent, childId, setId)).testResult).toMatchObject({ correct: 9, total: 10 });
  });

  it('accepts the edges: 0 of 1, and all of the whole set', async () => {
    const { parent, childId, setId } = await family();
    expect((await put(parent, childId, setId, { correct: 0, total: 1 })).json()).toMatchObject({
      correct: 0,
      total: 1,
    });
    expect((await put(parent, childId, setId, { correct: 10, total: 10 })).statusCode).toBe(200);
  });

  it('DELETE removes it (204), and a second DELETE still answers 204', async () => {
    const { parent, childId, setId } = await family();
    await put(parent, childId, setId, { correct: 8, total: 10 });
    const res = await parent.inject({ method: 'DELETE', url: url(childId, setId), headers: SG });
    expect(res.statusCode).toBe(204);
    expect((await detail(parent, childId, setId)).testResult).toBeNull();
    expect((await listed(parent)).testResult).toBeNull();
    expect((await parent.inject({ method: 'DELETE', url: url(childId, setId) })).statusCode).toBe(204);
  });

  it("answers 404 for another parent's set, a set under the wrong child, and changes nothing", async () => {
    const { parent, childId, setId } = await family();
    await put(parent, childId, setId, { correct: 8, total: 10 });
    const stranger = await family();
    expect((await put(stranger.parent, childId, setId, { correct: 1, total: 10 })).statusCode).toBe(404);
    expect((await put(parent, stranger.childId, setId, { correct: 1, total: 10 })).statusCode).toBe(404);
    expect((await put(stranger.parent, stranger.childId, setId, { correct: 1, total: 10 })).statusCode).toBe(
      404,
    );
    const gone = await stranger.parent.inject({ method: 'DELETE', url: url(childId, setId) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'not_found', message: 'Word set not found' });
    expect((await detail(parent, childId, setId)).testResult).toMatchObject({ correct: 8, total: 10 });
    expect((await put(parent, childId, 'not-a-uuid', { correct: 1, total: 1 })).statusCode).toBe(400);
  });

  it('is in the account export, with its set', async () => {
    const { parent, childId, setId } = await family();
    const stored = (await put(parent, childId, setId, { correct: 8, total: 10 })).json();
    const exported = (await parent.inject({ method: 'GET', url: '/api/account/export' })).json();
    const set = exported.children[0].wordSets.find((s: { id: string }) => s.id === setId);
    expect(set.testResult).toEqual(stored);
    await parent.inject({ method: 'DELETE', url: url(childId, setId) });
    const after = (await parent.inject({ method: 'GET', url: '/api/account/export' })).json();
    expect(after.children[0].wordSets[0].testResult).toBeNull();
  });
});
