import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/modules/auth/access-tokens.js';
import { createRefreshTokens, hashToken } from '../../src/modules/auth/refresh-tokens.js';
import { TEST_JWT_SECRET, buildTestApp } from '../helper.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ENDED = { error: 'unauthorized', message: 'Your session has ended. Please sign in again.' };

function refreshCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'refresh_token')?.value;
}

describe('refresh-token sessions', async () => {
  const { app } = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  const { kysely } = app.db;

  let counter = 0;
  async function signIn() {
    counter += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: `s${counter}@example.com` },
    });
    expect(res.statusCode).toBe(200);
    const { accessToken, userId } = res.json<{ accessToken: string; userId: string }>();
    return { accessToken, userId, cookie: refreshCookie(res)!, res };
  }
  const refresh = (cookie: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers,
      ...(cookie ? { cookies: { refresh_token: cookie } } : {}),
    });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, Path=/api/auth, for 30 days, not Secure over http', async () => {
    const { res } = await signIn();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^refresh_token=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
    const cookie = res.cookies[0]!;
    expect(cookie.maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(cookie.maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  });

  it('stores only the SHA-256 hash of the token, never the token', async () => {
    const { cookie, userId } = await signIn();
    const rows = await kysely
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('parent_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(cookie));
    expect(JSON.stringify(rows)).not.toContain(cookie);
  });

  it('rotates on every use: a new access token and cookie, and the old cookie is spent', async () => {
    const { cookie, userId } = await signIn();
    const first = await refresh(cookie);
    expect(first.statusCode).toBe(200);
    const { accessToken } = first.json<{ accessToken: string }>();
    expect(await app.accessTokens.verify(accessToken)).toBe(userId);
    const next = refreshCookie(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);

    const second = await refresh(next);
    expect(second.statusCode).toBe(200);
    expect(refreshCookie(second)).not.toBe(next);
    const spent = await kysely
      .selectFrom('refresh_tokens')
      .select('used_at')
      .where('token_hash', '=', hashToken(cookie))
      .executeTakeFirstOrThrow();
    expect(spent.used_at).not.toBeNull();
  });

  it('answers no cookie or an unknown one with 401 and clears the cookie', async () => {
    for (const res of [await refresh(undefined), await refresh('made-up-token')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(ENDED);
      expect(res.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
        value: '',
        maxAge: 0,
        path: '/api/auth',
      });
    }
  });

  it('detects reuse of a spent token and revokes the whole family, so even the newest token fails', async () => {
    const { cookie, userId } = await signIn();
    // Rotated a minute ago: well outside the grace window.
    const earlier = createRefreshTokens(app.db, { now: () => new Date(Date.now() - 60_000) });
    const rotated = await earlier.rotate(cookie);
    expect(rotated.kind).toBe('rotated');
    const newest = rotated.kind === 'rotated' ? rotated.next.token : '';

    const reuse = await refresh(cookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(ENDED);
    expect((await refresh(newest)).statusCode).toBe(401);
    const live = await kysely
      .selectFrom('refresh_tokens')
      .select('id')
      .where('parent_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('answers the token replaced moments ago (two tabs racing) without revoking: an access token, no new cookie', async () => {
    const { cookie, userId } = await signIn();
    const fiveSecondsAgo = createRefreshTokens(app.db, { now: () => new Date(Date.now() - 5_000) });
    const rotated = await fiveSecondsAgo.rotate(cookie);
    const newest = rotated.kind === 'rotated' ? rotated.next.token : '';

    const late = await refresh(cookie);
    expect(late.statusCode).toBe(200);
    expect(await app.accessTokens.verify(late.json<{ accessToken: string }>().accessToken)).toBe(userId);
    expect(late.headers['set-cookie']).toBeUndefined();
    // The other tab's cookie is still the family's live token.
    const next = await refresh(newest);
    expect(next.statusCode).toBe(200);
  });

  it('gives no grace to a token older than the one replaced last, even within the window', async () => {
    const { cookie } = await signIn();
    // Both rotations in the same millisecond (the case that once let the older token through).
    const moment = new Date(Date.now() - 3_000);
    const moments = createRefreshTokens(app.db, { now: () => moment });
    const second = await moments.rotate(cookie);
    const third = await moments.rotate(second.kind === 'rotated' ? second.next.token : '');
    const newest = third.kind === 'rotated' ? third.next.token : '';
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refresh(newest)).statusCode).toBe(401);
  });

  it('lets concurrent refreshes with one cookie all succeed, with exactly one rotation', async () => {
    const { cookie, userId } = await signIn();
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rotatedCookies = answers.map(refreshCookie).filter(Boolean);
    expect(rotatedCookies).toHaveLength(1);
    expect((await refresh(rotatedCookies[0])).statusCode).toBe(200);
    const rows = await kysely
      .selectFrom('refresh_tokens')
      .select('id')
      .where('parent_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('ends a family 30 days after sign-in however often it was rotated', async () => {
    const { userId } = await signIn();
    const longAgo = createRefreshTokens(app.db, { now: () => new Date(Date.now() - 31 * DAY_MS) });
    const stale = await longAgo.issue(userId);
    expect((await refresh(stale.token)).statusCode).toBe(401);

    // Rotating near the end does not extend it: the new cookie lives only to the family's end.
    const almost = createRefreshTokens(app.db, { now: () => new Date(Date.now() - 30 * DAY_MS + 3_600_000) });
    const old = await almost.issue(userId);
    const res = await refresh(old.token);
    expect(res.statusCode).toBe(200);
    const maxAge = res.cookies.find((c) => c.name === 'refresh_token')!.maxAge!;
    expect(maxAge).toBeGreaterThan(3_500);
    expect(maxAge).toBeLessThanOrEqual(3_600);
  });

  it('ends a single token at its own expiry (clock injected)', async () => {
    const { userId } = await signIn();
    let now = Date.now();
    const tokens = createRefreshTokens(app.db, { tokenTtlMs: 60_000, now: () => new Date(now) });
    const issued = await tokens.issue(userId);
    now += 61_000;
    expect(await tokens.rotate(issued.token)).toEqual({ kind: 'invalid' });
  });

  it('refreshes after the access token has expired: /auth/me says 401, then works with the new token', async () => {
    const { cookie, userId } = await signIn();
    const expired = await createAccessTokens(new TextEncoder().encode(TEST_JWT_SECRET), -60).sign(userId);
    const denied = await me(expired);
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toEqual({ error: 'unauthorized', message: 'Please sign in again.' });

    const res = await refresh(cookie);
    expect(res.statusCode).toBe(200);
    const ok = await me(res.json<{ accessToken: string }>().accessToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ userId, children: [], isAdmin: false });
  });

  it('logs out: 204, cookie cleared, and the refresh token no longer works', async () => {
    const { cookie } = await signIn();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
      value: '',
      maxAge: 0,
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('logs out with 204 even without a cookie', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(204);
  });

  describe('refuses requests from other sites on the cookie routes', () => {
    it.each([
      ['an Origin of another site', { origin: 'https://evil.example' }],
      ['an Origin on another port', { origin: 'http://localhost:8080' }],
      ['an Origin of "null"', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ])('%s: 403 on refresh and logout, and the session survives', async (_label, headers) => {
      const { cookie } = await signIn();
      const refused = await refresh(cookie, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'cross_site',
        message: 'This request must come from the SpellWell site itself.',
      });
      const logout = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers,
        cookies: { refresh_token: cookie },
      });
      expect(logout.statusCode).toBe(403);
      expect(logout.headers['set-cookie']).toBeUndefined();
      expect((await refresh(cookie)).statusCode).toBe(200);
    });

    it('accepts same-origin requests (Origin of this host, Sec-Fetch-Site same-origin)', async () => {
      const { cookie } = await signIn();
      const res = await refresh(cookie, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' });
      expect(res.statusCode).toBe(200);
    });
  });
});

describe('refresh cookie over https', async () => {
  // Behind a proxy, so demo sign-in is off: the session is started as sign-in would start it.
  const { app, createParent } = await buildTestApp({ TRUST_PROXY: '1' });
  const https = { 'x-forwarded-proto': 'https' };

  it('is named __Secure-refresh_token and marked Secure, and refreshes over https', async () => {
    const parent = await createParent();
    const { token } = await app.refreshTokens.issue(parent.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { ...https, host: 'spellwell.example', origin: 'https://spellwell.example' },
      cookies: { '__Secure-refresh_token': token },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^__Secure-refresh_token=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/api\/auth; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(res.cookies[0]).toMatchObject({ name: '__Secure-refresh_token', secure: true });
  });
});
