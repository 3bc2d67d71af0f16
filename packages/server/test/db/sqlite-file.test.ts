import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';

const dir = mkdtempSync(path.join(tmpdir(), 'spellwell-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = {
  databaseUrl: undefined,
  sqliteFile: path.join(dir, 'spellwell.sqlite'),
  databasePoolSize: 1,
};

describe('the embedded database file', () => {
  it('belongs to one server process: a second one on the same DATA_DIR is refused, clearly', async () => {
    const first = createDb(config);
    await migrateToLatest(first);
    expect(() => createDb(config)).toThrow(
      `The database ${config.sqliteFile} is in use by another process: is SpellWell already running with this DATA_DIR?`,
    );
    await first.kysely.destroy();
    // Once the first has closed, the next start opens it and finds the data.
    const next = createDb(config);
    const tables = await next.kysely.selectFrom('parents').select('id').execute();
    expect(tables).toEqual([]);
    await next.kysely.destroy();
  }, 30_000);
});
