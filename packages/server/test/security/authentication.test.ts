import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { PUBLIC_ROUTES as SERVER_PUBLIC_ROUTES } from '../../src/modules/auth/route-auth.js';
import { createParentsRepository } from '../../src/modules/auth/parents-repository.js';
import { TEST_JWT_SECRET } from '../helper.js';
import { PUBLIC_ROUTES } from './support/route-table.js';

const UNAUTHORIZED = { error: 'unauthorized', message: 'Please sign in again.' };

describe('one authentication hook, with an explicit list of public routes', async () => {
  // Built here rather than by helper.ts: the test adds routes of its own before the app is ready.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
  });
  config.databaseUrl = ':memory:';
  const app = await buildApp(config, { logger: false, serveWeb: false });
  // Routes a new module might add, with no auth code of their own.
  await app.register(
    async (api) => {
      api.get('/new-thing', async (request) => ({ parentId: request.parentId }));
      api.post('/kid/new-thing', async (request) => ({ childId: request.kid.childId }));
    },
    { prefix: '/api' },
  );
  await app.ready();
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const parent = await createParentsRepository(app.db).upsertByIdentity({
    sub: 'test:auth-hook',
    email: 'auth-hook@example.com',
    name: 'Test Parent',
  });
  const token = await app.accessTokens.sign(parent.id);

  it('asks a new route that is not listed as public for a parent’s session', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/new-thing' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(UNAUTHORIZED);
    const head = await app.inject({ method: 'HEAD', url: '/api/new-thing' });
    expect(head.statusCode).toBe(401);
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/new-thing',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ parentId: parent.id });
  });

  it('asks a new route under /api/kid/ for a child’s device token, refusing a parent’s', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await app.inject({ method: 'POST', url: '/api/kid/new-thing', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('lists as public exactly the routes the security tests allow (a new public route is listed twice)', () => {
    expect([...SERVER_PUBLIC_ROUTES].sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});
