import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildTestApp } from './helper.js';

describe('health and errors', async () => {
  const { app } = await buildTestApp();

  it('answers GET /api/health with 200 {"status":"ok"} once migrated', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/nothing-here' });
  });

  it('answers a malformed JSON body with a 400 JSON error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('rejects an unknown X-Time-Zone with 400', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-time-zone': 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_time_zone',
      message: 'X-Time-Zone is not a known IANA time zone',
    });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/");
    expect(csp).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('serving the web app', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'spellwell-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SpellWell</title>');
  writeFileSync(
    path.join(dist, 'landing.html'),
    '<!doctype html><title>SpellWell</title><h1>Prerendered</h1>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const { app } = await buildTestApp({ WEB_DIST: dist }, { serveWeb: true });

  it('serves index.html for client-side routes, not cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard/123' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>SpellWell</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the prerendered landing.html for / only, not cached', async () => {
    const landing = await app.inject({ method: 'GET', url: '/?_=1732300000000' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('<h1>Prerendered</h1>');
    expect(landing.headers['cache-control']).toBe('no-cache');
    const other = await app.inject({ method: 'GET', url: '/privacy' });
    expect(other.body).not.toContain('Prerendered');
  });

  it('falls back to index.html for / when the build made no landing.html', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'spellwell-dist-'));
    writeFileSync(path.join(bare, 'index.html'), '<!doctype html><title>Shell</title>');
    const { app: plain } = await buildTestApp({ WEB_DIST: bare }, { serveWeb: true });
    const res = await plain.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Shell</title>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });

  it('answers a photo shared before the service worker took over with a 303 to the page that explains', async () => {
    const boundary = 'share-boundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="image"; filename="worksheet.png"',
      'Content-Type: image/png',
      '',
      'not really a png',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await app.inject({
      method: 'POST',
      url: '/share-target',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/share-target?error=not-ready');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The page it leads to is the app's, like every client-side route.
    const page = await app.inject({ method: 'GET', url: '/share-target?error=not-ready' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>SpellWell</title>');
  });

  it('keeps unknown /api routes as JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spellwell-cfg-')) };

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('requires GOOGLE_CLIENT_ID in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/GOOGLE_CLIENT_ID/);
  });

  it('offers demo sign-in only without Google, outside production, on loopback', () => {
    expect(loadConfig(base).demoLogin).toBe(true);
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: 'abc' }).demoLogin).toBe(false);
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).demoLogin).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'abc' }).demoLogin).toBe(false);
  });

  it('generates a JWT secret once and keeps it', () => {
    const first = loadConfig(base).jwtSecret;
    const second = loadConfig(base).jwtSecret;
    expect(Buffer.from(first).toString()).toBe(Buffer.from(second).toString());
    expect(first.length).toBeGreaterThanOrEqual(32);
  });
});
