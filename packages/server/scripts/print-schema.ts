/** Prints the SQL schema the migrations build, for review (`npm run db:generate`). */
import { sql } from 'kysely';
import { createDb } from '../src/db/create-db.js';
import { migrateToLatest } from '../src/db/migrate.js';

const db = createDb({ databaseUrl: ':memory:', sqliteFile: ':memory:', databasePoolSize: 1 });
await migrateToLatest(db);
const { rows } = await sql<{ sql: string }>`
  SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'kysely_%' ORDER BY type DESC, name
`.execute(db.kysely);
console.info(rows.map((r) => `${r.sql};`).join('\n\n'));
await db.kysely.destroy();
