import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.js';
import { startFakeGoogle } from '../support/google-keys.js';

const google = await startFakeGoogle('test-client');

describe('rate limits on sign-in and refresh, per client address', async () => {
  const { app } = await buildTestApp({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl });
  const googleLogin = (remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      remoteAddress,
      payload: { credential: 'not-a-jwt' },
    });

  it('allows 20 Google sign-ins a minute from one address, then answers 429 JSON with Retry-After', async () => {
    for (let i = 0; i < 20; i += 1) expect((await googleLogin('10.0.0.1')).statusCode).toBe(401);
    const limited = await googleLogin('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
    });
    // Another address is not held back by the first one's attempts.
    expect((await googleLogin('10.0.0.2')).statusCode).toBe(401);
  });

  it('allows 60 refreshes a minute from one address, then answers 429', async () => {
    const refresh = () =>
      app.inject({ method: 'POST', url: '/api/auth/refresh-token', remoteAddress: '10.0.0.3' });
    for (let i = 0; i < 60; i += 1) expect((await refresh()).statusCode).toBe(401);
    const limited = await refresh();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<{ error: string }>().error).toBe('rate_limited');
  });
});

describe('demo sign-in rate limit, scaled by RATE_LIMIT_MULTIPLIER', async () => {
  const { app } = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '2' });

  it('allows 2 × 20 demo sign-ins a minute from one address, then answers 429', async () => {
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/dev/login',
        // Loopback: demo sign-in answers only requests made on this machine.
        remoteAddress: '127.0.0.4',
        payload: { email: 'rl@example.com' },
      });
    for (let i = 0; i < 40; i += 1) expect((await login()).statusCode).toBe(200);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toBe('rate_limited');
  });
});
