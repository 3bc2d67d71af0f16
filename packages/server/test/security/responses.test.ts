import { describe, expect, it } from 'vitest';
import {
  buildRouteTestApp,
  fillPath,
  routeKey,
  seedFamily,
  validBody,
  type Route,
} from './support/route-table.js';

/** Spoken words (the same bytes for everyone asking, ETag) and stroke data may be kept by the browser. */
const CACHEABLE = new Map([
  ['GET /api/words/read', 'private, max-age=31536000, immutable'],
  // A character's stroke order is public data that never changes (issue 21).
  ['GET /api/hanzi/:char.json', 'public, max-age=31536000, immutable'],
]);
const LAST = 'DELETE /api/account';

describe('answers a cache must not keep', async () => {
  const ctx = await buildRouteTestApp();
  const parent = await ctx.createParent();
  const ids = await seedFamily(parent);

  it('every API route answers with Cache-Control: no-store (from the route table), token answers included', async () => {
    const routes = [...ctx.routes].sort(
      (a, b) => Number(routeKey(a) === LAST) - Number(routeKey(b) === LAST),
    );
    const wrong: string[] = [];
    for (const route of routes) {
      const query = routeKey(route) === 'GET /api/words/read' ? '?word=cat&language=English' : '';
      const res = await parent.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, ids) + query,
        ...(validBody(route) ? { payload: validBody(route) } : {}),
      });
      const expected = CACHEABLE.get(routeKey(route)) ?? 'no-store';
      if (res.headers['cache-control'] !== expected) {
        wrong.push(
          `${routeKey(route)} → ${res.statusCode} cache-control: ${String(res.headers['cache-control'])}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('sign-in and refresh (token answers, RFC 6749 §5.1) and errors carry no-store', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: 'tokens@example.com' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: login.cookies[0]!.value },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    const unauthorised = await ctx.app.inject({ method: 'GET', url: `/api/word-sets/${ids.parentId}` });
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.headers['cache-control']).toBe('no-store');
  });
});

describe('a known path with the wrong method', async () => {
  const ctx = await buildRouteTestApp();
  const parent = await ctx.createParent();
  const ids = await seedFamily(parent);

  it('answers 405 JSON with Allow naming exactly the path’s methods, on every route (from the route table)', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const r of ctx.routes) byPath.set(r.url, (byPath.get(r.url) ?? new Set()).add(r.method));
    const wrong: string[] = [];
    for (const [url, methods] of byPath) {
      const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])];
      const method = ['PATCH', 'DELETE', 'PUT', 'GET', 'POST'].find((m) => !methods.has(m))!;
      const res = await parent.inject({
        method: method as Route['method'] as 'GET',
        url: fillPath(url, ids),
      });
      const got = String(res.headers.allow ?? '')
        .split(', ')
        .sort();
      if (
        res.statusCode !== 405 ||
        JSON.stringify(got) !== JSON.stringify(allow.sort()) ||
        res.json().error !== 'method_not_allowed' ||
        typeof res.json().message !== 'string'
      ) {
        wrong.push(
          `${method} ${url} → ${res.statusCode} allow=${String(res.headers.allow)} ${res.body.slice(0, 100)}`,
        );
      }
    }
    expect(byPath.size).toBeGreaterThanOrEqual(15);
    expect(wrong).toEqual([]);
  });

  it('still answers 404 to a path no route has', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/nothing/here' });
  });
});

describe('the account export', async () => {
  const ctx = await buildRouteTestApp();

  it('holds every record about the parent: identity and every session, never a token hash', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: 'whole@example.com', name: 'Whole' },
    });
    const { accessToken, userId } = login.json<{ accessToken: string; userId: string }>();
    // A second sign-in and a rotation: three refresh-token records in two families.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: 'whole@example.com' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: login.cookies[0]!.value },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    const parent = await ctx.app.db.kysely
      .selectFrom('parents')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(data.parent).toEqual({
      id: parent.id,
      googleSubject: 'demo:whole@example.com',
      email: 'whole@example.com',
      name: parent.name,
      createdAt: parent.created_at,
    });
    const tokens = await ctx.app.db.kysely
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('parent_id', '=', userId)
      .orderBy('created_at')
      .execute();
    expect(tokens).toHaveLength(3);
    expect(data.sessions).toHaveLength(3);
    expect(new Set(data.sessions.map((s: { id: string }) => s.id))).toEqual(new Set(tokens.map((t) => t.id)));
    for (const token of tokens) {
      const exported = data.sessions.find((s: { id: string }) => s.id === token.id);
      expect(exported).toEqual({
        id: token.id,
        familyId: token.family_id,
        createdAt: token.created_at,
        expiresAt: token.expires_at,
        familyExpiresAt: token.family_expires_at,
        usedAt: token.used_at,
        revokedAt: token.revoked_at,
      });
      expect(res.body).not.toContain(token.token_hash);
    }
  });
});
