import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/dialect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createParentsRepository } from '../../src/plugins/app/auth/parents-repository.js';
import { bumpDataVersion } from '../../src/plugins/app/read-cache/data-version.js';
import { createReadCache } from '../../src/plugins/app/read-cache/read-cache.js';
import { buildTestApp } from '../helper.js';

const { app, config, createParent } = await buildTestApp();

function countingLoader<T>(value: () => T) {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return value();
    },
    get calls() {
      return calls;
    },
  };
}

describe(`read cache (${app.db.engine})`, () => {
  it('loads once while the parent’s data is unchanged, and again after a write', async () => {
    const cache = createReadCache(app.db);
    const parent = await createParent();
    let state = 'first';
    const loader = countingLoader(() => ({ state }));
    expect(await cache.through(parent.id, 'k', loader.load)).toEqual({ state: 'first' });
    expect(await cache.through(parent.id, 'k', loader.load)).toEqual({ state: 'first' });
    expect(loader.calls).toBe(1);
    state = 'second';
    await app.db.kysely.transaction().execute((trx) => bumpDataVersion(trx, parent.id));
    expect(await cache.through(parent.id, 'k', loader.load)).toEqual({ state: 'second' });
    expect(loader.calls).toBe(2);
  });

  it('keeps each parent’s and each key’s answers apart', async () => {
    const cache = createReadCache(app.db);
    const [a, b] = [await createParent(), await createParent()];
    expect(await cache.through(a.id, 'k', async () => ({ who: 'a' }))).toEqual({ who: 'a' });
    expect(await cache.through(b.id, 'k', async () => ({ who: 'b' }))).toEqual({ who: 'b' });
    expect(await cache.through(a.id, 'other', async () => ({ who: 'a2' }))).toEqual({ who: 'a2' });
    expect(await cache.through(a.id, 'k', async () => ({ who: 'not used' }))).toEqual({ who: 'a' });
  });

  it('does not keep "not found", nor anything for a parent that no longer exists', async () => {
    const cache = createReadCache(app.db);
    const parent = await createParent();
    const missing = countingLoader(() => null);
    await cache.through(parent.id, 'k', missing.load);
    await cache.through(parent.id, 'k', missing.load);
    expect(missing.calls).toBe(2);
    const gone = countingLoader(() => ({}));
    await cache.through('00000000-0000-4000-8000-000000000000', 'k', gone.load);
    await cache.through('00000000-0000-4000-8000-000000000000', 'k', gone.load);
    expect(gone.calls).toBe(2);
  });

  it('forgets the least recently used answer first when full', async () => {
    const cache = createReadCache(app.db, 2);
    const parent = await createParent();
    const loads: string[] = [];
    const read = (key: string) =>
      cache.through(parent.id, key, async () => {
        loads.push(key);
        return { key };
      });
    await read('a');
    await read('b');
    await read('a'); // a is now the most recent
    await read('c'); // evicts b
    await read('a');
    await read('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps the answers’ text within its size budget', async () => {
    const cache = createReadCache(app.db, 100, 25);
    const parent = await createParent();
    const loads: string[] = [];
    const read = (key: string, text: string) =>
      cache.through(parent.id, key, async () => {
        loads.push(key);
        return text;
      });
    await read('a', 'x'.repeat(10));
    await read('b', 'x'.repeat(10));
    await read('c', 'x'.repeat(10)); // 30 > 25: a goes
    await read('huge', 'x'.repeat(26)); // larger than the budget: served, never kept
    await read('b', '');
    await read('c', '');
    await read('huge', 'x'.repeat(26));
    await read('a', 'x'.repeat(10));
    expect(loads).toEqual(['a', 'b', 'c', 'huge', 'huge', 'a']);
  });

  it('sees a write made through another connection, as another server would', async () => {
    // Two Dbs on one database: a file for SQLite (the tests' in-memory one has a single
    // connection), this file's schema for PostgreSQL.
    const shared = { ...config, ...(app.db.engine === 'sqlite' ? { databaseUrl: undefined } : {}) };
    const [mine, theirs] = [createDb(shared), createDb(shared)];
    try {
      await migrateToLatest(mine, app.db.engine === 'postgres' ? config.databaseSchema : undefined);
      const parent = await createParentsRepository(mine).upsertByIdentity({
        sub: `test:${randomUUID()}`,
        email: 'x@example.com',
        name: 'X',
      });
      const cache = createReadCache(mine);
      let state = 1;
      await cache.through(parent.id, 'k', async () => ({ state }));
      state = 2;
      await theirs.kysely.transaction().execute((trx) => bumpDataVersion(trx, parent.id));
      expect(await cache.through(parent.id, 'k', async () => ({ state }))).toEqual({ state: 2 });
    } finally {
      await mine.kysely.destroy();
      await theirs.kysely.destroy();
    }
  });
});
