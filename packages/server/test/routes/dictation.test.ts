import { describe, expect, it } from 'vitest';
import { PRINTED_SHEET_MESSAGES, PRINTED_SHEET_WORDS_MAX, addDaysIso, localDate } from '@spellwell/shared';
import { snapshotDb } from '../security/support/route-table.js';
import { buildTestApp, type TestParent } from '../helper.js';
import { addSets } from '../support/bulk-rows.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };
const today = localDate('Asia/Singapore');

/** Issue 20: a child's dictation pause, and printed sheets whose QR code grades them later. */
describe('dictation settings and printed sheets', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const other = await createParent();

  async function addChild(as: TestParent, name = 'Mei') {
    const res = await as.inject({
      method: 'POST',
      url: `/api/child/create/${as.id}`,
      payload: { childName: name },
    });
    return res.json<{ id: string }>().id;
  }
  async function addSet(
    as: TestParent,
    childId: string,
    words: string,
    testInDays = 30,
    language = 'English',
  ) {
    const res = await as.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: { testDate: addDaysIso(today, testInDays), description: `List ${++lists}`, language, words },
    });
    expect(res.statusCode, res.body).toBe(201);
    const wordSetId = res.json<{ id: string }>().id;
    const detail = await as.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` });
    return { wordSetId, wordIds: detail.json<{ words: { id: string }[] }>().words.map((w) => w.id) };
  }
  let lists = 0;
  const print = (as: TestParent, childId: string, payload: object) =>
    as.inject({ method: 'POST', url: `/api/child/${childId}/printed-sheets`, headers: SG, payload });
  const readSheet = (as: TestParent, childId: string, sheetId: string) =>
    as.inject({ method: 'GET', url: `/api/child/${childId}/printed-sheets/${sheetId}` });

  describe('/api/child/:childId/dictation-settings', () => {
    it('answers the 5-second default, then remembers the chosen pause', async () => {
      const childId = await addChild(parent);
      const url = `/api/child/${childId}/dictation-settings`;
      expect((await parent.inject({ method: 'GET', url })).json()).toEqual({ pauseSeconds: 5 });
      const put = await parent.inject({ method: 'PUT', url, payload: { pauseSeconds: 3 } });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ pauseSeconds: 3 });
      expect((await parent.inject({ method: 'GET', url })).json()).toEqual({ pauseSeconds: 3 });
      await parent.inject({ method: 'PUT', url, payload: { pauseSeconds: 12 } });
      expect((await parent.inject({ method: 'GET', url })).json()).toEqual({ pauseSeconds: 12 });
    });

    it('keeps one child’s pause apart from another’s', async () => {
      const mei = await addChild(parent, 'Mei');
      const arun = await addChild(parent, 'Arun');
      await parent.inject({
        method: 'PUT',
        url: `/api/child/${mei}/dictation-settings`,
        payload: { pauseSeconds: 8 },
      });
      const res = await parent.inject({ method: 'GET', url: `/api/child/${arun}/dictation-settings` });
      expect(res.json()).toEqual({ pauseSeconds: 5 });
    });

    it('refuses a pause not offered with 400, changing nothing', async () => {
      const childId = await addChild(parent);
      const url = `/api/child/${childId}/dictation-settings`;
      await parent.inject({ method: 'PUT', url, payload: { pauseSeconds: 8 } });
      const before = await snapshotDb(app);
      for (const payload of [{ pauseSeconds: 4 }, { pauseSeconds: '5' }, { pauseSeconds: 0 }, {}, []]) {
        const res = await parent.inject({ method: 'PUT', url, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
      expect(res400Message(await parent.inject({ method: 'PUT', url, payload: { pauseSeconds: 4 } }))).toBe(
        'pauseSeconds must be one of 3, 5, 8, 12',
      );
      expect(await snapshotDb(app)).toEqual(before);
    });

    it('answers 404 for another parent’s child, reading or writing, and changes nothing', async () => {
      const childId = await addChild(parent);
      const url = `/api/child/${childId}/dictation-settings`;
      const before = await snapshotDb(app);
      expect((await other.inject({ method: 'GET', url })).statusCode).toBe(404);
      const put = await other.inject({ method: 'PUT', url, payload: { pauseSeconds: 3 } });
      expect(put.statusCode).toBe(404);
      expect(await snapshotDb(app)).toEqual(before);
    });
  });

  describe('/api/child/:childId/printed-sheets', () => {
    it('stores a set’s words in list order and reads them back', async () => {
      const childId = await addChild(parent);
      const { wordSetId, wordIds } = await addSet(parent, childId, 'apple\nbanana\ncherry');
      const res = await print(parent, childId, { wordSetId });
      expect(res.statusCode, res.body).toBe(201);
      const sheet = res.json();
      expect(sheet).toMatchObject({ childId, wordSetId, title: `List ${lists}`, removed: [] });
      expect(sheet.words.map((w: { wordString: string }) => w.wordString)).toEqual([
        'apple',
        'banana',
        'cherry',
      ]);
      expect(sheet.words.map((w: { id: string }) => w.id)).toEqual(wordIds);
      expect(sheet.words[0]).toEqual({
        id: wordIds[0],
        wordSetId,
        wordString: 'apple',
        language: 'English',
        reading: null,
      });
      const again = await readSheet(parent, childId, sheet.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(sheet);
    });

    it('after the set is edited, leaves out the words removed since printing and names them', async () => {
      const childId = await addChild(parent);
      const { wordSetId } = await addSet(parent, childId, 'apple\nbanana\ncherry');
      const sheet = (await print(parent, childId, { wordSetId })).json();
      const edit = await parent.inject({
        method: 'POST',
        url: `/api/word-sets/${childId}/edit/${wordSetId}`,
        payload: { words: 'apple\ncherry\ndamson' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const res = await readSheet(parent, childId, sheet.id);
      expect(res.statusCode).toBe(200);
      // damson was added after printing: not on the sheet; banana was removed: named.
      expect(res.json().words.map((w: { wordString: string }) => w.wordString)).toEqual(['apple', 'cherry']);
      expect(res.json().removed).toEqual(['banana']);
    });

    it('prints today’s due words across the child’s sets, the nearest test first', async () => {
      const childId = await addChild(parent);
      const later = await addSet(parent, childId, 'river\nmountain', 40);
      const sooner = await addSet(parent, childId, '朋友\n春暖花开', 10, 'Chinese');
      // A word graded Easy today is not due again today: it is left off.
      const graded = await parent.inject({
        method: 'POST',
        url: `/api/words/update/${childId}/${later.wordIds[1]}`,
        headers: SG,
        payload: { quality: 1, idempotencyKey: 'dictation-test-grade' },
      });
      expect(graded.statusCode).toBe(200);
      const res = await print(parent, childId, {});
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().title).toBe("Today's words");
      expect(res.json().wordSetId).toBeNull();
      expect(
        res.json().words.map((w: { wordString: string; language: string }) => [w.wordString, w.language]),
      ).toEqual([
        ['朋友', 'Chinese'],
        ['春暖花开', 'Chinese'],
        ['river', 'English'],
      ]);
      expect(res.json().words[0].wordSetId).toBe(sooner.wordSetId);
    });

    it('serves each Chinese word with its reading as stored now, or the default when none is stored', async () => {
      const childId = await addChild(parent);
      const { wordSetId, wordIds } = await addSet(
        parent,
        childId,
        '银行 (yin2 xing2)\n朋友\n东西',
        30,
        'Chinese',
      );
      // A word stored before readings existed has none: the dictionary's default is served.
      await app.db.kysely.updateTable('words').set({ reading: null }).where('id', '=', wordIds[1]!).execute();
      const res = await print(parent, childId, { wordSetId });
      expect(res.statusCode, res.body).toBe(201);
      const readings = (sheet: { words: { wordString: string; reading: string | null }[] }) =>
        sheet.words.map((w) => [w.wordString, w.reading]);
      expect(readings(res.json())).toEqual([
        ['银行', 'yin2 xing2'],
        ['朋友', 'peng2 you3'],
        ['东西', 'dong1 xi1'],
      ]);
      // The parent corrects a reading after printing: the key read back has the correction.
      const edit = await parent.inject({
        method: 'POST',
        url: `/api/word-sets/${childId}/edit/${wordSetId}`,
        payload: { words: '银行\n朋友\n东西 (dong1 xi5)' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(readings((await readSheet(parent, childId, res.json().id)).json())).toEqual([
        ['银行', 'yin2 xing2'],
        ['朋友', 'peng2 you3'],
        ['东西', 'dong1 xi5'],
      ]);
    });

    it('answers 422 when nothing is due today, storing nothing', async () => {
      const childId = await addChild(parent);
      const { wordIds } = await addSet(parent, childId, 'solo');
      await parent.inject({
        method: 'POST',
        url: `/api/words/update/${childId}/${wordIds[0]}`,
        headers: SG,
        payload: { quality: 1 },
      });
      const before = await snapshotDb(app);
      const res = await print(parent, childId, {});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: 'nothing_due',
        message: 'No words are due today, so there is nothing to print.',
      });
      expect(await snapshotDb(app)).toEqual(before);
    });

    it(`prints today's words up to ${PRINTED_SHEET_WORDS_MAX}, the most a sheet holds`, async () => {
      const childId = await addChild(parent);
      const list = (n: number, from: number) =>
        Array.from({ length: n }, (_, i) => `w${from + i}`).join('\n');
      await addSet(parent, childId, list(200, 0));
      await addSet(parent, childId, list(200, 200));
      await addSet(parent, childId, list(PRINTED_SHEET_WORDS_MAX - 400, 400));
      const res = await print(parent, childId, {});
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().words).toHaveLength(PRINTED_SHEET_WORDS_MAX);
    });

    it(`refuses today's words past ${PRINTED_SHEET_WORDS_MAX} with 422 before storing anything, even 33,000 of them`, async () => {
      const childId = await addChild(parent);
      const list = (n: number, from: number) =>
        Array.from({ length: n }, (_, i) => `w${from + i}`).join('\n');
      await addSet(parent, childId, list(200, 0));
      await addSet(parent, childId, list(200, 200));
      await addSet(parent, childId, list(PRINTED_SHEET_WORDS_MAX - 399, 400));
      const refused = { error: 'sheet_too_large', message: PRINTED_SHEET_MESSAGES.tooLarge };
      const before = await snapshotDb(app);
      const oneOver = await print(parent, childId, {});
      expect(oneOver.statusCode).toBe(422);
      expect(oneOver.json()).toEqual(refused);
      expect(await snapshotDb(app)).toEqual(before);
      // The attack's sheet: more due words than SQLite takes parameters in one statement
      // (it answered 500 after storing a 15 MB row).
      await addSets(app, childId, 165, 200);
      const sheets = () => app.db.kysely.selectFrom('printed_sheets').selectAll().execute();
      const sheetsBefore = await sheets();
      const huge = await print(parent, childId, {});
      expect(huge.statusCode).toBe(422);
      expect(huge.json()).toEqual(refused);
      expect(await sheets()).toEqual(sheetsBefore);
      // One practice of that child still prints.
      const { wordSetId } = await addSet(parent, childId, 'apple\nbanana');
      expect((await print(parent, childId, { wordSetId })).statusCode).toBe(201);
      // The other tests compare whole databases: leave them a small one.
      await parent.inject({ method: 'DELETE', url: `/api/child/${childId}` });
    });

    it('answers 404 to another parent: their child, their set, their sheet; and stores nothing', async () => {
      const childId = await addChild(parent);
      const { wordSetId } = await addSet(parent, childId, 'apple\nbanana');
      const sheet = (await print(parent, childId, { wordSetId })).json();
      const othersChild = await addChild(other, 'Ana');
      const before = await snapshotDb(app);
      expect((await readSheet(other, childId, sheet.id)).statusCode).toBe(404);
      // Their own child's id with this parent's sheet id: still 404.
      expect((await readSheet(other, othersChild, sheet.id)).statusCode).toBe(404);
      expect((await print(other, childId, { wordSetId })).statusCode).toBe(404);
      expect((await print(other, childId, {})).statusCode).toBe(404);
      // This parent's set through the other parent's own child.
      expect((await print(other, othersChild, { wordSetId })).statusCode).toBe(404);
      expect(await snapshotDb(app)).toEqual(before);
    });

    it('refuses bad input with 400 JSON, storing nothing', async () => {
      const childId = await addChild(parent);
      const { wordSetId } = await addSet(parent, childId, 'apple');
      const before = await snapshotDb(app);
      for (const payload of [{ wordSetId: 'not-an-id' }, { wordSetId: 7 }, { wordSetId, extra: 1 }, []]) {
        const res = await print(parent, childId, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
      expect((await readSheet(parent, childId, 'nope')).statusCode).toBe(400);
      expect(await snapshotDb(app)).toEqual(before);
    });
  });
});

function res400Message(res: { statusCode: number; json: () => { message: string } }) {
  expect(res.statusCode).toBe(400);
  return res.json().message;
}
