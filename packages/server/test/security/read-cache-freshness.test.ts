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
const CACHED_TABLES = ['children', 'word_sets', 'words', 'word_reviews', 'practice_completions'];

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
    it(`${routeKey(route)}: raises the parent's data version whenever it changes cached data`, async () => {
      const parent = await ctx.createParent();
      const ids = await seedFamily(parent);
      const versionOf = async () =>
        Number(
          (
            await ctx.app.db.kysely
              .selectFrom('parents')
              .select('data_version')
              .where('id', '=', parent.id)
              .executeTakeFirst()
          )?.data_version ?? -1,
        );
      const before = await snapshotDb(ctx.app);
      const versionBefore = await versionOf();
      const res = await parent.inject({
        method: route.method as 'POST',
        url: fillPath(route.url, ids),
        ...(takesBody(route) ? { payload: validBody(route) } : {}),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const after = await snapshotDb(ctx.app);
      const changed = CACHED_TABLES.filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
      if (changed.length > 0 && after.parents?.some((row) => row.includes(parent.id))) {
        expect(await versionOf(), `changed ${changed.join(', ')}`).toBeGreaterThan(versionBefore);
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
