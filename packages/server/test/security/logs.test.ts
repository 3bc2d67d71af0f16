import { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, LOG_REDACT } from '../../src/app.js';
import { TEST_JWT_SECRET } from '../helper.js';
import { startFakeGoogle } from '../support/google-keys.js';
import {
  ADMIN_EMAIL,
  MULTIPART_ROUTES,
  buildRouteTestApp,
  fillPath,
  routeKey,
  seedFamily,
  takesBody,
  validBody,
  type RouteTestContext,
} from './support/route-table.js';

/** A log sink: every line the app writes, as text. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // What production uses (app.ts LOG_REDACT), at the most talkative level.
  return { lines, logger: { level: 'trace', redact: { paths: LOG_REDACT, censor: '[redacted]' }, stream } };
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

describe('logs across every route never hold a secret or a full e-mail address', async () => {
  const google = await startFakeGoogle();
  const googleLog = capture();
  const demoLog = capture();
  const withGoogle = await buildRouteTestApp(
    { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
    { logger: googleLog.logger },
  );
  const demo = await buildRouteTestApp({}, { logger: demoLog.logger });
  /** Everything that must never be logged, collected as the flows run. */
  const secrets = new Set<string>([TEST_JWT_SECRET]);
  const noteResponse = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) if (c.value) secrets.add(c.value);
    const body = res.headers['content-type']?.toString().startsWith('application/json')
      ? res.json()
      : undefined;
    if (body && typeof body.accessToken === 'string') secrets.add(body.accessToken);
    return res;
  };

  async function exerciseEveryRoute(ctx: RouteTestContext, token: string, parentId: string) {
    const ids = {
      ...(await seedFamily({
        id: parentId,
        email: '',
        token,
        inject: (o: InjectOptions) =>
          ctx.app.inject({ ...o, headers: { authorization: `Bearer ${token}`, ...(o.headers ?? {}) } }),
      })),
    };
    const statuses: string[] = [];
    // Deletions last, so the routes after them still find the family's child and sets.
    const routes = [...ctx.routes].sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    for (const route of routes) {
      const key = routeKey(route);
      if (key === 'DELETE /api/account') continue; // last, below
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        cookie: 'refresh_token=cookie-from-the-browser-123',
      };
      const options: InjectOptions = {
        method: route.method as 'GET',
        url: fillPath(route.url, ids),
        headers,
      };
      if (MULTIPART_ROUTES.has(key)) {
        headers['content-type'] = 'multipart/form-data; boundary=b';
        options.payload = `--b\r\nContent-Disposition: form-data; name="parentId"\r\n\r\n${parentId}\r\n--b--\r\n`;
      } else if (takesBody(route)) {
        options.payload = validBody(route)!;
      }
      if (key === 'GET /api/words/read') options.url += '?word=dog&language=English';
      if (key === 'GET /api/review/history/:childId') options.url += '?days=7';
      statuses.push(`${key} ${noteResponse(await ctx.app.inject(options)).statusCode}`);
    }
    return statuses;
  }

  async function errors(ctx: RouteTestContext, token: string, parentId: string) {
    const bearer = { authorization: `Bearer ${token}` };
    await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}broken` },
    });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Basic ${Buffer.from('me@example.com:pw').toString('base64')}` },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/child/create/${parentId}`,
      headers: bearer,
      payload: { childName: '' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/child/create/${parentId}`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"oops',
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/child/create/${parentId}`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: `{"a":"${'x'.repeat(JSON_BODY_LIMIT)}"}`,
    });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/review/today/00000000-0000-4000-8000-000000000000',
      headers: bearer,
    });
    await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: bearer });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-time-zone': 'Mars/Olympus', ...bearer },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: 'guessed-cookie-value-456' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: 'not-an-email-but-close@x' },
    });
    secrets.add('cookie-from-the-browser-123').add('guessed-cookie-value-456');
  }

  async function refreshAndLogout(ctx: RouteTestContext, cookie: string) {
    const refreshed = noteResponse(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        cookies: { refresh_token: cookie },
      }),
    );
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.cookies.find((c) => c.name === 'refresh_token')!.value;
    const again = noteResponse(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        cookies: { refresh_token: next },
      }),
    );
    const last = again.cookies.find((c) => c.name === 'refresh_token')!.value;
    // The first cookie, spent before a newer one: reuse detection logs a warning; never the cookie.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: cookie },
    });
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: last },
    });
    expect(out.statusCode).toBe(204);
  }

  const emails = [
    'private.person@example.com',
    'Mixed.Case@Example.COM',
    ADMIN_EMAIL,
    'demo.parent@example.org',
  ];

  it('runs sign-in, every route, refresh, logout, errors and account deletion, and logs none of their secrets', async () => {
    // Google sign-in (the admin too), then every route as that parent.
    const credential = await google.sign('sub-private', emails[0]!);
    const adminCredential = await google.sign('sub-admin', ADMIN_EMAIL);
    secrets.add(credential).add(adminCredential);
    const login = noteResponse(
      await withGoogle.app.inject({ method: 'POST', url: '/api/auth/google/login', payload: { credential } }),
    );
    expect(login.statusCode).toBe(200);
    const adminLogin = noteResponse(
      await withGoogle.app.inject({
        method: 'POST',
        url: '/api/auth/google/login',
        payload: { credential: adminCredential },
      }),
    );
    expect(adminLogin.statusCode).toBe(200);
    const failed = await withGoogle.app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { credential: `${credential}x` },
    });
    expect(failed.statusCode).toBe(401);
    const { accessToken, userId } = login.json<{ accessToken: string; userId: string }>();
    const statuses = await exerciseEveryRoute(withGoogle, accessToken, userId);
    await exerciseEveryRoute(withGoogle, adminLogin.json().accessToken, adminLogin.json().userId);
    await errors(withGoogle, accessToken, userId);
    await refreshAndLogout(withGoogle, login.cookies[0]!.value);

    // Demo sign-in with two addresses, every route, then deleting the account.
    for (const email of emails.slice(1)) {
      const demoLogin = noteResponse(
        await demo.app.inject({
          method: 'POST',
          url: '/api/auth/dev/login',
          payload: { email, name: 'Pat' },
        }),
      );
      expect(demoLogin.statusCode).toBe(200);
      const token = demoLogin.json().accessToken as string;
      await exerciseEveryRoute(demo, token, demoLogin.json().userId);
      await errors(demo, token, demoLogin.json().userId);
      await refreshAndLogout(demo, demoLogin.cookies[0]!.value);
      const del = await demo.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(del.statusCode).toBe(204);
    }

    // The flows really ran and really logged.
    expect(statuses.filter((s) => / 2\d\d$/.test(s)).length).toBeGreaterThanOrEqual(15);
    const lines = [...googleLog.lines, ...demoLog.lines];
    expect(lines.length).toBeGreaterThan(200);
    expect(lines.some((l) => l.includes('signed in with Google') && l.includes('p***@example.com'))).toBe(
      true,
    );
    expect(lines.some((l) => l.includes('spent refresh token presented again'))).toBe(true);

    const leaks: string[] = [];
    for (const line of lines) {
      for (const secret of secrets)
        if (line.includes(secret)) leaks.push(`secret ${secret.slice(0, 12)}… in ${line.slice(0, 300)}`);
      for (const email of emails) {
        if (line.toLowerCase().includes(email.toLowerCase())) leaks.push(`e-mail in ${line.slice(0, 300)}`);
      }
      if (EMAIL.test(line)) leaks.push(`an e-mail address in ${line.slice(0, 300)}`);
      if (/Bearer\s+[A-Za-z0-9]/i.test(line) || /Basic\s+[A-Za-z0-9]/.test(line))
        leaks.push(`a credential in ${line.slice(0, 300)}`);
      if (/refresh_token=/.test(line)) leaks.push(`a cookie in ${line.slice(0, 300)}`);
    }
    expect(leaks).toEqual([]);
  });
});
