import { describe, expect, it } from 'vitest';
import { addDaysIso, GRADES, weekStartOf } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';
import { SG, createChild, createWordSet, grade, today, wordsOf } from '../support/family.js';

/** Issue 35 item 8: 12 weeks of words practised and right first time, per child. */
describe('GET /api/review/weeks/:childId', async () => {
  const { createParent } = await buildTestApp();

  async function family() {
    const parent = await createParent();
    const childId = await createChild(parent);
    const setId = await createWordSet(parent, childId, {
      testDate: addDaysIso(today, 10),
      words: 'one\ntwo\nthree',
    });
    const words = await wordsOf(parent, childId, setId);
    return { parent, childId, words: words.map((w) => w.id) };
  }
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
