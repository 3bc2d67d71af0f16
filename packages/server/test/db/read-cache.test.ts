import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/create-db.js';
import { createParentsRepository } from '../../src/modules/auth/parents-repository.js';
import { bumpDataVersion } from '../../src/modules/read-cache/data-version.js';
import { createReadCache } from '../../src/modules/read-cache/read-cache.js';
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

  it('checks many parents at once, each against its own version', async () => {
    const cache = createReadCache(app.db);
    const parents = [await createParent(), await createParent(), await createParent()];
    const read = (i: number, n: number) => cache.through(parents[i]!.id, 'k', async () => ({ i, n }));
    await Promise.all([0, 1, 2].map((i) => read(i, 1)));
    await app.db.kysely.transaction().execute(async (trx) => {
      await bumpDataVersion(trx, parents[0]!.id);
      await bumpDataVersion(trx, parents[2]!.id);
    });
    // Asked together (one query on PostgreSQL), the same parent twice among them.
    const answers = await Promise.all([read(0, 2), read(1, 2), read(2, 2), read(0, 3)]);
    expect(answers[0]).toEqual({ i: 0, n: 2 });
    expect(answers[1]).toEqual({ i: 1, n: 1 });
    expect(answers[2]).toEqual({ i: 2, n: 2 });
    expect([
      { i: 0, n: 2 },
      { i: 0, n: 3 },
    ]).toContainEqual(answers[3]);
    expect(await cache.through('00000000-0000-4000-8000-000000000000', 'k', async () => null)).toBeNull();
  });

  it('serves the last committed answer while a write is open, and the new one once it commits', async () => {
    const cache = createReadCache(app.db);
    const parent = await createParent();
    let state = 1;
    const read = () => cache.through(parent.id, 'k', async () => ({ state }));
    await read();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let bumped!: () => void;
    const inside = new Promise<void>((resolve) => (bumped = resolve));
    const writing = app.db.kysely.transaction().execute(async (trx) => {
      await bumpDataVersion(trx, parent.id);
      bumped();
      await gate;
    });
    await inside;
    state = 2;
    expect(await read()).toEqual({ state: 1 });
    release();
    await writing;
    expect(await read()).toEqual({ state: 2 });
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

  // Several servers share a database only on PostgreSQL: the SQLite file belongs to one process.
  it.skipIf(app.db.engine === 'sqlite')(
    'sees a write made by another server on the same database',
    async () => {
      const [mine, theirs] = [createDb(config), createDb(config)];
      try {
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
    },
  );
});
