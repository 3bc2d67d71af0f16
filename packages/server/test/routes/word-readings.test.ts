import { describe, expect, it } from 'vitest';
import { addDaysIso, localDate, READING_MESSAGES } from '@spellwell/shared';
import { buildTestApp, type TestParent } from '../helper.js';

const today = localDate('Asia/Singapore');
const SG = { 'x-time-zone': 'Asia/Singapore' };

/** Issue 21: a Chinese word's reading (pinyin), its default, the parent's correction, edits. */
describe('word readings', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const childId = (
    await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      payload: { childName: 'Mei' },
    })
  ).json().id as string;

  const createSet = (as: TestParent, language: string, words: string) =>
    as.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      headers: SG,
      payload: { testDate: addDaysIso(today, 7), description: '听写 1', language, words },
    });
  const words = async (wordSetId: string) => {
    const res = await parent.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` });
    expect(res.statusCode).toBe(200);
    return (res.json().words as { wordString: string; reading: string | null }[]).map((w) => [
      w.wordString,
      w.reading,
    ]);
  };
  const edit = (wordSetId: string, text: string) =>
    parent.inject({
      method: 'POST',
      url: `/api/word-sets/${childId}/edit/${wordSetId}`,
      headers: SG,
      payload: { words: text },
    });
  const stored = (wordSetId: string) =>
    app.db.kysely
      .selectFrom('words')
      .select(['word_string', 'reading'])
      .where('word_set_id', '=', wordSetId)
      .orderBy('position')
      .execute();

  it('gives each Chinese word the default reading, or the one typed after it, and stores it', async () => {
    const res = await createSet(parent, 'Chinese', '银行\n东西 (dong1 xi5)\n觉得\n绿色（lv4 se4）');
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(await words(id)).toEqual([
      ['银行', 'yin2 hang2'],
      ['东西', 'dong1 xi5'],
      ['觉得', 'jue2 de5'],
      ['绿色', 'lü4 se4'],
    ]);
    expect(await stored(id)).toEqual([
      { word_string: '银行', reading: 'yin2 hang2' },
      { word_string: '东西', reading: 'dong1 xi5' },
      { word_string: '觉得', reading: 'jue2 de5' },
      { word_string: '绿色', reading: 'lü4 se4' },
    ]);
  });

  it('gives other languages reading null and keeps their lines whole', async () => {
    const english = (await createSet(parent, 'English', 'apple (noun)\nbanana')).json().id as string;
    expect(await words(english)).toEqual([
      ['apple (noun)', null],
      ['banana', null],
    ]);
    const malay = (await createSet(parent, 'Malay', 'sekolah')).json().id as string;
    expect(await words(malay)).toEqual([['sekolah', null]]);
    expect(await stored(malay)).toEqual([{ word_string: 'sekolah', reading: null }]);
  });

  it('keeps a kept word’s reading through an edit, changes it when a new one is typed', async () => {
    const id = (await createSet(parent, 'Chinese', '东西 (dong1 xi5)\n银行\n音乐')).json().id as string;
    const before = await app.db.kysely
      .selectFrom('words')
      .select(['id', 'word_string'])
      .where('word_set_id', '=', id)
      .execute();
    // Reordered, the correction not retyped: 东西 keeps dong1 xi5 (the default would be xi1).
    expect((await edit(id, '银行\n东西\n快乐')).statusCode).toBe(200);
    expect(await words(id)).toEqual([
      ['银行', 'yin2 hang2'],
      ['东西', 'dong1 xi5'],
      ['快乐', 'kuai4 le4'],
    ]);
    // A new reading for a kept word replaces it; the word keeps its id (and so its schedule).
    expect((await edit(id, '银行 (yin2 xing2)\n东西\n快乐')).statusCode).toBe(200);
    expect(await words(id)).toEqual([
      ['银行', 'yin2 xing2'],
      ['东西', 'dong1 xi5'],
      ['快乐', 'kuai4 le4'],
    ]);
    const after = await app.db.kysely
      .selectFrom('words')
      .select(['id', 'word_string'])
      .where('word_set_id', '=', id)
      .execute();
    const idOf = (rows: typeof before, w: string) => rows.find((r) => r.word_string === w)?.id;
    expect(idOf(after, '银行')).toBe(idOf(before, '银行'));
    expect(idOf(after, '东西')).toBe(idOf(before, '东西'));
  });

  it.each([
    ['银行 (yin2)', READING_MESSAGES.syllableCount('银行', 2)],
    ['银行 (yinhang)', READING_MESSAGES.notPinyin('银行')],
  ])('refuses %s with 400 and changes nothing', async (line, message) => {
    const id = (await createSet(parent, 'Chinese', '银行')).json().id as string;
    const bad = await createSet(parent, 'Chinese', `睡觉\n${line}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_error', message });
    const res = await edit(id, `睡觉\n${line}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error', message });
    expect(await words(id)).toEqual([['银行', 'yin2 hang2']]);
  });

  it('serves the default reading for a Chinese word stored before readings existed', async () => {
    const id = (await createSet(parent, 'Chinese', '长大')).json().id as string;
    await app.db.kysely.updateTable('words').set({ reading: null }).where('word_set_id', '=', id).execute();
    expect(await words(id)).toEqual([['长大', 'zhang3 da4']]);
  });
});
