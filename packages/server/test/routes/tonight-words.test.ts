import { describe, expect, it } from 'vitest';
import { addDaysIso, GRADES, type Language } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';
import { SG, createChild, createWordSet, grade, today, wordsOf } from '../support/family.js';

/** Issue 35 item 1: tonight's words across a child's sets, nearest test first. */
describe('GET /api/child/:childId/tonight-words', async () => {
  const { createParent } = await buildTestApp();

  async function family() {
    const parent = await createParent();
    return { parent, childId: await createChild(parent) };
  }
  const createSet = (
    parent: TestParent,
    childId: string,
    testDate: string,
    words: string,
    language: Language = 'English',
  ) => createWordSet(parent, childId, { testDate, words, language, description: 'Week' });
  const tonight = (parent: TestParent, childId: string) =>
    parent.inject({ method: 'GET', url: `/api/child/${childId}/tonight-words`, headers: SG });

  it('lists the due words of sets with a test ahead, the nearest test first, graded words left out', async () => {
    const { parent, childId } = await family();
    const later = await createSet(parent, childId, addDaysIso(today, 6), 'apple\nbanana');
    const soon = await createSet(parent, childId, addDaysIso(today, 2), '朋友\n春天', 'Chinese');
    const past = await createSet(parent, childId, addDaysIso(today, 5), 'gone');
    await parent.inject({
      method: 'PATCH',
      url: `/api/child/${childId}/word-sets/${past}`,
      headers: SG,
      payload: { testDate: addDaysIso(today, -1) },
    });
    const laterWords = await wordsOf(parent, childId, later);
    // An Easy grade moves "apple" to a later day: no longer due tonight.
    const graded = await grade(parent, childId, laterWords[0]!.id, GRADES.easy);
    expect(graded.statusCode).toBe(200);

    const res = await tonight(parent, childId);
    expect(res.statusCode).toBe(200);
    const words = res.json() as {
      wordString: string;
      wordSetId: string;
      language: string;
      testDate: string;
    }[];
    expect(words.map((w) => w.wordString)).toEqual(['朋友', '春天', 'banana']);
    expect(words[0]).toMatchObject({ wordSetId: soon, language: 'Chinese', testDate: addDaysIso(today, 2) });
    expect(words[2]).toMatchObject({ wordSetId: later, language: 'English' });
  });

  it("answers [] for a child with nothing due, and 404 for another parent's child or a bad id", async () => {
    const { parent, childId } = await family();
    expect((await tonight(parent, childId)).json()).toEqual([]);
    const stranger = await createParent();
    const res = await tonight(stranger, childId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: expect.any(String) });
    expect((await tonight(parent, 'not-an-id')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await tonight(parent, 'not-an-id')).statusCode).toBeLessThan(500);
  });
});
