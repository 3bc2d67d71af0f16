import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { KID_ANSWERS_PER_MINUTE, KID_READS_PER_MINUTE } from '../../src/routes/api/kid/practice.js';
import {
  AUDIO_ROUTES,
  MULTIPART_ROUTES,
  PUBLIC_ROUTES,
  buildRouteTestApp,
  fillPath,
  isJsonError,
  isKidRoute,
  routeKey,
  seedFamily,
  snapshotDb,
  takesBody,
  validBody,
  type Route,
} from './support/route-table.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };

/**
 * Issue 36: a child's device session can use the kid routes and nothing else. Generated from
 * the route table, so a parent route added later is checked without being named here.
 */
describe('a child session against every parent route (from the route table)', async () => {
  const ctx = await buildRouteTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
  const { app, routes } = ctx;
  const parent = await ctx.createParent();
  const ids = await seedFamily(parent);

  async function kidToken(childId: string) {
    const pass = await parent.inject({ method: 'POST', url: `/api/child/${childId}/device-passes` });
    const secret = (pass.json().url as string).split('/').pop()!;
    const res = await app.inject({ method: 'POST', url: '/api/kid/session', payload: { secret } });
    expect(res.statusCode).toBe(200);
    return res.json().accessToken as string;
  }
  const token = await kidToken(ids.childId);
  const parentRoutes = routes.filter((r) => !PUBLIC_ROUTES.has(routeKey(r)) && !isKidRoute(r));

  function send(route: Route, auth: string): Promise<LightMyRequestResponse> {
    const body = takesBody(route) ? validBody(route) : undefined;
    return app.inject({
      method: route.method as 'GET',
      url: fillPath(route.url, ids),
      headers: {
        ...SG,
        authorization: `Bearer ${auth}`,
        ...(AUDIO_ROUTES.has(routeKey(route)) ? { 'content-type': 'audio/webm' } : {}),
        ...(MULTIPART_ROUTES.has(routeKey(route))
          ? { 'content-type': 'multipart/form-data; boundary=b' }
          : {}),
      },
      ...(body ? { payload: body } : MULTIPART_ROUTES.has(routeKey(route)) ? { payload: '--b--\r\n' } : {}),
    });
  }

  it('finds the parent routes and the kid routes', () => {
    expect(parentRoutes.length).toBeGreaterThanOrEqual(40);
    expect(parentRoutes.map(routeKey)).toEqual(
      expect.arrayContaining([
        'GET /api/auth/me',
        'DELETE /api/account',
        'GET /api/account/export',
        'POST /api/child/:childId/device-passes',
        'POST /api/words/update/:childId/:wordId',
      ]),
    );
    expect(routes.filter(isKidRoute).map(routeKey).sort()).toEqual([
      'GET /api/kid/practice',
      'GET /api/kid/word-sets/:wordSetId/next',
      'GET /api/kid/words/:wordId/audio',
      'GET /api/kid/words/:wordId/strokes',
      'POST /api/kid/answers/:wordId',
    ]);
  });

  it('answers 401/403/404 JSON to the child’s token on every parent route, and changes nothing', async () => {
    const failures: string[] = [];
    for (const route of parentRoutes) {
      const before = await snapshotDb(app);
      const res = await send(route, token);
      const after = await snapshotDb(app);
      if (![401, 403, 404].includes(res.statusCode) || !isJsonError(res))
        failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (JSON.stringify(after) !== JSON.stringify(before))
        failures.push(`${routeKey(route)} changed the database`);
    }
    expect(failures).toEqual([]);
    // The child's session still works: the refusals were about scope, not a broken token.
    const practice = await app.inject({
      method: 'GET',
      url: '/api/kid/practice',
      headers: { ...SG, authorization: `Bearer ${token}` },
    });
    expect(practice.statusCode).toBe(200);
  });

  it('answers 401 to the parent’s token on every kid route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter(isKidRoute)) {
      const res = await send(route, parent.token);
      if (res.statusCode !== 401 || !isJsonError(res))
        failures.push(`${routeKey(route)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('limits each kid route per device, with 429 JSON and Retry-After; another device has its own', async () => {
    const expected: Record<string, number> = {
      'POST /api/kid/answers/:wordId': KID_ANSWERS_PER_MINUTE,
      'GET /api/kid/practice': KID_READS_PER_MINUTE,
    };
    for (const [key, max] of Object.entries(expected)) {
      const route = routes.find((r) => routeKey(r) === key)!;
      const device = await kidToken(ids.childId);
      let allowed = 0;
      let limited: LightMyRequestResponse | undefined;
      // Ids naming nothing of the child's (404) count as any other request would.
      const other = { ...ids, wordId: '00000000-0000-4000-8000-000000000000' };
      while (!limited && allowed <= max) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: fillPath(route.url, other),
          headers: { ...SG, authorization: `Bearer ${device}` },
          ...(takesBody(route) ? { payload: validBody(route) } : {}),
        });
        if (res.statusCode === 429) limited = res;
        else allowed += 1;
      }
      expect(allowed, key).toBe(max);
      expect(limited!.json().error).toBe('rate_limited');
      expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
      const fresh = await kidToken(ids.childId);
      const res = await app.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, other),
        headers: { ...SG, authorization: `Bearer ${fresh}` },
        ...(takesBody(route) ? { payload: validBody(route) } : {}),
      });
      expect(res.statusCode, key).not.toBe(429);
    }
  });
});
