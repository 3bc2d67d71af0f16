import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startFakeGoogle } from '../support/google-keys.js';
import {
  ADMIN_EMAIL,
  PUBLIC_ROUTES,
  buildRouteTestApp,
  futureDate,
  routeKey,
  snapshotDb,
} from './support/route-table.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const OFF = { error: 'not_found', message: 'Demo sign-in is not available on this server.' };
const config = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'x'.repeat(32),
    DATA_DIR: '/tmp/spellwell-config-test',
    ...env,
  });

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses and CIDR blocks', () => {
    expect(config({}).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(config({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1/128, loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1/128',
      'loopback',
    ]);
  });

  it.each(['10.0.0.0/33', 'proxy.example', '1.2.3.4,,nope', '-1'])(
    'refuses %j in one line naming the variable',
    (value) => {
      expect(() => config({ TRUST_PROXY: value })).toThrow(
        new ConfigError(
          'Invalid environment variable TRUST_PROXY: must be a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8)',
        ),
      );
    },
  );

  it('refuses true (every hop): the server says so in one line and exits 1 before listening', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        TRUST_PROXY: 'true',
        PORT: '0',
        DATA_DIR: '/tmp/spellwell-config-test',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid environment variable TRUST_PROXY: true would trust every hop (any client could pick its own address); give the number of proxies in front of SpellWell (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)',
    );
  });

  describe('with one proxy hop trusted', async () => {
    const { app } = await buildRouteTestApp({ TRUST_PROXY: '1', RATE_LIMIT_MULTIPLIER: '1' });

    it('a client cannot pick its own address: forged X-Forwarded-For entries do not escape the per-address limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          // The proxy appends the real client (198.51.100.7); what the client wrote comes first.
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
          cookies: { refresh_token: 'guess' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
      expect(statuses[60]).toBe(429);
      // Another real client behind the same proxy has its own allowance.
      const other = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        headers: { 'x-forwarded-for': '198.51.100.8' },
        cookies: { refresh_token: 'guess' },
      });
      expect(other.statusCode).toBe(401);
    });

    it('a client that reaches the server directly is never believed when the proxy is named by address', async () => {
      const named = await buildRouteTestApp({ TRUST_PROXY: '10.0.0.1', RATE_LIMIT_MULTIPLIER: '1' });
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const res = await named.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          remoteAddress: '192.0.2.5',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          cookies: { refresh_token: 'guess' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses[59]).toBe(401);
      expect(statuses[60]).toBe(429);
    });
  });
});

describe('demo sign-in only for a request straight from this machine', async () => {
  const ctx = await buildRouteTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  const login = (
    extra: { headers?: Record<string, string>; remoteAddress?: string },
    email = 'local@example.com',
  ) => ctx.app.inject({ method: 'POST', url: '/api/auth/dev/login', payload: { email }, ...extra });

  it('signs in from loopback with a loopback Host (localhost, 127.0.0.1, [::1], with or without a port)', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      '127.0.0.1:3000',
      '127.0.0.1',
      '[::1]:3000',
      '[::1]',
    ]) {
      expect((await login({ headers: { host } })).statusCode, host).toBe(200);
    }
    expect((await login({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await login({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('answers 404 and makes nobody for a peer that is not loopback', async () => {
    const before = await snapshotDb(ctx.app);
    const res = await login({ remoteAddress: '203.0.113.9' }, 'outsider@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(OFF);
    expect(await snapshotDb(ctx.app)).toEqual(before);
  });

  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-host', 'localhost'],
    ['x-forwarded-proto', 'http'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-real-ip', '203.0.113.9'],
  ])('answers 404 to a loopback request carrying %s (it came through a proxy)', async (name, value) => {
    const before = await snapshotDb(ctx.app);
    const res = await login({ headers: { [name]: value } }, 'proxied@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(OFF);
    expect(await snapshotDb(ctx.app)).toEqual(before);
  });

  it('refuses every route with 421 when the Host is not this machine (DNS rebinding), before anything runs', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
    ]) {
      const before = await snapshotDb(ctx.app);
      for (const res of [
        await login({ headers: { host } }, 'rebound@example.com'),
        await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host } }),
        await ctx.app.inject({ method: 'GET', url: '/api/auth/config', headers: { host } }),
      ]) {
        expect(res.statusCode, host).toBe(421);
        expect(res.json()).toEqual({
          error: 'misdirected_request',
          message: 'This SpellWell runs on this computer only: open it at localhost.',
        });
      }
      expect(await snapshotDb(ctx.app)).toEqual(before);
    }
  });

  it('a demo identity is never an admin, even with an e-mail in ADMIN_EMAILS', async () => {
    const res = await login({}, ADMIN_EMAIL);
    expect(res.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${res.json<{ accessToken: string }>().accessToken}` };
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.json()).toMatchObject({ isAdmin: false });
    const before = await snapshotDb(ctx.app);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/official-wordset/create',
      headers: auth,
      payload: {
        testDate: futureDate(),
        description: 'Term 1',
        language: 'English',
        words: 'river',
        school: 'X',
      },
    });
    expect(create.statusCode).toBe(403);
    expect(await snapshotDb(ctx.app)).toEqual(before);
  });

  it('is off altogether behind a proxy (TRUST_PROXY set), even for a loopback request', async () => {
    const proxied = await buildRouteTestApp({ TRUST_PROXY: '127.0.0.1' });
    expect(proxied.config.demoLogin).toBe(false);
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: 'p@example.com' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(OFF);
    // A public server answers its own public name.
    const health = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'spellwell.example' },
    });
    expect(health.statusCode).toBe(200);
  });
});

describe('every public route is rate limited per address (from the route table)', async () => {
  const google = await startFakeGoogle();
  const demo = await buildRouteTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
  const withGoogle = await buildRouteTestApp({
    RATE_LIMIT_MULTIPLIER: '1',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
  });

  it('answers 429 JSON with Retry-After once a route’s allowance is spent, logout included', async () => {
    const publicRoutes = demo.routes.filter((r) => PUBLIC_ROUTES.has(routeKey(r)));
    expect(publicRoutes.map(routeKey).sort()).toEqual([...PUBLIC_ROUTES].sort());
    const unlimited: string[] = [];
    for (const route of publicRoutes) {
      const ctx = routeKey(route) === 'POST /api/auth/google/login' ? withGoogle : demo;
      let limited: LightMyRequestResponse | undefined;
      for (let i = 0; i < 400 && !limited; i += 1) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url,
          ...(route.method === 'POST'
            ? { payload: { email: `rl${i}@example.com`, credential: 'forged' } }
            : {}),
        });
        if (res.statusCode === 429) limited = res;
      }
      const ok =
        limited !== undefined &&
        limited.json().error === 'rate_limited' &&
        Number(limited.headers['retry-after']) > 0;
      if (!ok) unlimited.push(routeKey(route));
    }
    expect(unlimited).toEqual([]);
  });
});
