import { describe, expect, it } from 'vitest';
import { addDaysIso, GRADES, localDate, weekStartOf, type Grade } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const today = localDate('Asia/Singapore');
const SG = { 'x-time-zone': 'Asia/Singapore' };

/** Issue 35 item 8: 12 weeks of words practised and right first time, per child. */
describe('GET /api/review/weeks/:childId', async () => {
  const { createParent } = await buildTestApp();

  async function family() {
    const parent = await createParent();
    const childId = (
      await parent.inject({
        method: 'POST',
        url: `/api/child/create/${parent.id}`,
        payload: { childName: 'Mei' },
      })
    ).json().id as string;
    const setId = (
      await parent.inject({
        method: 'POST',
        url: `/api/word-sets/create/${childId}`,
        headers: SG,
        payload: {
          testDate: addDaysIso(today, 10),
          description: 'Week 1',
          language: 'English',
          words: 'one\ntwo\nthree',
        },
      })
    ).json().id as string;
    const words = (
      await parent.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${setId}`, headers: SG })
    ).json().words as { id: string }[];
    return { parent, childId, words: words.map((w) => w.id) };
  }
  const grade = (parent: TestParent, childId: string, wordId: string, quality: Grade) =>
    parent.inject({
      method: 'POST',
      url: `/api/words/update/${childId}/${wordId}`,
      headers: SG,
      payload: { quality },
    });
  const weeks = (parent: TestParent, childId: string) =>
    parent.inject({ method: 'GET', url: `/api/review/weeks/${childId}`, headers: SG });

  it('answers 12 weeks ending this week; this week counts each word once, right first time when Easy first', async () => {
    const { parent, childId, words } = await family();
    const empty = (await weeks(parent, childId)).json().weeks as {
      weekStart: string;
      wordsPractised: number;
    }[];
    expect(empty).toHaveLength(12);
    expect(empty.at(-1)!.weekStart).toBe(weekStartOf(today));
    expect(empty.every((w) => w.wordsPractised === 0)).toBe(true);

    expect((await grade(parent, childId, words[0]!, GRADES.difficult)).statusCode).toBe(200);
    expect((await grade(parent, childId, words[0]!, GRADES.easy)).statusCode).toBe(200); // again tonight
    expect((await grade(parent, childId, words[1]!, GRADES.easy)).statusCode).toBe(200);
    expect((await grade(parent, childId, words[2]!, GRADES.medium)).statusCode).toBe(200);
    const res = await weeks(parent, childId);
    expect(res.statusCode).toBe(200);
    expect(res.json().weeks.at(-1)).toEqual({
      weekStart: weekStartOf(today),
      wordsPractised: 3,
      firstTimeRight: 1,
    });
  });

  it("answers 404 for another parent's child and 400 for a bad id", async () => {
    const { childId } = await family();
    const stranger = await createParent();
    const res = await weeks(stranger, childId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: expect.any(String) });
    expect((await weeks(stranger, 'nope')).statusCode).toBe(400);
  });
});
