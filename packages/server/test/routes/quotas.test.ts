import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { QUOTAS, QUOTA_MESSAGES, addDaysIso, localDate, type QuotaName } from '@spellwell/shared';
import { buildApp } from '../../src/app.js';
import { snapshotDb } from '../security/support/route-table.js';
import { addSets, addSheets } from '../support/bulk-rows.js';
import { TEST_DATABASE_URL, buildTestApp, type TestParent } from '../helper.js';

const recording = readFileSync(new URL('../fixtures/recordings/word.webm', import.meta.url));
const today = localDate('Asia/Singapore');
const refused = (quota: QuotaName) => ({ error: 'quota_exceeded', message: QUOTA_MESSAGES[quota] });

/**
 * Issue 41: what one family can keep. A family is brought to a quota's edge with rows written
 * straight into the database (the real quotas are far above what a test can make through the
 * API), then the API must take exactly what is left and refuse the next with 409, changing
 * nothing. Another family is never affected.
 */
describe('quotas per family', async () => {
  // The quotas are what is tested here, not the per-minute limits.
  const ctx = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  const { app } = ctx;

  const addChild = (as: TestParent, name = 'Kid') =>
    as.inject({ method: 'POST', url: `/api/child/create/${as.id}`, payload: { childName: name } });
  const addSet = (as: TestParent, childId: string, words: string) =>
    as.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: { testDate: addDaysIso(today, 30), description: 'Week', language: 'English', words },
    });
  const editSet = (as: TestParent, childId: string, wordSetId: string, words: string) =>
    as.inject({ method: 'POST', url: `/api/word-sets/${childId}/edit/${wordSetId}`, payload: { words } });
  const print = (as: TestParent, childId: string, wordSetId: string) =>
    as.inject({ method: 'POST', url: `/api/child/${childId}/printed-sheets`, payload: { wordSetId } });
  const record = (as: TestParent, childId: string, wordId: string) =>
    as.inject({
      method: 'PUT',
      url: `/api/words/recording/${childId}/${wordId}`,
      headers: { 'content-type': 'audio/webm' },
      payload: recording,
    });
  async function familyWithChild() {
    const parent = await ctx.createParent();
    const child = await addChild(parent);
    expect(child.statusCode).toBe(201);
    return { parent, childId: child.json<{ id: string }>().id };
  }
  async function wordIdsOf(as: TestParent, childId: string, wordSetId: string): Promise<string[]> {
    const detail = await as.inject({ method: 'GET', url: `/api/child/${childId}/word-sets/${wordSetId}` });
    return detail.json<{ words: { id: string }[] }>().words.map((w) => w.id);
  }
  /**
   * The database as a refused write could have changed it: every table's row count, every
   * parent's row (its data version), and every row but the bulk ones (comparing tens of
   * thousands of rows whole, each time, would take most of a minute).
   */
  async function state() {
    const { kysely } = app.db;
    const all = await snapshotDb(app, { skipRowsOf: ['words', 'word_sets', 'printed_sheets'] });
    const counts = await Promise.all(
      (['word_sets', 'words', 'printed_sheets'] as const).map(async (table) =>
        Number(
          (
            await kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
    const listed = await kysely
      .selectFrom('words')
      .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
      .select(['words.word_set_id', 'words.word_string', 'words.position'])
      .where('word_sets.description', 'not like', 'Bulk %')
      .orderBy('words.word_set_id')
      .orderBy('words.position')
      .execute();
    return { all, counts, listed };
  }
  /** Refused with the quota's 409, and nothing changed. */
  async function expectRefused(quota: QuotaName, send: () => Promise<LightMyRequestResponse>) {
    const before = await state();
    const res = await send();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual(refused(quota));
    expect(await state()).toEqual(before);
  }

  it(`children: ${QUOTAS.children} per family, then 409 until one is removed`, async () => {
    const parent = await ctx.createParent();
    const ids: string[] = [];
    for (let i = 0; i < QUOTAS.children; i += 1) {
      const res = await addChild(parent, `Kid ${i}`);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    await expectRefused('children', () => addChild(parent, 'One more'));
    // Another family is not affected.
    expect((await addChild(await ctx.createParent())).statusCode).toBe(201);
    expect((await parent.inject({ method: 'DELETE', url: `/api/child/${ids[0]}` })).statusCode).toBe(204);
    expect((await addChild(parent, 'Room now')).statusCode).toBe(201);
  });

  it(`word sets: ${QUOTAS.wordSets.toLocaleString('en')} per family, across its children`, async () => {
    const { parent, childId } = await familyWithChild();
    const second = (await addChild(parent, 'Second')).json<{ id: string }>().id;
    await addSets(app, childId, QUOTAS.wordSets - 2);
    expect((await addSet(parent, childId, 'one')).statusCode).toBe(201);
    expect((await addSet(parent, second, 'last')).statusCode).toBe(201);
    await expectRefused('wordSets', () => addSet(parent, childId, 'too many'));
    await expectRefused('wordSets', () => addSet(parent, second, 'too many'));
    const elsewhere = await familyWithChild();
    expect((await addSet(elsewhere.parent, elsewhere.childId, 'elsewhere')).statusCode).toBe(201);
    await parent.inject({ method: 'DELETE', url: `/api/child/${childId}` });
  });

  it(`words: ${QUOTAS.words.toLocaleString('en')} per family, by new sets and by longer lists`, async () => {
    const { parent, childId } = await familyWithChild();
    // 40,000 - 3 words in 200-word sets.
    await addSets(app, childId, QUOTAS.words / 200 - 1, 200);
    await addSets(app, childId, 1, 197);
    const set = await addSet(parent, childId, 'alpha\nbeta');
    expect(set.statusCode).toBe(201);
    const wordSetId = set.json<{ id: string }>().id;
    await expectRefused('words', () => addSet(parent, childId, 'gamma\ndelta'));
    expect((await editSet(parent, childId, wordSetId, 'alpha\nbeta\ngamma')).statusCode).toBe(200);
    await expectRefused('words', () => editSet(parent, childId, wordSetId, 'alpha\nbeta\ngamma\ndelta'));
    // A list that keeps its length, or shrinks, is always saved.
    expect((await editSet(parent, childId, wordSetId, 'alpha\nbeta\nomega')).statusCode).toBe(200);
    expect((await editSet(parent, childId, wordSetId, 'alpha')).statusCode).toBe(200);
    await parent.inject({ method: 'DELETE', url: `/api/child/${childId}` });
  });

  it(`printed sheets: ${QUOTAS.printedSheets.toLocaleString('en')} per family`, async () => {
    const { parent, childId } = await familyWithChild();
    const wordSetId = (await addSet(parent, childId, 'apple\nbanana')).json<{ id: string }>().id;
    await addSheets(app, childId, QUOTAS.printedSheets - 1);
    expect((await print(parent, childId, wordSetId)).statusCode).toBe(201);
    await expectRefused('printedSheets', () => print(parent, childId, wordSetId));
    await parent.inject({ method: 'DELETE', url: `/api/child/${childId}` });
  });

  it('recordings: 1 GB per family, counting recordings from before their size was stored', async () => {
    const { parent, childId } = await familyWithChild();
    const added = await addSet(parent, childId, 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight');
    const words = await wordIdsOf(parent, childId, added.json<{ id: string }>().id);
    // Recordings whose stored sizes fill the quota but for two of today's recording, and an
    // older row with no size of its own, whose audio's 5,000 bytes count.
    const legacy = 5_000;
    const filled = QUOTAS.recordingBytes - 2 * recording.length - legacy;
    const big = Math.floor(filled / 4);
    const rows: { word_id: string; bytes: number | null; audio: Buffer }[] = [
      big,
      big,
      big,
      filled - 3 * big,
    ].map((bytes, i) => ({ word_id: words[i]!, bytes, audio: Buffer.alloc(10) }));
    rows.push({ word_id: words[4]!, bytes: null, audio: Buffer.alloc(legacy) });
    await app.db.kysely
      .insertInto('word_recordings')
      .values(
        rows.map((row) => ({
          ...row,
          content_type: 'audio/webm',
          duration_ms: 1000,
          etag: `"${randomUUID()}"`,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    expect((await record(parent, childId, words[5]!)).statusCode).toBe(200);
    expect((await record(parent, childId, words[6]!)).statusCode).toBe(200);
    // Exactly at the quota: the same recording saved again is the same size.
    expect((await record(parent, childId, words[6]!)).statusCode).toBe(200);
    // One more goes past it (it would not, were the older row's audio not counted).
    await expectRefused('recordingBytes', () => record(parent, childId, words[7]!));
    // Deleting one, or replacing the older, larger recording, makes room again.
    await parent.inject({ method: 'DELETE', url: `/api/words/recording/${childId}/${words[6]}` });
    expect((await record(parent, childId, words[7]!)).statusCode).toBe(200);
    expect((await record(parent, childId, words[4]!)).statusCode).toBe(200);
    await expectRefused('recordingBytes', () => record(parent, childId, words[6]!));
    await parent.inject({ method: 'DELETE', url: `/api/child/${childId}` });
  });

  it('holds when one family writes many times at once: exactly what is left is taken', async () => {
    const { parent, childId } = await familyWithChild();
    await addSets(app, childId, QUOTAS.wordSets - 3);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => addSet(parent, childId, `at\nonce\n${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(201), ...Array<number>(9).fill(409)]);
    const sets = await app.db.kysely
      .selectFrom('word_sets')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('child_id', '=', childId)
      .executeTakeFirstOrThrow();
    expect(Number(sets.n)).toBe(QUOTAS.wordSets);
    await parent.inject({ method: 'DELETE', url: `/api/child/${childId}` });
  });
});

/**
 * Two servers on one PostgreSQL (scale-out): the count is taken in the database, under the
 * family's row lock, so writes through both at once still stop exactly at the quota.
 */
describe.runIf(TEST_DATABASE_URL)('quotas with two servers on one PostgreSQL', async () => {
  const ctx = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  const other = await buildApp(ctx.config, { logger: false, serveWeb: false });
  await other.ready();

  it('writes through both servers at once stop exactly at the quota', async () => {
    const parent = await ctx.createParent();
    const child = await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      payload: { childName: 'Kid' },
    });
    const childId = child.json<{ id: string }>().id;
    await addSets(ctx.app, childId, QUOTAS.wordSets - 4);
    const send = (app: typeof other, i: number) =>
      app.inject({
        method: 'POST',
        url: `/api/word-sets/create/${childId}`,
        headers: { authorization: `Bearer ${parent.token}` },
        payload: {
          testDate: addDaysIso(today, 9),
          description: `Race ${i}`,
          language: 'English',
          words: 'x',
        },
      });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => send(i % 2 === 0 ? ctx.app : other, i)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(201), ...Array<number>(12).fill(409)]);
    const sets = await ctx.app.db.kysely
      .selectFrom('word_sets')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('child_id', '=', childId)
      .executeTakeFirstOrThrow();
    expect(Number(sets.n)).toBe(QUOTAS.wordSets);
    await other.close();
  });
});
