import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../helper.js';
import {
  ADMIN_EMAIL,
  MULTIPART_ROUTES,
  OWNED_PARAMS,
  PUBLIC_ROUTES,
  buildRouteTestApp,
  fillPath,
  isJsonError,
  isKidRoute,
  paramsOf,
  routeKey,
  seedFamily,
  snapshotsOf,
  takesBody,
  validBody,
  type Ids,
  type Route,
} from './support/route-table.js';

const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Claims exactly as the server issues them, so only the one thing under test is wrong. */
function token(sub: string, opts: { key?: Uint8Array; exp?: number; iat?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('spellwell')
    .setAudience('spellwell-api')
    .setIssuedAt(opts.iat ?? now)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(opts.key ?? secret);
}

/** The route whose `:parentId` names the member removed, not the caller (issue 37). */
const MEMBER_REMOVAL = 'DELETE /api/child/:childId/members/:parentId';

const ownedParamsOf = (route: Route) =>
  paramsOf(route.url).filter((p) => (OWNED_PARAMS as readonly string[]).includes(p));

describe('authorisation matrix (generated from the route table)', async () => {
  const ctx = await buildRouteTestApp();
  const { app, routes } = ctx;
  // Every table's rows, taken again only after a write (snapshotsOf).
  const snapshot = snapshotsOf(app);
  const owner = await ctx.createParent();
  const intruder = await ctx.createParent();
  const admin = await ctx.createParent(ADMIN_EMAIL);
  const ownerIds = await seedFamily(owner);
  const intruderIds = await seedFamily(intruder);
  const jsonRoutes = routes.filter((r) => !MULTIPART_ROUTES.has(routeKey(r)));
  // Kid routes take a child's device token, not a parent's (kid-scope.test.ts).
  const ownedRoutes = jsonRoutes.filter((r) => ownedParamsOf(r).length > 0 && !isKidRoute(r));
  const protectedRoutes = routes.filter((r) => !PUBLIC_ROUTES.has(routeKey(r)));

  function request(route: Route, ids: Partial<Record<string, string>>, headers: Record<string, string> = {}) {
    const body = takesBody(route) ? validBody(route) : undefined;
    if (takesBody(route) && !body && !MULTIPART_ROUTES.has(routeKey(route))) {
      throw new Error(
        `${routeKey(route)} takes a body: add a valid one to validBody() in support/route-table.ts`,
      );
    }
    return app.inject({
      method: route.method as 'GET',
      url: fillPath(route.url, ids),
      headers: { 'x-time-zone': 'Asia/Singapore', ...headers },
      ...(body ? { payload: body } : {}),
    });
  }

  it('finds the routes it must guard', () => {
    const keys = routes.map(routeKey);
    expect(keys).toEqual(
      expect.arrayContaining(['POST /api/child/create/:parentId', 'POST /api/words/update/:childId/:wordId']),
    );
    expect(ownedRoutes.length).toBeGreaterThanOrEqual(9);
    // Every public route named here exists: a stale allow-list would hide a renamed route.
    for (const key of PUBLIC_ROUTES) expect(keys, key).toContain(key);
  });

  it('has a valid body for every JSON route that takes one', () => {
    const missing = jsonRoutes.filter((r) => takesBody(r) && !validBody(r)).map(routeKey);
    expect(missing).toEqual([]);
  });

  it('answers 404 and changes nothing when a parent uses another parent’s ids, on every owned route', async () => {
    const failures: string[] = [];
    for (const route of ownedRoutes) {
      const before = await snapshot();
      const res = await request(route, ownerIds, { authorization: `Bearer ${intruder.token}` });
      const after = await snapshot();
      if (res.statusCode !== 404 || !isJsonError(res))
        failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body}`);
      else if (JSON.stringify(after) !== JSON.stringify(before))
        failures.push(`${routeKey(route)} changed the database`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 when ids of two parents are mixed (own child, someone else’s set or word)', async () => {
    const failures: string[] = [];
    const mixedRoutes = ownedRoutes.filter((r) => ownedParamsOf(r).length > 1);
    expect(mixedRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of mixedRoutes) {
      const params = ownedParamsOf(route);
      for (const mine of params) {
        // The intruder's own id for one parameter, the owner's for the rest.
        const ids: Partial<Ids> = { ...ownerIds, [mine]: intruderIds[mine as keyof Ids] };
        const before = await snapshot();
        const res = await request(route, ids, { authorization: `Bearer ${intruder.token}` });
        const after = await snapshot();
        const label = `${routeKey(route)} with the intruder's ${mine}`;
        if (res.statusCode !== 404 || !isJsonError(res))
          failures.push(`${label} → ${res.statusCode} ${res.body}`);
        else if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(`${label} changed the database`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the owner through on the same requests (the matrix tests ownership, not broken requests)', async () => {
    const failures: string[] = [];
    const member = await ctx.createParent();
    for (const route of ownedRoutes) {
      // A fresh family per route: an edit or delete must not spoil the next route's ids.
      const ids = await seedFamily(owner, { tutor: member });
      // The owner removes a member (never themselves: a child always has its owner).
      const target = routeKey(route) === MEMBER_REMOVAL ? { ...ids, parentId: member.id } : ids;
      const res = await request(route, target, { authorization: `Bearer ${owner.token}` });
      if (res.statusCode < 200 || res.statusCode > 299)
        failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 to a scan naming another parent (the parentId form field), before any OCR', async () => {
    const field = (name: string, value: string) =>
      `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = (parentId: string) =>
      field('parentId', parentId) +
      field('language', 'English') +
      '--b\r\nContent-Disposition: form-data; name="file"; filename="w.png"\r\nContent-Type: image/png\r\n\r\nnot scanned\r\n--b--\r\n';
    const res = await intruder.inject({
      method: 'POST',
      url: '/api/official-wordset/ocr',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: body(owner.id),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Parent not found' });
  });

  describe('every route outside the public allow-list refuses a missing or bad token with 401 JSON', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = (t: string) => ({ authorization: `Bearer ${t}` });
    const payload = { sub: owner.id, iss: 'spellwell', aud: 'spellwell-api', iat: now, exp: now + 600 };
    const badTokens: Array<[string, Record<string, string>]> = [
      ['no token', {}],
      ['an expired token', header(await token(owner.id, { iat: now - 3600, exp: now - 60 }))],
      [
        'a token signed with another secret',
        header(await token(owner.id, { key: new TextEncoder().encode('x'.repeat(48)) })),
      ],
      ['an alg:none token', header(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)],
      [
        'an HS256 header over an unsigned body',
        header(`${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.`),
      ],
      ['a Basic credential', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
      ['the token in a cookie instead of the header', { cookie: `accessToken=${owner.token}` }],
    ];

    it('accepts a token minted the same way with the right secret (the bad tokens differ only in the flaw)', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: header(await token(owner.id)),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().userId).toBe(owner.id);
    });

    it.each(badTokens)('with %s', async (_label, headers) => {
      const failures: string[] = [];
      expect(protectedRoutes.length).toBeGreaterThanOrEqual(15);
      for (const route of protectedRoutes) {
        const before = await snapshot();
        const res = await request(route, ownerIds, headers);
        const after = await snapshot();
        if (res.statusCode !== 401)
          failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (
          JSON.stringify(res.json()) !==
          JSON.stringify({ error: 'unauthorized', message: 'Please sign in again.' })
        )
          failures.push(`${routeKey(route)} → 401 ${res.body}`);
        else if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(`${routeKey(route)} changed the database`);
      }
      expect(failures).toEqual([]);
    });
  });

  describe('roles (issue 37): every route that names a child × owner, co-parent, tutor, stranger', async () => {
    const coParent = await ctx.createParent();
    const tutor = await ctx.createParent();
    const childRoutes = ownedRoutes.filter((r) => paramsOf(r.url).includes('childId'));
    const callers = { 'co-parent': coParent, tutor } as const;

    /** Each member's answers on every route, a fresh family each, and whether the database moved. */
    async function answersOf(role: keyof typeof callers) {
      // An owner per role: a child per route stays within a family's quota.
      const owner = await ctx.createParent();
      const answers = new Map<string, { status: number; body: string; changed: boolean; json: boolean }>();
      for (const route of childRoutes) {
        const ids = await seedFamily(owner, { 'co-parent': coParent, tutor });
        // A member leaving: themselves (the owner removing others is the owner's test).
        const target = routeKey(route) === MEMBER_REMOVAL ? { ...ids, parentId: callers[role].id } : ids;
        const before = await snapshot();
        const res = await request(route, target, { authorization: `Bearer ${callers[role].token}` });
        const changed = JSON.stringify(await snapshot()) !== JSON.stringify(before);
        answers.set(routeKey(route), {
          status: res.statusCode,
          body: res.body,
          changed,
          json: isJsonError(res),
        });
      }
      return answers;
    }

    it('finds the routes that name a child', () => {
      expect(childRoutes.length).toBeGreaterThanOrEqual(30);
    });

    it('refuses a tutor, with 403 naming the role and nothing changed, exactly the routes that change the child, its sets, recordings, devices or family', async () => {
      const answers = await answersOf('tutor');
      const refused = [...answers]
        .filter(([, a]) => a.status === 403)
        .map(([key]) => key)
        .sort();
      expect(refused).toEqual(
        [
          'PATCH /api/child/:childId',
          'DELETE /api/child/:childId',
          'POST /api/word-sets/create/:childId',
          'POST /api/word-sets/:childId/edit/:wordSetId',
          'PATCH /api/child/:childId/word-sets/:wordSetId',
          'DELETE /api/child/:childId/word-sets/:wordSetId',
          'PUT /api/child/:childId/word-sets/:wordSetId/test-result',
          'DELETE /api/child/:childId/word-sets/:wordSetId/test-result',
          'POST /api/child/:childId/word-sets/:wordSetId/share',
          'GET /api/child/:childId/word-sets/:wordSetId/share',
          'DELETE /api/child/:childId/word-sets/:wordSetId/share',
          'PUT /api/words/recording/:childId/:wordId',
          'DELETE /api/words/recording/:childId/:wordId',
          'POST /api/child/:childId/device-passes',
          'GET /api/child/:childId/device-passes',
          'DELETE /api/child/:childId/device-passes/:passId',
          'POST /api/child/:childId/invites',
          'GET /api/child/:childId/invites',
          'DELETE /api/child/:childId/invites/:inviteId',
        ].sort(),
      );
      const failures: string[] = [];
      for (const [key, a] of answers) {
        if (a.status === 403) {
          if (!a.json || !JSON.parse(a.body).message.startsWith("A tutor can't"))
            failures.push(`${key} → ${a.body}`);
          if (a.changed) failures.push(`${key} changed the database`);
        } else if (a.status < 200 || a.status > 299) failures.push(`${key} → ${a.status} ${a.body}`);
      }
      expect(failures).toEqual([]);
      expect(JSON.parse(answers.get('POST /api/word-sets/create/:childId')!.body).message).toBe(
        "A tutor can't create word sets.",
      );
    });

    it('refuses a co-parent only deleting the child and managing its family, with 403 naming the role', async () => {
      const answers = await answersOf('co-parent');
      const refused = [...answers]
        .filter(([, a]) => a.status === 403)
        .map(([key]) => key)
        .sort();
      expect(refused).toEqual(
        [
          'DELETE /api/child/:childId',
          'POST /api/child/:childId/invites',
          'GET /api/child/:childId/invites',
          'DELETE /api/child/:childId/invites/:inviteId',
        ].sort(),
      );
      const failures: string[] = [];
      for (const [key, a] of answers) {
        if (a.status === 403) {
          if (!a.json || !JSON.parse(a.body).message.startsWith("A co-parent can't"))
            failures.push(`${key} → ${a.body}`);
          if (a.changed) failures.push(`${key} changed the database`);
        } else if (a.status < 200 || a.status > 299) failures.push(`${key} → ${a.status} ${a.body}`);
      }
      expect(failures).toEqual([]);
    });

    it('still answers a stranger 404 on every one of them, though the child has members', async () => {
      const owner = await ctx.createParent();
      const ids = await seedFamily(owner, { 'co-parent': coParent, tutor });
      const failures: string[] = [];
      for (const route of childRoutes) {
        const res = await request(route, ids, { authorization: `Bearer ${intruder.token}` });
        if (res.statusCode !== 404 || !isJsonError(res))
          failures.push(`${routeKey(route)} → ${res.statusCode}`);
      }
      expect(failures).toEqual([]);
    });
  });

  describe('official lists', () => {
    const route = { method: 'POST', url: '/api/official-wordset/create' };

    it('refuses a parent who is not an admin with 403 JSON and stores nothing', async () => {
      const before = await snapshot();
      const res = await request(route, {}, { authorization: `Bearer ${owner.token}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'forbidden',
        message: 'Only administrators can add official word lists.',
      });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an e-mail that merely contains the admin address', async () => {
      const lookalike = await ctx.createParent(`x${ADMIN_EMAIL}`);
      const res = await request(route, {}, { authorization: `Bearer ${lookalike.token}` });
      expect(res.statusCode).toBe(403);
    });

    it('lets an admin add one', async () => {
      const res = await request(route, {}, { authorization: `Bearer ${admin.token}` });
      expect(res.statusCode).toBe(201);
      const row = await app.db.kysely
        .selectFrom('official_word_sets')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirst();
      expect(row?.created_by).toBe(admin.id);
    });
  });

  describe('a token that outlives its account', () => {
    it('never answers 5xx, never shows or writes anything of the deleted family, on every protected route', async () => {
      const gone = await ctx.createParent();
      const goneIds = await seedFamily(gone);
      const del = await gone.inject({ method: 'DELETE', url: '/api/account' });
      expect(del.statusCode).toBe(204);
      const failures: string[] = [];
      const before = await snapshot();
      for (const route of protectedRoutes.filter((r) => !MULTIPART_ROUTES.has(routeKey(r)))) {
        const res = await request(route, goneIds, { authorization: `Bearer ${gone.token}` });
        const label = `${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(label);
        else if (res.statusCode >= 400 && !isJsonError(res)) failures.push(label);
        else if ([goneIds.childId, goneIds.wordSetId, goneIds.wordId].some((id) => res.body.includes(id)))
          failures.push(label);
      }
      const after = await snapshot();
      expect(failures).toEqual([]);
      // Nothing was written for the deleted parent (refresh tokens and official lists are not theirs to add).
      expect(JSON.stringify(after).includes(gone.id)).toBe(false);
      expect(after.children).toEqual(before.children);
      expect(after.word_sets).toEqual(before.word_sets);
    });
  });
});
