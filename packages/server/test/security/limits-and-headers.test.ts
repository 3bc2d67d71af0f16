import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../src/app.js';
import { startFakeGoogle } from '../support/google-keys.js';
import {
  MULTIPART_ROUTES,
  AUDIO_ROUTES,
  buildRouteTestApp,
  fillPath,
  routeKey,
  seedFamily,
  isKidRoute,
  kidTokenFor,
  snapshotDb,
} from './support/route-table.js';

const GSI = 'https://accounts.google.com/gsi/';

/** `{"pad":"xxx…"}` of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const shell = '{"pad":""}';
  return `{"pad":"${'x'.repeat(bytes - shell.length)}"}`;
}

describe('body size limits on every JSON route (from the route table)', async () => {
  const google = await startFakeGoogle();
  const demo = await buildRouteTestApp();
  // Google sign-in only reads its body when Google is configured.
  const withGoogle = await buildRouteTestApp({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
  });
  const parent = await demo.createParent();
  const ids = await seedFamily(parent);
  const kidToken = await kidTokenFor(demo.app, parent, ids.childId);
  const bodyRoutes = demo.routes.filter(
    (r) => r.method !== 'GET' && !MULTIPART_ROUTES.has(routeKey(r)) && !AUDIO_ROUTES.has(routeKey(r)),
  );

  it('answers 413 JSON to a body one byte over JSON_BODY_LIMIT, and changes nothing', async () => {
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(12);
    const failures: string[] = [];
    for (const route of bodyRoutes) {
      const ctx = routeKey(route) === 'POST /api/auth/google/login' ? withGoogle : demo;
      const before = await snapshotDb(ctx.app);
      const res = await ctx.app.inject({
        method: route.method as 'POST',
        url: fillPath(route.url, ids),
        headers: {
          authorization: `Bearer ${isKidRoute(route) ? kidToken : parent.token}`,
          'content-type': 'application/json',
        },
        payload: jsonOfSize(JSON_BODY_LIMIT + 1),
      });
      const ok =
        res.statusCode === 413 &&
        res.json().error === 'payload_too_large' &&
        typeof res.json().message === 'string' &&
        JSON.stringify(await snapshotDb(ctx.app)) === JSON.stringify(before);
      if (!ok) failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('reads a body of exactly the limit (so the 413 is the limit, not the route)', async () => {
    const res = await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"childName":"${'x'.repeat(JSON_BODY_LIMIT - '{"childName":""}'.length)}"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'Name cannot exceed 15 characters' });
  });
});

describe('security headers', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'spellwell-h10-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SpellWell</title>');
  const { app } = await buildRouteTestApp({ WEB_DIST: dist }, { serveWeb: true });
  const proxied = await buildRouteTestApp({ WEB_DIST: dist, TRUST_PROXY: '1' }, { serveWeb: true });

  function directives(res: LightMyRequestResponse): Map<string, string[]> {
    const csp = String(res.headers['content-security-policy']);
    return new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...sources]) => [name!, sources]),
    );
  }

  for (const url of ['/', '/dashboard/00000000-0000-4000-8000-000000000000', '/api/health', '/api/nothing']) {
    it(`sends a strict CSP and the other headers on ${url}`, async () => {
      const res = await app.inject({ method: 'GET', url });
      const csp = directives(res);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", GSI]);
      expect(csp.get('frame-src')).toEqual(["'self'", GSI]);
      expect(csp.get('connect-src')).toEqual(["'self'", GSI]);
      expect(csp.get('style-src')).toEqual(["'self'", GSI]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      // No inline or eval'd code anywhere, and no other site than Google's sign-in (and its avatars).
      const all = [...csp.values()].flat();
      expect(all.filter((s) => /unsafe/.test(s))).toEqual([]);
      const hosts = all.filter((s) => /^(https?:|\*)/.test(s));
      expect([...new Set(hosts)].sort()).toEqual([GSI, 'https://*.googleusercontent.com'].sort());
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  }

  it('sends HSTS only when the request came over https through a trusted proxy', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await proxied.app.inject({ method: 'GET', url: '/', headers: https });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: https });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is a client's claim, not a fact: no HSTS.
    const spoofed = await app.inject({ method: 'GET', url: '/', headers: https });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('rate limits answer 429 JSON with Retry-After', async () => {
  const google = await startFakeGoogle();
  const demo = await buildRouteTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
  const withGoogle = await buildRouteTestApp({
    RATE_LIMIT_MULTIPLIER: '1',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
  });

  /** Sends until the first 429; returns how many were let through and the 429 itself. */
  async function exhaust(send: (i: number) => Promise<LightMyRequestResponse>, limit: number) {
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i += 1) statuses.push((await send(i)).statusCode);
    const blocked = await send(limit + 1);
    return { statuses, blocked };
  }

  function expect429(res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/\S/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  }

  it('limits demo sign-in to 20 a minute', async () => {
    const { statuses, blocked } = await exhaust(
      (i) =>
        demo.app.inject({
          method: 'POST',
          url: '/api/auth/dev/login',
          payload: { email: `rl${i}@example.com` },
        }),
      20,
    );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect429(blocked);
  });

  it('limits Google sign-in to 20 a minute (failed attempts count)', async () => {
    const { statuses, blocked } = await exhaust(
      () =>
        withGoogle.app.inject({
          method: 'POST',
          url: '/api/auth/google/login',
          payload: { credential: 'forged' },
        }),
      20,
    );
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect429(blocked);
  });

  it('limits token refresh to 60 a minute', async () => {
    const { statuses, blocked } = await exhaust(
      () =>
        demo.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          cookies: { refresh_token: 'guess' },
        }),
      60,
    );
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect429(blocked);
  });

  it('limits scans to 10 a minute per parent, before the upload is read', async () => {
    const parent = await demo.createParent();
    const body = '--b\r\nContent-Disposition: form-data; name="language"\r\n\r\nKlingon\r\n--b--\r\n';
    const { statuses, blocked } = await exhaust(
      () =>
        parent.inject({
          method: 'POST',
          url: '/api/official-wordset/ocr',
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
          payload: body,
        }),
      10,
    );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect429(blocked);
    // Another parent has their own allowance.
    const other = await demo.createParent();
    const res = await other.inject({
      method: 'POST',
      url: '/api/official-wordset/ocr',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('limits spoken words to 120 a minute per parent', async () => {
    const parent = await demo.createParent();
    const first = await parent.inject({ method: 'GET', url: '/api/words/read?word=cat&language=English' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    // Conditional requests are cheap (304 from the cache) but still count.
    const { statuses, blocked } = await exhaust(
      () =>
        parent.inject({
          method: 'GET',
          url: '/api/words/read?word=cat&language=English',
          headers: { 'if-none-match': etag },
        }),
      119,
    );
    expect(statuses.slice(0, 119).every((s) => s === 304)).toBe(true);
    expect429(blocked);
  });
});
