import type { InjectOptions } from 'fastify';
import { MESSAGES, localDate } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import {
  buildRouteTestApp,
  fillPath,
  routeKey,
  isKidRoute,
  kidTokenFor,
  seedFamily,
  snapshotDb,
  takesBody,
  validBody,
  AUDIO_ROUTES,
  MULTIPART_ROUTES,
  type Ids,
} from './support/route-table.js';
import { startFakeGoogle } from '../support/google-keys.js';

const today = localDate('Asia/Singapore');

/**
 * String fields whose format (a date, a language, an id, an e-mail address) refuses broken text
 * with its own message. Every other string field of a body is free text or a key and must
 * answer the broken-character message.
 */
const FORMATTED = new Set([
  'testDate',
  'language',
  'wordSetId',
  // A share code's import (issue 37) names the child by id.
  'childId',
  'completedOn',
  'gradedOn',
  'email',
  // Reminders (issue 38): an HH:MM time, and a push service's URL (ASCII only).
  'time',
  'endpoint',
]);
/** Values for optional string fields the matrix's valid bodies leave out. */
const extra = (ids: Ids): Record<string, Record<string, string>> => ({
  'POST /api/child/:childId/printed-sheets': { wordSetId: ids.wordSetId },
  'POST /api/auth/dev/login': { name: 'Dee' },
  'POST /api/words/update/:childId/:wordId': {
    idempotencyKey: 'key-12345678',
    nextReview: '2099-01-01',
    gradedOn: today,
  },
  'POST /api/review/:childId': { idempotencyKey: 'key-87654321', completedOn: today },
  'POST /api/child/create/:parentId': { school: 'Rosyth School' },
  'PATCH /api/child/:childId': { school: 'Rosyth School' },
});

type ZodDef = { type: string; innerType?: { _zod: { def: ZodDef } }; in?: { _zod: { def: ZodDef } } };

/** Whether a field's schema takes a string, under optional/nullable/default and pipes. */
function takesString(schema: unknown): boolean {
  let def = (schema as { _zod: { def: ZodDef } })._zod.def;
  for (;;) {
    if (def.innerType) def = def.innerType._zod.def;
    else if (def.type === 'pipe' && def.in) def = def.in._zod.def;
    else return def.type === 'string';
  }
}

/** The string fields of an object body schema, as the route registered it. */
function stringFields(schema: unknown): string[] {
  const shape = (schema as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape ?? {};
  return Object.keys(shape).filter((field) => takesString(shape[field]));
}

const BROKEN = { error: 'validation_error', message: MESSAGES.textNotUnicode };

describe('text that is not well-formed Unicode (lone surrogates)', async () => {
  const ctx = await buildRouteTestApp();
  const parent = await ctx.createParent();
  const ids = await seedFamily(parent);
  // Kid routes take a child's device token (issue 36).
  const kidToken = await kidTokenFor(ctx.app, parent, ids.childId);
  const kid = (options: InjectOptions) =>
    ctx.app.inject({
      ...options,
      headers: { authorization: `Bearer ${kidToken}`, ...(options.headers ?? {}) },
    });
  // Google sign-in reads its body only when it is configured.
  const google = await startFakeGoogle();
  const withGoogle = await buildRouteTestApp({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
  });

  it('is refused with 400 and changes nothing, in every string field of every body (from the route table)', async () => {
    const failures: string[] = [];
    const checked = new Set<string>();
    // Audio and multipart bodies have no JSON fields.
    const jsonRoutes = ctx.routes.filter(
      (r) => takesBody(r) && !AUDIO_ROUTES.has(routeKey(r)) && !MULTIPART_ROUTES.has(routeKey(r)),
    );
    for (const route of jsonRoutes) {
      const key = routeKey(route);
      const schema = ctx.bodySchemas.get(key);
      if (!schema) {
        failures.push(`${key}: takes a body without a schema`);
        continue;
      }
      const valid = { ...(validBody(route) as Record<string, unknown>), ...extra(ids)[key] };
      for (const field of stringFields(schema)) {
        if (typeof valid[field] !== 'string') {
          failures.push(`${key} ${field}: no valid value to start from (add one to extra())`);
          continue;
        }
        checked.add(`${key} ${field}`);
        for (const broken of ['\uD800', 'x\uDC00y', 'ab\uDBFF']) {
          const before = await snapshotDb(ctx.app);
          const send =
            key === 'POST /api/auth/google/login'
              ? withGoogle.app.inject.bind(withGoogle.app)
              : isKidRoute(route)
                ? kid
                : parent.inject;
          const res = await send({
            method: route.method as 'POST',
            url: fillPath(route.url, ids),
            payload: { ...valid, [field]: `${String(valid[field])}${broken}` },
          });
          const same = JSON.stringify(await snapshotDb(ctx.app)) === JSON.stringify(before);
          const message = FORMATTED.has(field) ? res.json<{ message?: string }>().message : BROKEN.message;
          if (res.statusCode !== 400 || res.json().message !== message || !same) {
            failures.push(`${key} ${field} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The keys and free text the attack found unchecked are among them.
    expect([...checked]).toEqual(
      expect.arrayContaining([
        'POST /api/review/:childId idempotencyKey',
        'POST /api/words/update/:childId/:wordId idempotencyKey',
        'POST /api/words/update/:childId/:wordId nextReview',
        'POST /api/words/undo/:childId/:wordId idempotencyKey',
        'POST /api/auth/google/login credential',
        'POST /api/child/create/:parentId childName',
        'POST /api/word-sets/create/:childId words',
      ]),
    );
  });

  it('two completion keys that differ only in a lone surrogate: the second is refused, never answered 201 unstored', async () => {
    const url = `/api/review/${ids.childId}`;
    const first = await parent.inject({
      method: 'POST',
      url,
      payload: { wordsReviewed: 3, idempotencyKey: 'completion-\uD800' },
    });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual(BROKEN);
    const ok = await parent.inject({
      method: 'POST',
      url,
      payload: { wordsReviewed: 3, idempotencyKey: 'completion-\uD83D\uDE00' },
    });
    expect(ok.statusCode).toBe(201);
    const other = await parent.inject({
      method: 'POST',
      url,
      payload: { wordsReviewed: 4, idempotencyKey: 'completion-\uD83D' },
    });
    expect(other.statusCode).toBe(400);
    const stored = await ctx.app.db.kysely
      .selectFrom('practice_completions')
      .select(['id', 'words_reviewed'])
      .where('child_id', '=', ids.childId)
      .execute();
    expect(stored).toEqual([{ id: 'completion-\uD83D\uDE00', words_reviewed: 3 }]);
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
