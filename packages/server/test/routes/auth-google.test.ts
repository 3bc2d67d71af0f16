import { SignJWT, exportSPKI } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.js';
import { startFakeGoogle } from '../support/google-keys.js';

const google = await startFakeGoogle('test-client');
const FAILED = { error: 'google_login_failed', message: 'Google login failed. Please sign in again.' };

describe('POST /api/auth/google/login', async () => {
  const { app } = await buildTestApp({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    RATE_LIMIT_MULTIPLIER: '100',
  });
  const login = (credential: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/google/login', payload: { credential } });
  const parentCount = async () =>
    Number(
      (
        await app.db.kysely
          .selectFrom('parents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('signs a new parent in, creates them once, and keeps their id on the next sign-in', async () => {
    const first = await login(await google.sign('google-sub-1', 'Pat@Example.com'));
    expect(first.statusCode).toBe(200);
    const body = first.json<{ accessToken: string; userId: string }>();
    expect(body.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await app.accessTokens.verify(body.accessToken)).toBe(body.userId);
    expect(first.cookies.map((c) => c.name)).toEqual(['refresh_token']);

    const before = await parentCount();
    const second = await login(await google.sign('google-sub-1', 'pat@example.com'));
    expect(second.json<{ userId: string }>().userId).toBe(body.userId);
    expect(await parentCount()).toBe(before);
    const row = await app.db.kysely
      .selectFrom('parents')
      .selectAll()
      .where('id', '=', body.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ google_sub: 'google-sub-1', email: 'pat@example.com', name: 'Pat Parent' });
  });

  it("accepts both of Google's issuer spellings", async () => {
    const res = await login(
      await google.sign('google-sub-2', 'two@example.com', { claims: { iss: 'accounts.google.com' } }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('caches the key set instead of fetching it per sign-in', async () => {
    const before = google.fetches();
    await login(await google.sign('google-sub-3', 'three@example.com'));
    await login(await google.sign('google-sub-3', 'three@example.com'));
    expect(google.fetches()).toBe(before);
  });

  it.each([
    ['no credential', {}],
    ['an empty credential', { credential: '' }],
    ['a credential that is not a string', { credential: 42 }],
  ])('answers %s with 400 "Google credential is missing."', async (_label, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'Google credential is missing.' });
  });

  it('answers a request with no body at all with 400 "Google credential is missing."', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Google credential is missing.');
  });

  describe('rejects with 401, creating no parent and setting no cookie', () => {
    const cases: Array<[string, () => Promise<string>]> = [
      [
        'the wrong audience',
        () => google.sign('bad-1', 'bad@example.com', { claims: { aud: 'someone-else' } }),
      ],
      ['no audience', () => google.sign('bad-1', 'bad@example.com', { claims: { aud: undefined } })],
      [
        'the wrong issuer',
        () => google.sign('bad-1', 'bad@example.com', { claims: { iss: 'https://evil.example' } }),
      ],
      [
        'an expired token',
        () => google.sign('bad-1', 'bad@example.com', { iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }),
      ],
      [
        'an unverified e-mail',
        () => google.sign('bad-1', 'bad@example.com', { claims: { email_verified: false } }),
      ],
      [
        'email_verified as the string "true"',
        () => google.sign('bad-1', 'bad@example.com', { claims: { email_verified: 'true' } }),
      ],
      [
        'no email_verified claim',
        () => google.sign('bad-1', 'bad@example.com', { claims: { email_verified: undefined } }),
      ],
      ['no e-mail', () => google.sign('bad-1', 'bad@example.com', { claims: { email: undefined } })],
      ['no subject', () => google.sign('bad-1', 'bad@example.com', { claims: { sub: undefined } })],
      [
        'a bad signature (another key under the served kid)',
        async () => {
          const other = await google.otherKey('test-key-1');
          return google.sign('bad-1', 'bad@example.com', { key: other });
        },
      ],
      [
        'an unknown key (a kid the key set does not have)',
        async () => google.sign('bad-1', 'bad@example.com', { key: await google.otherKey('not-in-jwks') }),
      ],
      ['a malformed token', async () => 'not-a-jwt'],
      ['three garbage segments', async () => 'abc.def.ghi'],
      [
        'alg "none"',
        async () => {
          const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
          const claims = {
            iss: 'https://accounts.google.com',
            aud: 'test-client',
            sub: 'bad-1',
            email: 'bad@example.com',
          };
          return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, email_verified: true, exp: nowSeconds() + 600 })}.`;
        },
      ],
      [
        'HS256 signed with the public key as the secret',
        async () => {
          const { publicKey } = await google.otherKey();
          const pem = await exportSPKI(publicKey);
          return new SignJWT({ email: 'bad@example.com', email_verified: true })
            .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
            .setIssuer('https://accounts.google.com')
            .setAudience('test-client')
            .setSubject('bad-1')
            .setIssuedAt()
            .setExpirationTime('10m')
            .sign(new TextEncoder().encode(pem));
        },
      ],
    ];

    it.each(cases)('%s', async (_label, makeToken) => {
      const before = await parentCount();
      const res = await login(await makeToken());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(FAILED);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await parentCount()).toBe(before);
    });
  });

  it('allows a few seconds of clock difference, no more', async () => {
    const justExpired = await google.sign('skew-1', 'skew@example.com', {
      iat: nowSeconds() - 3600,
      exp: nowSeconds() - 2,
    });
    expect((await login(justExpired)).statusCode).toBe(200);
    const tooOld = await google.sign('skew-1', 'skew@example.com', {
      iat: nowSeconds() - 3600,
      exp: nowSeconds() - 30,
    });
    expect((await login(tooOld)).statusCode).toBe(401);
  });
});

describe('Google sign-in when Google cannot be reached', async () => {
  // A port nobody listens on: the key set cannot be fetched.
  const { app } = await buildTestApp({
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks',
  });

  it("answers 503 (our problem, not the caller's) and creates nobody", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { credential: await google.sign('x', 'x@example.com') },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'google_unavailable',
      message: 'Google sign-in is unavailable right now. Please try again shortly.',
    });
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', async () => {
  const { app } = await buildTestApp();

  it('answers 404 JSON saying Google sign-in is not configured, before reading the body', async () => {
    for (const payload of [{ credential: await google.sign('x', 'x@example.com') }, {}]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/google/login', payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'not_found',
        message: 'Google sign-in is not configured on this server.',
      });
    }
  });
});

describe('GET /api/auth/config with Google configured', async () => {
  const { app } = await buildTestApp({ GOOGLE_CLIENT_ID: 'test-client', GOOGLE_JWKS_URL: google.jwksUrl });

  it('names the Google client id and says demo sign-in is off', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: 'test-client', demoLogin: false, speech: 'local' });
  });
});

describe('GET /api/auth/config with Google Cloud speech', async () => {
  const { app } = await buildTestApp({ GOOGLE_TTS_API_KEY: 'test-key-not-used' });

  it('says word audio is made by Google, for the Privacy page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toMatchObject({ speech: 'google' });
  });
});

describe('GET /api/auth/config without Google', async () => {
  const { app } = await buildTestApp();

  it('offers the demo sign-in (outside production, on loopback)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: null, demoLogin: true, speech: 'local' });
  });
});
