import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.js';

const OFF = { error: 'not_found', message: 'Demo sign-in is not available on this server.' };

describe('POST /api/auth/dev/login when demo sign-in is on', async () => {
  const { app } = await buildTestApp();
  const login = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/dev/login', payload });

  it('signs in like Google does: access token, user id, refresh cookie; the same e-mail is the same parent', async () => {
    const first = await login({ email: 'Demo@Example.com', name: 'Dee' });
    expect(first.statusCode).toBe(200);
    const { accessToken, userId } = first.json<{ accessToken: string; userId: string }>();
    expect(await app.accessTokens.verify(accessToken)).toBe(userId);
    expect(first.cookies[0]).toMatchObject({
      name: 'refresh_token',
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });

    const again = await login({ email: 'demo@example.com' });
    expect(again.json<{ userId: string }>().userId).toBe(userId);
    const row = await app.db.kysely
      .selectFrom('parents')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ google_sub: 'demo:demo@example.com', email: 'demo@example.com' });
  });

  it('answers a bad e-mail with 400 and creates nobody', async () => {
    const res = await login({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'A valid e-mail address is required' });
  });
});

describe('demo sign-in is off', () => {
  describe('in production', async () => {
    const { app, config } = await buildTestApp({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'prod-client' });

    it('answers 404 JSON', async () => {
      expect(config.demoLogin).toBe(false);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/dev/login',
        payload: { email: 'x@example.com' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(OFF);
      const count = await app.db.kysely.selectFrom('parents').select('id').execute();
      expect(count).toEqual([]);
    });
  });

  describe('when Google is configured', async () => {
    const { app } = await buildTestApp({ GOOGLE_CLIENT_ID: 'dev-client' });

    it('answers 404 JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/dev/login',
        payload: { email: 'x@example.com' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(OFF);
    });
  });

  describe('on a server listening beyond loopback', async () => {
    const { app } = await buildTestApp({ HOST: '0.0.0.0' });

    it('answers 404 JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/dev/login',
        payload: { email: 'x@example.com' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(OFF);
    });
  });
});
