import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTAS, QUOTA_MESSAGES, SHARE_MESSAGES, addDaysIso, localDate } from '@spellwell/shared';
import { snapshotDb } from '../security/support/route-table.js';
import { addSets } from '../support/bulk-rows.js';
import { buildTestApp, type TestContext, type TestParent } from '../helper.js';

const today = localDate('Asia/Singapore');
const testDate = addDaysIso(today, 14);
const CODE = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

async function familyOf(ctx: TestContext, childName = 'Mei') {
  const parent = await ctx.createParent();
  const childId = (
    await parent.inject({ method: 'POST', url: `/api/child/create/${parent.id}`, payload: { childName } })
  ).json<{ id: string }>().id;
  return { parent, childId };
}

async function addList(parent: TestParent, childId: string, words: string, language = 'Chinese') {
  const res = await parent.inject({
    method: 'POST',
    url: `/api/word-sets/create/${childId}`,
    payload: { testDate, description: 'Unit 3 词语', language, words },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const shareUrl = (childId: string, setId: string) => `/api/child/${childId}/word-sets/${setId}/share`;
const lookup = (as: TestParent, code: string) =>
  as.inject({ method: 'GET', url: `/api/shared-lists/${code}` });
const importInto = (as: TestParent, code: string, payload: object) =>
  as.inject({ method: 'POST', url: `/api/shared-lists/${encodeURIComponent(code)}/import`, payload });

/** Issue 37, item 5: lists shared by a code. */
describe('shared lists', async () => {
  // The lookups' own limits are tested below, on their own app.
  const ctx = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  const { app } = ctx;

  async function sharedByMum() {
    const mum = await familyOf(ctx, 'Wei');
    const setId = await addList(mum.parent, mum.childId, '银行 (yin2 hang2)\n东西 (dong1 xi5)\n学校');
    const res = await mum.parent.inject({ method: 'POST', url: shareUrl(mum.childId, setId) });
    expect(res.statusCode, res.body).toBe(201);
    return { ...mum, setId, code: res.json<{ code: string }>().code, url: res.json<{ url: string }>().url };
  }

  it('shares a set by a typeable code and URL, and the same code again while it is shared', async () => {
    const { parent, childId, setId, code, url } = await sharedByMum();
    expect(code).toMatch(CODE);
    expect(url).toBe(`http://localhost:80/shared/${code}`);
    const again = await parent.inject({ method: 'POST', url: shareUrl(childId, setId) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ code, url });
    const status = await parent.inject({ method: 'GET', url: shareUrl(childId, setId) });
    expect(status.json()).toEqual({ share: { code, url } });
  });

  it('gives one code to shares of one set made at once', async () => {
    const { parent, childId } = await familyOf(ctx);
    const setId = await addList(parent, childId, 'one\ntwo', 'English');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => parent.inject({ method: 'POST', url: shareUrl(childId, setId) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().code)).size).toBe(1);
  });

  it('shows another parent the list, however the code is typed, and nothing of the child', async () => {
    const { code } = await sharedByMum();
    const other = await familyOf(ctx);
    for (const typed of [code, code.toLowerCase(), code.replaceAll('-', ''), code.replaceAll('-', ' ')]) {
      const res = await lookup(other.parent, encodeURIComponent(typed));
      expect(res.statusCode, typed).toBe(200);
      expect(res.json()).toEqual({
        description: 'Unit 3 词语',
        language: 'Chinese',
        testDate,
        words: ['银行', '东西', '学校'],
        readings: ['yin2 hang2', 'dong1 xi5', 'xue2 xiao4'],
      });
      expect(res.body).not.toContain('Wei');
    }
  });

  it('shows the set as it is now (live), not as it was when shared', async () => {
    const { parent, childId, setId, code } = await sharedByMum();
    const edit = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/${childId}/edit/${setId}`,
      payload: { words: '银行 (yin2 hang2)\n老师' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await lookup(parent, code)).json().words).toEqual(['银行', '老师']);
  });

  it('imports a copy with its readings into the child; twice asks first; `again` makes a second', async () => {
    const { code } = await sharedByMum();
    const other = await familyOf(ctx);
    const first = await importInto(other.parent, code.toLowerCase(), { childId: other.childId });
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json<{ id: string }>().id;
    const detail = await other.parent.inject({
      method: 'GET',
      url: `/api/child/${other.childId}/word-sets/${firstId}`,
    });
    expect(detail.json().description).toBe('Unit 3 词语');
    expect(detail.json().testDate).toBe(testDate);
    expect(
      detail
        .json<{ words: { wordString: string; reading: string; nextReview: null }[] }>()
        .words.map((w) => [w.wordString, w.reading, w.nextReview]),
    ).toEqual([
      ['银行', 'yin2 hang2', null],
      ['东西', 'dong1 xi5', null],
      ['学校', 'xue2 xiao4', null],
    ]);

    const before = await snapshotDb(app);
    const twice = await importInto(other.parent, code, { childId: other.childId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      error: 'already_imported',
      message: SHARE_MESSAGES.alreadyImported,
      wordSetId: firstId,
    });
    expect(await snapshotDb(app)).toEqual(before);

    const second = await importInto(other.parent, code, { childId: other.childId, again: true });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(firstId);
    const sets = (
      await other.parent.inject({ method: 'GET', url: `/api/word-sets/${other.parent.id}` })
    ).json()[0].wordSets;
    expect(sets).toHaveLength(2);
  });

  it('answers 404 and changes nothing for a child of another parent', async () => {
    const { code, childId: mumsChild } = await sharedByMum();
    const other = await familyOf(ctx);
    const before = await snapshotDb(app);
    const res = await importInto(other.parent, code, { childId: mumsChild });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Child not found' });
    expect(await snapshotDb(app)).toEqual(before);
  });

  it('answers 404 for a code no one made and 400 for what cannot be a code', async () => {
    const other = await familyOf(ctx);
    const unknown = await lookup(other.parent, 'ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: SHARE_MESSAGES.notFound });
    expect((await importInto(other.parent, 'ZZZZ-ZZZZ-ZZZZ', { childId: other.childId })).statusCode).toBe(
      404,
    );
    for (const bad of ['hello', 'K7QM-2XR9-HT40', 'x'.repeat(100)]) {
      const res = await lookup(other.parent, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    const before = await snapshotDb(app);
    for (const payload of [{}, { childId: 'nope' }, { childId: other.childId, again: 'yes' }]) {
      const res = await importInto(other.parent, 'ZZZZ-ZZZZ-ZZZZ', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await snapshotDb(app)).toEqual(before);
  });

  it('stops a code for good (410), and sharing again makes a new one', async () => {
    const { parent, childId, setId, code } = await sharedByMum();
    const other = await familyOf(ctx);
    const stop = await parent.inject({ method: 'DELETE', url: shareUrl(childId, setId) });
    expect(stop.statusCode).toBe(204);
    const gone = await lookup(other.parent, code);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: 'share_stopped', message: SHARE_MESSAGES.stopped });
    expect((await importInto(other.parent, code, { childId: other.childId })).statusCode).toBe(410);
    expect((await parent.inject({ method: 'GET', url: shareUrl(childId, setId) })).json()).toEqual({
      share: null,
    });
    // Stopping what is not shared is no error.
    expect((await parent.inject({ method: 'DELETE', url: shareUrl(childId, setId) })).statusCode).toBe(204);

    const again = await parent.inject({ method: 'POST', url: shareUrl(childId, setId) });
    expect(again.statusCode).toBe(201);
    expect(again.json().code).not.toBe(code);
    expect((await lookup(other.parent, again.json().code)).statusCode).toBe(200);
    expect((await lookup(other.parent, code)).statusCode).toBe(410);
  });

  it('answers 410 once the shared set is deleted', async () => {
    const { parent, childId, setId, code } = await sharedByMum();
    await parent.inject({ method: 'DELETE', url: `/api/child/${childId}/word-sets/${setId}` });
    expect((await lookup(parent, code)).statusCode).toBe(410);
  });

  it('lets no one share or stop another parent’s set (404, nothing changes)', async () => {
    const { childId, setId } = await sharedByMum();
    const other = await familyOf(ctx);
    const before = await snapshotDb(app);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await other.parent.inject({ method, url: shareUrl(childId, setId) });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await snapshotDb(app)).toEqual(before);
  });

  // The clock stands still in the next test: a code stopped and a new one made in one millisecond.
  afterEach(() => vi.useRealTimers());

  it('lists a set’s codes in the order they were made, even in one millisecond', async () => {
    const { parent, childId, setId, code } = await sharedByMum();
    vi.useFakeTimers({ toFake: ['Date'] });
    const codes = [code];
    for (let i = 0; i < 2; i++) {
      expect((await parent.inject({ method: 'DELETE', url: shareUrl(childId, setId) })).statusCode).toBe(204);
      const made = await parent.inject({ method: 'POST', url: shareUrl(childId, setId) });
      expect(made.statusCode).toBe(201);
      codes.push(made.json<{ code: string }>().code);
    }
    const listed = (await parent.inject({ method: 'GET', url: '/api/account/export' })).json().sharedLists;
    expect(listed.map((l: { code: string }) => l.code)).toEqual(codes);
    expect(listed.map((l: { stoppedAt: string | null }) => l.stoppedAt === null)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('puts the codes a parent made in their export, and on each imported set its code', async () => {
    const { parent, childId, setId, code } = await sharedByMum();
    await parent.inject({ method: 'DELETE', url: shareUrl(childId, setId) });
    const second = (await parent.inject({ method: 'POST', url: shareUrl(childId, setId) })).json().code;
    const other = await familyOf(ctx);
    const imported = (await importInto(other.parent, second, { childId: other.childId })).json().id;

    const mine = (await parent.inject({ method: 'GET', url: '/api/account/export' })).json();
    expect(mine.sharedLists).toEqual([
      { code, wordSetId: setId, createdAt: expect.any(String), stoppedAt: expect.any(String) },
      { code: second, wordSetId: setId, createdAt: expect.any(String), stoppedAt: null },
    ]);
    expect(mine.children[0].wordSets[0].importedFromCode).toBeNull();
    const theirs = (await other.parent.inject({ method: 'GET', url: '/api/account/export' })).json();
    expect(theirs.sharedLists).toEqual([]);
    expect(theirs.children[0].wordSets).toEqual([
      expect.objectContaining({ id: imported, importedFromCode: second }),
    ]);
  });

  it('counts an import against the family’s word-set quota like any new set', async () => {
    const { code } = await sharedByMum();
    const full = await familyOf(ctx);
    await addSets(app, full.childId, QUOTAS.wordSets);
    const before = await snapshotDb(app, { skipRowsOf: ['word_sets'] });
    const res = await importInto(full.parent, code, { childId: full.childId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'quota_exceeded', message: QUOTA_MESSAGES.wordSets });
    expect(await snapshotDb(app, { skipRowsOf: ['word_sets'] })).toEqual(before);
  });
});

describe('code lookups are limited to 20 a minute per parent and per address', async () => {
  const ctx = await buildTestApp();
  const look = (as: TestParent, remoteAddress: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/shared-lists/ZZZZ-ZZZZ-ZZZZ',
      remoteAddress,
      headers: { authorization: `Bearer ${as.token}` },
    });

  it('per parent, across addresses, the page and the import together', async () => {
    const { parent, childId } = await familyOf(ctx);
    for (let i = 0; i < 10; i++) expect((await look(parent, '10.0.0.1')).statusCode).toBe(404);
    for (let i = 0; i < 10; i++)
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/shared-lists/ZZZZ-ZZZZ-ZZZZ/import',
            remoteAddress: '10.0.0.2',
            headers: { authorization: `Bearer ${parent.token}` },
            payload: { childId },
          })
        ).statusCode,
      ).toBe(404);
    const res = await look(parent, '10.0.0.3');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error).toBe('rate_limited');
    expect(res.json().message).toMatch(
      /^Too many share codes tried\. Please wait \d+ seconds and try again\.$/,
    );
  });

  it('per address, across parents', async () => {
    const a = await familyOf(ctx);
    const b = await familyOf(ctx);
    for (let i = 0; i < 12; i++) expect((await look(a.parent, '10.0.0.9')).statusCode).toBe(404);
    for (let i = 0; i < 8; i++) expect((await look(b.parent, '10.0.0.9')).statusCode).toBe(404);
    expect((await look(b.parent, '10.0.0.9')).statusCode).toBe(429);
    // The same parent from elsewhere still has room: the address was the limit.
    expect((await look(b.parent, '10.0.0.10')).statusCode).toBe(404);
  });
});
