import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  AUDIO_ROUTES,
  MULTIPART_ROUTES,
  PUBLIC_ROUTES,
  isKidRoute,
  buildRouteTestApp,
  fillPath,
  routeKey,
  validBody,
  type Route,
} from './support/route-table.js';
import type { TestParent } from '../helper.js';

/**
 * Signed-in writes that need no per-minute limit of their own, and why. Every other write
 * route (not GET, not public) must have one: a new route fails here until it has.
 */
const UNLIMITED = new Map([
  // Deletes the account itself: a second call finds no account, and signing in is limited.
  ['DELETE /api/account', 'deletes the account'],
  // Its own limit (10 scans a minute) is tested with the scans (limits-and-headers.test.ts).
  ['POST /api/official-wordset/ocr', 'tested with the scans'],
  // The scans' own limit and quota, tested with the marking (routes/marking.test.ts).
  ['POST /api/child/:childId/printed-sheets/:sheetId/marking', 'tested with the marking'],
]);

/** No write needs less in a minute than this; a limit below it would stop a real evening. */
const AT_LEAST = 30;
/** Writes allowed fewer, and why. */
const FEWER = new Map([
  // Each sends a real e-mail and a notification to every device (issue 38).
  ['POST /api/reminders/test', 5],
  // A share code's import is a code lookup (issue 37): 20 a minute, with the list's page.
  ['POST /api/shared-lists/:code/import', 20],
]);
/** Writes also limited per client address: another parent is tried from another address. */
const ALSO_PER_ADDRESS = new Set(['POST /api/shared-lists/:code/import']);
const OFFICIAL = 'POST /api/official-wordset/create';
/** A limit above this could not bound a flood (and the test would take too long to find it). */
const AT_MOST = 1_000;

/**
 * Issue 41: one parent created word sets and sheets as fast as the server answered. Every
 * write route is limited per parent per minute (at RATE_LIMIT_MULTIPLIER 1, as deployed).
 * Each route is sent requests with ids that name nothing (answered 404, nothing written):
 * they count as any other would.
 */
describe('every signed-in write is rate limited per parent (from the route table)', async () => {
  const ctx = await buildRouteTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
  const writes = ctx.routes.filter(
    // Kid routes are limited per device, with a device's token (kid-scope.test.ts).
    (r) =>
      r.method !== 'GET' && !PUBLIC_ROUTES.has(routeKey(r)) && !UNLIMITED.has(routeKey(r)) && !isKidRoute(r),
  );

  function send(parent: TestParent, route: Route, remoteAddress?: string): Promise<LightMyRequestResponse> {
    const ids = {
      parentId: parent.id,
      childId: randomUUID(),
      wordSetId: randomUUID(),
      wordId: randomUUID(),
      passId: randomUUID(),
      inviteId: randomUUID(),
    };
    const body = validBody(route);
    return parent.inject({
      method: route.method as 'POST',
      url: fillPath(route.url, ids),
      ...(AUDIO_ROUTES.has(routeKey(route)) ? { headers: { 'content-type': 'audio/webm' } } : {}),
      ...(body === undefined ? {} : { payload: body }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  it('finds the write routes, and every exception is still a route', () => {
    expect(writes.length).toBeGreaterThanOrEqual(17);
    const keys = new Set(ctx.routes.map(routeKey));
    expect([...UNLIMITED.keys()].filter((key) => !keys.has(key))).toEqual([]);
    expect(MULTIPART_ROUTES.size).toBe(2);
  });

  it(`answers 429 JSON with Retry-After once a parent's allowance is spent (${AT_LEAST} to ${AT_MOST} a minute), and only for that parent`, async () => {
    const failures: string[] = [];
    const allowances: Record<string, number> = {};
    for (const route of writes) {
      const key = routeKey(route);
      // Admins' routes count an admin's requests (anyone else is refused before counting).
      const parent = await ctx.createParent(key === OFFICIAL ? ADMIN_EMAIL : undefined);
      let allowed = 0;
      let limited: LightMyRequestResponse | undefined;
      while (!limited && allowed <= AT_MOST) {
        const res = await send(parent, route);
        if (res.statusCode === 429) limited = res;
        else if (res.statusCode >= 500) {
          failures.push(`${key} → ${res.statusCode} ${res.body}`);
          break;
        } else allowed += 1;
      }
      allowances[key] = allowed;
      if (!limited) {
        failures.push(`${key}: not limited after ${allowed} requests`);
        continue;
      }
      const body = limited.json<{ error?: string; message?: string }>();
      const retryAfter = Number(limited.headers['retry-after']);
      if (body.error !== 'rate_limited' || !/^Too many .+ Please wait \d+ seconds/.test(body.message ?? ''))
        failures.push(`${key}: 429 body ${limited.body}`);
      if (!(retryAfter > 0 && retryAfter <= 60)) failures.push(`${key}: Retry-After ${retryAfter}`);
      if (allowed < (FEWER.get(key) ?? AT_LEAST)) failures.push(`${key}: only ${allowed} a minute`);
      // Another parent has their own allowance.
      const other = await send(
        await ctx.createParent(),
        route,
        ALSO_PER_ADDRESS.has(key) ? '10.9.8.7' : undefined,
      );
      if (other.statusCode === 429) failures.push(`${key}: another parent was limited too`);
    }
    expect(failures).toEqual([]);
    // The limits as deployed (docs/security.md lists them).
    expect(allowances).toMatchObject({
      'POST /api/child/create/:parentId': 30,
      'POST /api/word-sets/create/:childId': 60,
      'POST /api/word-sets/:childId/edit/:wordSetId': 60,
      'POST /api/child/:childId/printed-sheets': 30,
      'PUT /api/child/:childId/dictation-settings': 60,
      'POST /api/review/:childId': 60,
      'PUT /api/practice-session/:childId/:wordSetId': 600,
      'POST /api/words/update/:childId/:wordId': 600,
      'PUT /api/words/recording/:childId/:wordId': 60,
      'PUT /api/reminders': 60,
      'POST /api/push/subscriptions': 30,
      'DELETE /api/push/subscriptions': 30,
      'POST /api/reminders/test': 5,
      'POST /api/child/:childId/device-passes': 30,
      'DELETE /api/child/:childId/device-passes/:passId': 30,
      'POST /api/child/:childId/invites': 30,
      'DELETE /api/child/:childId/invites/:inviteId': 30,
      'DELETE /api/child/:childId/members/:parentId': 30,
      'POST /api/invites/accept': 30,
      'POST /api/invites/preview': 30,
      [OFFICIAL]: 30,
      'POST /api/shared-lists/:code/import': 20,
    });
  });
});
