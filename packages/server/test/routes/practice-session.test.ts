import { describe, expect, it } from 'vitest';
import { addDaysIso, localDate } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };
const today = localDate('Asia/Singapore');

describe('practice sessions', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const other = await createParent();

  async function setUp(as: TestParent, words: string[]) {
    const childId = (
      await as.inject({ method: 'POST', url: `/api/child/create/${as.id}`, payload: { childName: 'Kid' } })
    ).json().id;
    const wordSetId = (
      await as.inject({
        method: 'POST',
        url: `/api/word-sets/create/${childId}`,
        payload: {
          testDate: addDaysIso(today, 30),
          description: 'Session',
          language: 'English',
          words: words.join('\n'),
        },
      })
    ).json().id;
    const list = (
      await as.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` })
    ).json().words;
    const ids: Record<string, string> = Object.fromEntries(
      list.map((w: { wordString: string; id: string }) => [w.wordString, w.id]),
    );
    return { childId, wordSetId, ids, url: `/api/practice-session/${childId}/${wordSetId}` };
  }
  const setState = (id: string, ease: number, interval: number, nextReview: string | null) =>
    app.db.kysely
      .updateTable('words')
      .set({ ease_factor: ease, interval, next_review: nextReview })
      .where('id', '=', id)
      .execute();
  const sessionCount = async () =>
    (await app.db.kysely.selectFrom('practice_sessions').select('word_set_id').execute()).length;

  it('builds the order: due words first, lowest ease first, then shortest interval; words not due after', async () => {
    const { ids, url } = await setUp(parent, [
      'new',
      'hard-due',
      'hardest-later',
      'medium-due',
      'easy-later',
      'tie-long',
    ]);
    await setState(ids['hard-due']!, 1.5, 2, addDaysIso(today, -1));
    await setState(ids['hardest-later']!, 1.3, 1, addDaysIso(today, 1));
    await setState(ids['medium-due']!, 2.0, 5, today);
    await setState(ids['tie-long']!, 2.0, 7, addDaysIso(today, -2));
    await setState(ids['easy-later']!, 2.5, 3, addDaysIso(today, 3));

    const res = await parent.inject({ method: 'GET', url, headers: SG });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      wordIds: ['hard-due', 'medium-due', 'tie-long', 'new', 'hardest-later', 'easy-later'].map(
        (w) => ids[w],
      ),
      position: 0,
      dueCount: 4,
    });
  });

  it('keeps the stored order and resumes at the saved position', async () => {
    const { childId, ids, url } = await setUp(parent, ['a', 'b', 'c', 'd']);
    const first = (await parent.inject({ method: 'GET', url, headers: SG })).json();
    expect(first.wordIds).toEqual([ids.a, ids.b, ids.c, ids.d]);
    // Grading changes the words' state, but not the order of the session under way.
    await parent.inject({
      method: 'POST',
      url: `/api/words/update/${childId}/${ids.a}`,
      headers: SG,
      payload: { quality: 3 },
    });
    const put = await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 2 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...first, position: 2 });
    expect((await parent.inject({ method: 'GET', url, headers: SG })).json()).toEqual({
      ...first,
      position: 2,
    });
  });

  it('clamps the position to the number of words and rejects a negative one', async () => {
    const { url } = await setUp(parent, ['x', 'y']);
    expect((await parent.inject({ method: 'PUT', url, payload: { position: 150 } })).json().position).toBe(2);
    const res = await parent.inject({ method: 'PUT', url, payload: { position: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_error',
      message: 'Too small: expected number to be >=0',
    });
    expect((await parent.inject({ method: 'GET', url })).json().position).toBe(2);
  });

  it('starts over after DELETE with a fresh order', async () => {
    const { childId, ids, url } = await setUp(parent, ['p', 'q', 'r']);
    await parent.inject({ method: 'GET', url, headers: SG });
    await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 2 } });
    // p graded Easy twice: due in two days, so it moves behind the others in a new session.
    for (let i = 0; i < 2; i++) {
      await parent.inject({
        method: 'POST',
        url: `/api/words/update/${childId}/${ids.p}`,
        headers: SG,
        payload: { quality: 1 },
      });
    }
    const del = await parent.inject({ method: 'DELETE', url });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await parent.inject({ method: 'GET', url, headers: SG })).json()).toEqual({
      wordIds: [ids.q, ids.r, ids.p],
      position: 0,
      dueCount: 2,
    });
    // Clearing a session that is not stored is fine too.
    await parent.inject({ method: 'DELETE', url });
    expect((await parent.inject({ method: 'DELETE', url })).statusCode).toBe(204);
  });

  it('drops removed words and appends added ones after the list is edited', async () => {
    const { childId, wordSetId, ids, url } = await setUp(parent, ['one', 'two', 'three', 'four']);
    await parent.inject({ method: 'GET', url, headers: SG });
    await parent.inject({ method: 'PUT', url, payload: { position: 3 } });
    await parent.inject({
      method: 'POST',
      url: `/api/word-sets/${childId}/edit/${wordSetId}`,
      payload: { words: 'four\nthree\none\nfive' },
    });
    const five = (await parent.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` }))
      .json()
      .words.find((w: { wordString: string }) => w.wordString === 'five').id;
    expect((await parent.inject({ method: 'GET', url, headers: SG })).json()).toEqual({
      wordIds: [ids.one, ids.three, ids.four, five],
      // "two" was before the position: the parent is still at "four".
      position: 2,
      // "four" and the added "five" were never graded: both are due (issue 17 item 4).
      dueCount: 4,
    });
  });

  it('a session resumed on a later day counts as due exactly the words due now, and orders them first', async () => {
    const { ids, url } = await setUp(parent, ['a', 'b', 'c', 'd', 'e']);
    // Built "yesterday": a and b due, c, d and e not yet.
    await setState(ids.a!, 2.5, 0, null);
    await setState(ids.b!, 2.5, 0, null);
    await setState(ids.c!, 2.0, 2, addDaysIso(today, 2));
    await setState(ids.d!, 1.5, 2, addDaysIso(today, 1));
    await setState(ids.e!, 2.2, 2, addDaysIso(today, 3));
    expect((await parent.inject({ method: 'GET', url, headers: SG })).json()).toMatchObject({ dueCount: 2 });
    await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 1 } });
    // Saving a position never reorders under the page's feet.
    const saved = (await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 1 } })).json();
    expect(saved.wordIds).toEqual([ids.a, ids.b, ids.d, ids.c, ids.e]);

    // Days pass: c and d are due now, e still is not. Resuming puts them before e, hardest first.
    await setState(ids.c!, 2.0, 2, today);
    await setState(ids.d!, 1.5, 2, addDaysIso(today, -1));
    const resumed = (await parent.inject({ method: 'GET', url, headers: SG })).json();
    expect(resumed).toEqual({ wordIds: [ids.a, ids.d, ids.c, ids.b, ids.e], position: 1, dueCount: 4 });
    // Stored as resumed: the same answer again.
    expect((await parent.inject({ method: 'GET', url, headers: SG })).json()).toEqual(resumed);
  });

  it('a session whose remaining words are not due any more says so (dueCount at the position)', async () => {
    const { ids, url } = await setUp(parent, ['f', 'g', 'h']);
    await parent.inject({ method: 'GET', url, headers: SG });
    await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 1 } });
    // g and h were practised elsewhere meanwhile (another device's session of this list).
    await setState(ids.g!, 2.5, 1, addDaysIso(today, 1));
    await setState(ids.h!, 2.5, 1, addDaysIso(today, 1));
    expect((await parent.inject({ method: 'GET', url, headers: SG })).json()).toEqual({
      wordIds: [ids.f, ids.g, ids.h],
      position: 1,
      dueCount: 1,
    });
  });

  it('refuses a position from a page that is out of date (409) and keeps the newer one', async () => {
    const { ids, url } = await setUp(parent, ['s1', 's2', 's3']);
    await parent.inject({ method: 'GET', url, headers: SG });
    // Two tabs opened at position 0; the first moves on to 2.
    expect(
      (await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 1, from: 0 } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 2, from: 1 } }))
        .statusCode,
    ).toBe(200);
    // The second tab still thinks it is at 0.
    const stale = await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 1, from: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'session_moved',
      message: 'This practice has moved on in another tab or on another device.',
    });
    expect((await parent.inject({ method: 'GET', url, headers: SG })).json()).toEqual({
      wordIds: [ids.s1, ids.s2, ids.s3],
      position: 2,
      dueCount: 3,
    });
    // A session finished (cleared) elsewhere: a page still in it is out of date too.
    await parent.inject({ method: 'DELETE', url });
    expect(
      (await parent.inject({ method: 'PUT', url, headers: SG, payload: { position: 3, from: 2 } }))
        .statusCode,
    ).toBe(409);
  });

  it('PUT before any GET builds the session first', async () => {
    const { ids, url } = await setUp(parent, ['m', 'n']);
    const res = await parent.inject({ method: 'PUT', url, payload: { position: 1 } });
    expect(res.json()).toEqual({ wordIds: [ids.m, ids.n], position: 1, dueCount: 2 });
  });

  it("answers 404 for another parent's set (or the wrong child) on every method and stores nothing", async () => {
    const theirs = await setUp(other, ['private']);
    const mine = await setUp(parent, ['mine']);
    await other.inject({ method: 'PUT', url: theirs.url, payload: { position: 1 } });
    const before = await sessionCount();
    for (const url of [theirs.url, `/api/practice-session/${mine.childId}/${theirs.wordSetId}`]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await parent.inject({
          method,
          url,
          ...(method === 'PUT' ? { payload: { position: 0 } } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: 'Word set not found' });
      }
    }
    expect(await sessionCount()).toBe(before);
    expect((await other.inject({ method: 'GET', url: theirs.url })).json().position).toBe(1);
  });

  it('answers 400 for malformed ids', async () => {
    const res = await parent.inject({ method: 'GET', url: '/api/practice-session/a/b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'Not a valid id' });
  });
});
