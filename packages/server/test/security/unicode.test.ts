import { MESSAGES } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import {
  buildRouteTestApp,
  fillPath,
  routeKey,
  seedFamily,
  snapshotDb,
  takesBody,
  validBody,
  AUDIO_ROUTES,
} from './support/route-table.js';

/** Fields of free text a parent types; each must refuse a lone surrogate. */
const FREE_TEXT = new Set(['childName', 'description', 'words', 'school', 'name', 'idempotencyKey']);
/** Optional free-text fields the matrix's valid bodies leave out. */
const EXTRA: Record<string, Record<string, string>> = {
  'POST /api/auth/dev/login': { name: 'Dee' },
  'POST /api/words/update/:childId/:wordId': { idempotencyKey: 'key-12345678' },
};

const BROKEN = { error: 'validation_error', message: MESSAGES.textNotUnicode };

describe('text that is not well-formed Unicode (lone surrogates)', async () => {
  const ctx = await buildRouteTestApp();
  const parent = await ctx.createParent();
  const ids = await seedFamily(parent);

  it('is refused with 400 and changes nothing, in every free-text field of every route (from the route table)', async () => {
    const failures: string[] = [];
    let checked = 0;
    // Audio bodies have no free text.
    for (const route of ctx.routes.filter((r) => takesBody(r) && !AUDIO_ROUTES.has(routeKey(r)))) {
      const valid = { ...(validBody(route) as Record<string, unknown>), ...EXTRA[routeKey(route)] };
      for (const field of Object.keys(valid).filter((f) => FREE_TEXT.has(f))) {
        for (const broken of ['\uD800', 'x\uDC00y', 'ab\uDBFF']) {
          checked += 1;
          const before = await snapshotDb(ctx.app);
          const res = await parent.inject({
            method: route.method as 'POST',
            url: fillPath(route.url, ids),
            payload: { ...valid, [field]: `${String(valid[field])}${broken}` },
          });
          const same = JSON.stringify(await snapshotDb(ctx.app)) === JSON.stringify(before);
          if (res.statusCode !== 400 || res.json().message !== BROKEN.message || !same) {
            failures.push(`${routeKey(route)} ${field} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8 * 3);
    expect(failures).toEqual([]);
  });

  it('a 15-surrogate child name is refused, not stored as 45 characters', async () => {
    const res = await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      payload: { childName: '\uD800'.repeat(15) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BROKEN);
  });

  it('a list edit with two words that differ only in a lone surrogate answers 400, never 500, and keeps progress', async () => {
    const before = await snapshotDb(ctx.app);
    const res = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/${ids.childId}/edit/${ids.wordSetId}`,
      payload: { words: 'one\ntwo\nthree\nx\uD800\nx\uD801' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BROKEN);
    expect(await snapshotDb(ctx.app)).toEqual(before);
  });

  it('well-formed text outside the BMP (emoji, rare Chinese characters) is still accepted', async () => {
    const res = await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      payload: { childName: 'Mei 😀𠀋' },
    });
    expect(res.statusCode).toBe(201);
  });
});
