import { afterAll, describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '@spellwell/shared';
import { buildApp } from '../../src/app.js';
import { buildTestApp, type TestParent } from '../helper.js';
import { futureDate, joinFamily, seedFamily, snapshotDb } from '../security/support/route-table.js';

/** Issue 37: invites, members and their roles, through the API on a real database. */
describe('a family sharing a child', async () => {
  const ctx = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  const { app } = ctx;
  const named = async (name: string) => {
    const parent = await ctx.createParent();
    await app.db.kysely.updateTable('parents').set({ name }).where('id', '=', parent.id).execute();
    return parent;
  };
  const invite = async (owner: TestParent, childId: string, role = 'co-parent') => {
    const res = await owner.inject({
      method: 'POST',
      url: `/api/child/${childId}/invites`,
      payload: { role },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ id: string; url: string; expiresAt: string }>();
    return { ...body, secret: body.url.split('/').pop()! };
  };
  const accept = (parent: TestParent, secret: string) =>
    parent.inject({ method: 'POST', url: '/api/invites/accept', payload: { secret } });
  const dashboard = async (parent: TestParent) =>
    (await parent.inject({ method: 'GET', url: `/api/word-sets/${parent.id}` })).json<
      Array<{ id: string; role: string; wordSets: Array<{ id: string }> }>
    >();

  describe('invites', () => {
    it('makes a one-time link of 256 random bits, kept only hashed, for 7 days', async () => {
      const mum = await named('Mum Tan');
      const { childId } = await seedFamily(mum);
      const before = Date.now();
      const made = await invite(mum, childId, 'tutor');
      expect(made.url).toMatch(/^http:\/\/[^/]+\/invite\/[A-Za-z0-9_-]{43}$/);
      const days = (Date.parse(made.expiresAt) - before) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThan(7.01);
      // The secret appears nowhere in the database.
      expect(JSON.stringify(await snapshotDb(app)).includes(made.secret)).toBe(false);
      const list = await mum.inject({ method: 'GET', url: `/api/child/${childId}/invites` });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual({
        id: made.id,
        role: 'tutor',
        createdAt: expect.any(String),
        expiresAt: made.expiresAt,
      });
      expect(list.body.includes(made.secret)).toBe(false);
    });

    it('shows the invited parent what they join, then makes them a member once: again is 410', async () => {
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const gran = await named('Gran');
      const { childId } = await seedFamily(mum);
      const made = await invite(mum, childId);
      const preview = await dad.inject({
        method: 'POST',
        url: '/api/invites/preview',
        payload: { secret: made.secret },
      });
      expect(preview.json()).toEqual({ childName: 'Kid', role: 'co-parent', invitedBy: 'Mum' });
      const first = await accept(dad, made.secret);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ childId, role: 'co-parent' });
      for (const who of [dad, gran]) {
        const again = await accept(who, made.secret);
        expect(again.statusCode).toBe(410);
        expect(again.json()).toEqual({ error: 'invite_used', message: INVITE_MESSAGES.used });
      }
      // Used invites are no longer listed.
      const list = await mum.inject({ method: 'GET', url: `/api/child/${childId}/invites` });
      expect(list.json<Array<{ id: string }>>().map((i) => i.id)).not.toContain(made.id);
    });

    it('answers 410 for a withdrawn or expired invite, 404 for an unknown one, 400 for a malformed one, and the owner cannot accept their own', async () => {
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const { childId } = await seedFamily(mum);
      const own = await invite(mum, childId);
      const ownRes = await accept(mum, own.secret);
      expect(ownRes.statusCode).toBe(409);
      expect(ownRes.json().message).toBe(INVITE_MESSAGES.own);

      const withdrawn = await invite(mum, childId);
      const del = await mum.inject({
        method: 'DELETE',
        url: `/api/child/${childId}/invites/${withdrawn.id}`,
      });
      expect(del.statusCode).toBe(204);
      expect((await accept(dad, withdrawn.secret)).json()).toEqual({
        error: 'invite_withdrawn',
        message: INVITE_MESSAGES.withdrawn,
      });

      const expired = await invite(mum, childId);
      await app.db.kysely
        .updateTable('child_invites')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expired.id)
        .execute();
      const late = await accept(dad, expired.secret);
      expect(late.statusCode).toBe(410);
      expect(late.json().message).toBe(INVITE_MESSAGES.expired);

      expect((await accept(dad, 'C'.repeat(43))).statusCode).toBe(404);
      const bad = await accept(dad, 'short');
      expect(bad.statusCode).toBe(400);
      // None of it made Dad a member.
      const members = await app.db.kysely
        .selectFrom('child_members')
        .selectAll()
        .where('child_id', '=', childId)
        .execute();
      expect(members).toEqual([]);
    });
  });

  describe('members', () => {
    it('lists the owner and the members; the member sees the child, its sets and their role', async () => {
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const ids = await seedFamily(mum, { tutor: dad });
      const list = await dad.inject({ method: 'GET', url: `/api/child/${ids.childId}/members` });
      expect(list.json()).toEqual([
        { parentId: mum.id, name: 'Mum', role: 'owner', since: expect.any(String) },
        { parentId: dad.id, name: 'Dad', role: 'tutor', since: expect.any(String) },
      ]);
      const shared = (await dashboard(dad)).find((c) => c.id === ids.childId);
      expect(shared?.role).toBe('tutor');
      expect(shared?.wordSets.map((s) => s.id)).toEqual([ids.wordSetId]);
      expect((await dashboard(mum)).find((c) => c.id === ids.childId)?.role).toBe('owner');
    });

    it("records who graded; the owner's cached reads show a member's grade at once", async () => {
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const ids = await seedFamily(mum, { 'co-parent': dad });
      const detailUrl = `/api/child/${ids.childId}/word-sets/${ids.wordSetId}`;
      const before = (await mum.inject({ method: 'GET', url: detailUrl })).json();
      const graded = await dad.inject({
        method: 'POST',
        url: `/api/words/update/${ids.childId}/${ids.wordId}`,
        payload: { quality: 1, idempotencyKey: 'dad-grade-key' },
      });
      expect(graded.statusCode).toBe(200);
      const review = await app.db.kysely
        .selectFrom('word_reviews')
        .select('graded_by')
        .where('idempotency_key', '=', 'dad-grade-key')
        .executeTakeFirstOrThrow();
      expect(review.graded_by).toBe(dad.id);
      const after = (await mum.inject({ method: 'GET', url: detailUrl })).json();
      expect(after).not.toEqual(before);
      expect(after.words.find((w: { id: string }) => w.id === ids.wordId).gradedBy).toBe('Dad');
    });

    it('says who graded each day in the history only where the child has more than one adult', async () => {
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const history = async (parent: TestParent, childId: string) =>
        (await parent.inject({ method: 'GET', url: `/api/review/history/${childId}?days=2` })).json<{
          days: Array<{ wordsReviewed: number; gradedBy: Array<{ name: string; count: number }> }>;
        }>().days;
      // One adult: Mum's seed grade is hers alone, nothing is said.
      const alone = await seedFamily(mum);
      expect((await history(mum, alone.childId)).at(-1)).toMatchObject({ wordsReviewed: 1, gradedBy: [] });

      const ids = await seedFamily(mum, { 'co-parent': dad });
      const detail = await dad.inject({
        method: 'GET',
        url: `/api/child/${ids.childId}/word-sets/${ids.wordSetId}`,
      });
      const wordIds = detail.json<{ words: Array<{ id: string }> }>().words.map((w) => w.id);
      for (const [i, wordId] of wordIds.slice(0, 2).entries()) {
        const graded = await dad.inject({
          method: 'POST',
          url: `/api/words/update/${ids.childId}/${wordId}`,
          payload: { quality: 1, idempotencyKey: `dad-history-${i}` },
        });
        expect(graded.statusCode, graded.body).toBe(200);
      }
      // Each adult sees the same: Dad's two first, then Mum's one; the quiet day says nobody.
      for (const who of [mum, dad]) {
        const [quiet, today] = await history(who, ids.childId);
        expect(quiet).toMatchObject({ wordsReviewed: 0, gradedBy: [] });
        expect(today).toMatchObject({
          wordsReviewed: 3,
          gradedBy: [
            { name: 'Dad', count: 2 },
            { name: 'Mum', count: 1 },
          ],
        });
      }
    });

    it('lets a member leave and the owner remove one, never the owner; a tutor cannot remove others', async () => {
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const tutor = await named('Miss Lee');
      const ids = await seedFamily(mum, { 'co-parent': dad, tutor });
      const remove = (by: TestParent, who: TestParent) =>
        by.inject({ method: 'DELETE', url: `/api/child/${ids.childId}/members/${who.id}` });
      const refused = await remove(tutor, dad);
      expect(refused.statusCode).toBe(403);
      expect((await remove(dad, mum)).statusCode).toBe(403);
      expect((await remove(mum, mum)).statusCode).toBe(400);
      expect((await remove(tutor, tutor)).statusCode).toBe(204);
      expect((await dashboard(tutor)).some((c) => c.id === ids.childId)).toBe(false);
      // Read once so the answer is cached, then removed: the next request answers 404.
      const detailUrl = `/api/child/${ids.childId}/word-sets/${ids.wordSetId}`;
      expect((await dad.inject({ method: 'GET', url: detailUrl })).statusCode).toBe(200);
      expect((await remove(mum, dad)).statusCode).toBe(204);
      expect((await dad.inject({ method: 'GET', url: detailUrl })).statusCode).toBe(404);
      expect((await dashboard(dad)).some((c) => c.id === ids.childId)).toBe(false);
      expect((await remove(mum, dad)).statusCode).toBe(404);
    });

    it("deleting a member's account ends only the membership; deleting the owner's deletes the child", async () => {
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const gran = await named('Gran');
      const ids = await seedFamily(mum, { 'co-parent': dad, tutor: gran });
      await dad.inject({
        method: 'POST',
        url: `/api/words/update/${ids.childId}/${ids.wordId}`,
        payload: { quality: 2 },
      });
      expect((await dad.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
      expect((await dashboard(mum)).some((c) => c.id === ids.childId)).toBe(true);
      const grades = await app.db.kysely
        .selectFrom('word_reviews')
        .select('graded_by')
        .where('child_id', '=', ids.childId)
        .execute();
      expect(grades.length).toBeGreaterThanOrEqual(2);
      expect(grades.some((g) => g.graded_by === dad.id)).toBe(false);
      expect((await dashboard(gran)).some((c) => c.id === ids.childId)).toBe(true);
      expect((await mum.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
      expect((await dashboard(gran)).some((c) => c.id === ids.childId)).toBe(false);
      const child = await gran.inject({
        method: 'GET',
        url: `/api/child/${ids.childId}/word-sets/${ids.wordSetId}`,
      });
      expect(child.statusCode).toBe(404);
    });
  });

  it("exports what each adult can see: a co-parent the child's data, a tutor the memberships and the grades they gave", async () => {
    const mum = await named('Mum Tan');
    const dad = await named('Dad Tan');
    const tutor = await named('Miss Lee');
    const ids = await seedFamily(mum, { 'co-parent': dad, tutor });
    await tutor.inject({
      method: 'POST',
      url: `/api/words/update/${ids.childId}/${ids.wordId}`,
      payload: { quality: 3, idempotencyKey: 'tutor-grade-key' },
    });
    const exportOf = async (p: TestParent) => {
      const res = await p.inject({ method: 'GET', url: '/api/account/export' });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return res.json<{
        children: unknown[];
        sharedChildren: Array<{ id: string; wordSets: Array<{ id: string }> }>;
        memberships: Array<{ childId: string; parentId: string; role: string }>;
        gradesGiven: Array<{ childId: string; quality: number }>;
      }>();
    };
    const dads = await exportOf(dad);
    expect(dads.children).toEqual([]);
    expect(dads.sharedChildren.map((c) => [c.id, c.wordSets.map((w) => w.id)])).toEqual([
      [ids.childId, [ids.wordSetId]],
    ]);
    const tutors = await exportOf(tutor);
    expect(tutors.sharedChildren).toEqual([]);
    expect(JSON.stringify(tutors).includes(ids.wordSetId)).toBe(false);
    expect(tutors.memberships).toContainEqual(
      expect.objectContaining({ childId: ids.childId, parentId: tutor.id, role: 'tutor' }),
    );
    expect(tutors.gradesGiven).toEqual([expect.objectContaining({ childId: ids.childId, quality: 3 })]);
    const mums = await exportOf(mum);
    expect(mums.memberships.map((m) => m.role).sort()).toEqual(['co-parent', 'tutor']);
  });

  // Several servers share a database only on PostgreSQL: the SQLite file belongs to one process.
  it.skipIf(app.db.engine === 'sqlite')(
    'from the next request on, a removed member gets 404 on every server (read caches included)',
    async () => {
      const other = await buildApp(ctx.config, { logger: false, serveWeb: false });
      await other.ready();
      afterAll(() => other.close());
      const mum = await named('Mum Tan');
      const dad = await named('Dad Tan');
      const ids = await seedFamily(mum);
      const onOther = (parent: TestParent, method: 'GET' | 'POST', url: string, payload?: object) =>
        other.inject({
          method,
          url,
          headers: { authorization: `Bearer ${parent.token}` },
          ...(payload ? { payload } : {}),
        });
      const made = await invite(mum, ids.childId);
      // Dad joins on this server; the other server, which cached his empty dashboard, sees him in.
      expect((await onOther(dad, 'GET', `/api/word-sets/${dad.id}`)).json()).toEqual([]);
      expect((await accept(dad, made.secret)).statusCode).toBe(200);
      const detailUrl = `/api/child/${ids.childId}/word-sets/${ids.wordSetId}`;
      expect((await onOther(dad, 'GET', detailUrl)).statusCode).toBe(200);
      const listed = (await onOther(dad, 'GET', `/api/word-sets/${dad.id}`)).json<Array<{ id: string }>>();
      expect(listed.map((c) => c.id)).toEqual([ids.childId]);
      // A set Mum adds on this server shows in Dad's cached list on the other.
      await mum.inject({
        method: 'POST',
        url: `/api/word-sets/create/${ids.childId}`,
        payload: { testDate: futureDate(), description: 'Week 2', language: 'English', words: 'river' },
      });
      const withNew = (await onOther(dad, 'GET', `/api/word-sets/${dad.id}`)).json<
        Array<{ wordSets: unknown[] }>
      >();
      expect(withNew[0]!.wordSets).toHaveLength(2);
      // Mum removes Dad here; his next request on the other server finds no child.
      expect(
        (await mum.inject({ method: 'DELETE', url: `/api/child/${ids.childId}/members/${dad.id}` }))
          .statusCode,
      ).toBe(204);
      expect((await onOther(dad, 'GET', detailUrl)).statusCode).toBe(404);
      expect((await onOther(dad, 'GET', `/api/word-sets/${dad.id}`)).json()).toEqual([]);
      const grade = await onOther(dad, 'POST', `/api/words/update/${ids.childId}/${ids.wordId}`, {
        quality: 1,
      });
      expect(grade.statusCode).toBe(404);
    },
  );

  it('joinFamily works for the matrix', async () => {
    const mum = await named('Mum Tan');
    const dad = await named('Dad Tan');
    const { childId } = await seedFamily(mum);
    await joinFamily(mum, dad, childId, 'tutor');
    expect((await dashboard(dad)).map((c) => c.role)).toEqual(['tutor']);
  });
});
