import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../src/db/create-db.js';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { checkpointWhenIdle, WAL_CHECKPOINTS } from '../../src/db/wal-checkpoints.js';

describe('checkpointWhenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('checkpoints once the connection has been unused for idleMs, and not while it is in use', () => {
    vi.useFakeTimers();
    const checkpoint = vi.fn();
    const policy = checkpointWhenIdle(checkpoint, { idleMs: 250, maxUses: 100 });
    vi.advanceTimersByTime(1000);
    expect(checkpoint).not.toHaveBeenCalled();
    for (let i = 0; i < 10; i++) {
      policy.used();
      vi.advanceTimersByTime(200);
    }
    expect(checkpoint).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(checkpoint.mock.calls).toEqual([['idle']]);
    vi.advanceTimersByTime(1000);
    expect(checkpoint).toHaveBeenCalledTimes(1);
  });

  it('under a load that never pauses, checkpoints every maxUses uses', () => {
    vi.useFakeTimers();
    const checkpoint = vi.fn();
    const policy = checkpointWhenIdle(checkpoint, { idleMs: 250, maxUses: 100 });
    for (let i = 0; i < 250; i++) policy.used();
    expect(checkpoint.mock.calls).toEqual([['busy'], ['busy']]);
    vi.advanceTimersByTime(250);
    expect(checkpoint.mock.calls).toEqual([['busy'], ['busy'], ['idle']]);
  });
});

/** One parent row with a name of `nameLength` characters: a known amount of WAL per insert. */
function insertParent(db: Db, sub: string, nameLength: number) {
  return db.kysely
    .insertInto('parents')
    .values({
      id: randomUUID(),
      google_sub: sub,
      email: `${sub}@example.com`,
      name: 'x'.repeat(nameLength),
      created_at: '2026-11-22T00:00:00.000Z',
    })
    .execute();
}

describe('the embedded database checkpoints when idle', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spellwell-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves a burst of writes in the WAL, then empties it once writes pause', async () => {
    const file = path.join(dir, 'spellwell.sqlite');
    const db = createDb({ databaseUrl: undefined, sqliteFile: file, databasePoolSize: 1 });
    try {
      await migrateToLatest(db);
      const auto = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db.kysely);
      expect(auto.rows[0]?.wal_autocheckpoint).toBe(0);
      // Over 1,000 pages (4 KB each), where SQLite would have checkpointed by itself.
      for (let i = 0; i < 1200; i++) await insertParent(db, `sub-${i}`, 3000);
      const walSize = () => statSync(`${file}-wal`).size;
      expect(walSize()).toBeGreaterThan(1000 * 4096);
      await new Promise((resolve) => setTimeout(resolve, WAL_CHECKPOINTS.idleMs + 500));
      expect(walSize()).toBe(0);
      const count = await db.kysely
        .selectFrom('parents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(1200);
    } finally {
      await db.kysely.destroy();
    }
  }, 60_000);

  it('under writes that never pause, still copies the WAL into the file every maxUses uses', async () => {
    const file = path.join(dir, 'busy.sqlite');
    const db = createDb({ databaseUrl: undefined, sqliteFile: file, databasePoolSize: 1 });
    const insert = (i: number) => insertParent(db, `busy-${i}`, 500);
    try {
      await migrateToLatest(db);
      await new Promise((resolve) => setTimeout(resolve, WAL_CHECKPOINTS.idleMs + 500));
      // Back to back, never idle for idleMs: each insert is one use of the connection.
      for (let i = 0; i < WAL_CHECKPOINTS.maxUses - 10; i++) await insert(i);
      const before = statSync(file).size;
      for (let i = 0; i < 20; i++) await insert(WAL_CHECKPOINTS.maxUses + i);
      expect(statSync(file).size).toBeGreaterThan(before + 1_000_000);
    } finally {
      await db.kysely.destroy();
    }
  }, 120_000);
});
