import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config.js';
import { notFound, registerErrorHandlers } from '../../src/lib/errors.js';
import { responseSerializerCompiler } from '../../src/lib/response-serializer.js';
import { createParentsRepository } from '../../src/modules/auth/parents-repository.js';
import { bumpDataVersion } from '../../src/modules/read-cache/data-version.js';
import readCachePlugin from '../../src/plugins/app/read-cache.js';
import configPlugin from '../../src/plugins/external/config.js';
import dbPlugin from '../../src/plugins/external/db.js';
import timeZonePlugin from '../../src/plugins/external/time-zone.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-cached-route-'));
const config = {
  ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  databaseUrl: ':memory:',
};

/** The app's plugins the read cache needs, and a stand-in for authentication (`x-parent`). */
async function buildApp(routes: (app: FastifyInstance) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandlers(app);
  await app.register(configPlugin, { config });
  await app.register(timeZonePlugin);
  await app.register(dbPlugin);
  await app.register(readCachePlugin);
  app.decorateRequest('parentId', '');
  app.addHook('onRequest', (request, _reply, done) => {
    request.parentId = String(request.headers['x-parent'] ?? '');
    done();
  });
  routes(app);
  await app.ready();
  return app;
}

let loads = 0;
const app = await buildApp((a) => {
  a.get(
    '/things/:thingId',
    {
      schema: {
        params: z.object({ thingId: z.string() }),
        response: { 200: z.object({ thingId: z.string(), load: z.number() }) },
      },
      config: { cache: true },
    },
    async (request: FastifyRequest) => {
      loads += 1;
      const { thingId } = request.params as { thingId: string };
      if (thingId === 'missing') throw notFound('Thing not found');
      // `secret` is not in the response schema: the kept text must not hold it either.
      return { thingId, load: loads, secret: 'not sent' };
    },
  );
});
const parents = createParentsRepository(app.db);
const newParent = (sub: string) => parents.upsertByIdentity({ sub, email: `${sub}@example.com`, name: sub });
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('config.cache on a route', () => {
  it('runs the handler once while the parent’s data is unchanged, and again after a change', async () => {
    const parent = await newParent('cached-a');
    const get = () => app.inject({ method: 'GET', url: '/things/one', headers: { 'x-parent': parent.id } });
    const before = loads;
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ thingId: 'one', load: before + 1 });
    const second = await get();
    expect(second.body).toBe(first.body);
    expect(loads).toBe(before + 1);

    await app.db.kysely.transaction().execute((trx) => bumpDataVersion(trx, parent.id));
    expect((await get()).json()).toEqual({ thingId: 'one', load: before + 2 });
    expect(loads).toBe(before + 2);
  });

  it('keeps answers apart by parent and by the path’s values', async () => {
    const [a, b] = [await newParent('cached-b'), await newParent('cached-c')];
    const get = (parentId: string, thingId: string) =>
      app
        .inject({ method: 'GET', url: `/things/${thingId}`, headers: { 'x-parent': parentId } })
        .then((r) => r.json());
    const first = await get(a.id, 'x');
    expect(await get(b.id, 'x')).not.toEqual(first);
    expect(await get(a.id, 'y')).toMatchObject({ thingId: 'y' });
    expect(await get(a.id, 'x')).toEqual(first);
  });

  it('never keeps an error: each "not found" runs the handler again', async () => {
    const parent = await newParent('cached-d');
    const before = loads;
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/things/missing',
        headers: { 'x-parent': parent.id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Thing not found' });
    }
    expect(loads).toBe(before + 2);
  });

  it('refuses to start with a cached route that is not a GET, or reads a query string', async () => {
    const schema = { response: { 200: z.object({ ok: z.boolean() }) } };
    await expect(
      buildApp((a) => a.post('/write', { schema, config: { cache: true } }, async () => ({ ok: true }))),
    ).rejects.toThrow('/write: config.cache is for GET routes without a query string');
    await expect(
      buildApp((a) =>
        a.get(
          '/search',
          { schema: { ...schema, querystring: z.object({ q: z.string() }) }, config: { cache: true } },
          async () => ({
            ok: true,
          }),
        ),
      ),
    ).rejects.toThrow('/search: config.cache is for GET routes without a query string');
  });
});
