import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../../src/app.js';
import { buildTestApp } from '../helper.js';
import { startFakeGoogle } from '../support/google-keys.js';

const google = await startFakeGoogle('test-client');
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

describe('logs of sign-in, refresh, logout and a failed sign-in', async () => {
  const { app } = await buildTestApp(
    { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
    // What production uses (app.ts loggerOptions), at the most talkative level.
    { logger: { level: 'trace', redact: { paths: LOG_REDACT, censor: '[redacted]' }, stream } },
  );

  it('never contain a token, cookie, credential or full e-mail address', async () => {
    const email = 'private.person@example.com';
    const credential = await google.sign('log-sub', email);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      headers: { cookie: 'refresh_token=stale-cookie-value-123' },
      payload: { credential },
    });
    expect(login.statusCode).toBe(200);
    const { accessToken } = login.json<{ accessToken: string }>();
    const cookie = login.cookies[0]!.value;

    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const newCookie = refreshed.cookies[0]!.value;
    const reused = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: cookie },
    });
    expect(reused.statusCode).toBe(200); // within the grace window
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: newCookie },
    });
    expect(logout.statusCode).toBe(204);
    const failedCredential = await google.sign('log-sub', email, { claims: { aud: 'someone-else' } });
    const failed = await app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { credential: failedCredential },
    });
    expect(failed.statusCode).toBe(401);

    const log = lines.join('\n');
    // The test saw the requests: the absence below is not an empty log.
    expect(log).toContain('signed in with Google');
    expect(log).toContain('p***@example.com');
    expect(log).toContain('"reason":"ERR_JWT_CLAIM_VALIDATION_FAILED:aud"');
    for (const secret of [
      credential,
      failedCredential,
      credential.split('.')[2]!,
      accessToken,
      accessToken.split('.')[2]!,
      refreshed.json<{ accessToken: string }>().accessToken,
      cookie,
      newCookie,
      'stale-cookie-value-123',
      email,
      'private.person',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
