import { Migrator, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; start-up fails loudly if a migration does. */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one to use.
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
