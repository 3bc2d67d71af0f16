import { describe, expect, it } from 'vitest';
import {
  MULTIPART_ROUTES,
  buildRouteTestApp,
  fillPath,
  routeKey,
  seedFamily,
  snapshotDb,
  takesBody,
  validBody,
} from './support/route-table.js';

/** What the cached reads (word-set list and detail, today's statistics) are made of. */
const CACHED_TABLES = [
  'children',
  'word_sets',
  'words',
  'word_reviews',
  'practice_completions',
  'child_members',
];

/**
 * The read cache is only as fresh as the parent's data version: every request that changes
 * what the cached answers are made of must raise it. Generated from the live route table, so a
 * new write route that forgets `bumpDataVersion` fails here.
 */
describe('read cache freshness (generated from the route table)', async () => {
  const ctx = await buildRouteTestApp();
  const writes = ctx.routes.filter((r) => r.method !== 'GET' && !MULTIPART_ROUTES.has(routeKey(r)));

  it('covers the write routes', () => {
    expect(writes.map(routeKey)).toEqual(
      expect.arrayContaining([
        'POST /api/child/create/:parentId',
        'POST /api/word-sets/create/:childId',
        'POST /api/word-sets/:childId/edit/:wordSetId',
        'POST /api/words/update/:childId/:wordId',
        'POST /api/review/:childId',
      ]),
    );
  });

  for (const route of writes) {
    it(`${routeKey(route)}: raises the data version of the parent and of every member of the child whenever it changes cached data`, async () => {
      const parent = await ctx.createParent();
      // Issue 37: the child's co-parent and tutor read it through their own caches.
      const coParent = await ctx.createParent();
      const tutor = await ctx.createParent();
      const ids = await seedFamily(parent, { 'co-parent': coParent, tutor });
      const versionOf = async (id: string) =>
        Number(
          (
            await ctx.app.db.kysely
              .selectFrom('parents')
              .select('data_version')
              .where('id', '=', id)
              .executeTakeFirst()
          )?.data_version ?? -1,
        );
      const everyone = [parent, coParent, tutor];
      const before = await snapshotDb(ctx.app);
      const versionsBefore = await Promise.all(everyone.map((p) => versionOf(p.id)));
      const res = await parent.inject({
        method: route.method as 'POST',
        url: fillPath(route.url, ids),
        ...(takesBody(route) ? { payload: validBody(route) } : {}),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const after = await snapshotDb(ctx.app);
      const changed = CACHED_TABLES.filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
      if (changed.length > 0 && after.parents?.some((row) => row.includes(parent.id))) {
        const versionsAfter = await Promise.all(everyone.map((p) => versionOf(p.id)));
        // A new child is nobody else's: only the owner's reads change.
        const concerned = routeKey(route) === 'POST /api/child/create/:parentId' ? 1 : everyone.length;
        for (const [i, who] of ['owner', 'co-parent', 'tutor'].slice(0, concerned).entries())
          expect(versionsAfter[i], `${who}: changed ${changed.join(', ')}`).toBeGreaterThan(
            versionsBefore[i]!,
          );
      }
    });
  }

  it('shows a grade in the next read of the word set and of today’s statistics', async () => {
    const parent = await ctx.createParent();
    const { childId, wordSetId, wordId } = await seedFamily(parent);
    const detailUrl = `/api/child/${childId}/word-sets/${wordSetId}`;
    const todayUrl = `/api/review/today/${childId}`;
    const word = async () =>
      (await parent.inject({ method: 'GET', url: detailUrl }))
        .json<{ words: { id: string; interval: number; easeFactor: number }[] }>()
        .words.find((w) => w.id === wordId)!;
    const reviewed = async () =>
      (await parent.inject({ method: 'GET', url: todayUrl })).json<{ wordsReviewedToday: number }>()
        .wordsReviewedToday;
    const wordBefore = await word();
    const reviewedBefore = await reviewed();
    // Read twice so the answers are in the cache before the write.
    expect(await word()).toEqual(wordBefore);
    const graded = await parent.inject({
      method: 'POST',
      url: `/api/words/update/${childId}/${wordId}`,
      payload: { quality: 3 },
    });
    expect(graded.statusCode).toBe(200);
    const { easeFactor, interval } = graded.json<{ easeFactor: number; interval: number }>();
    expect(await word()).toMatchObject({ id: wordId, easeFactor, interval });
    expect(await reviewed()).toBe(reviewedBefore + 1);
  });
});
