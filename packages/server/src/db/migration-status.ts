import { sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

/** Kysely's bookkeeping table (its default name). */
export const MIGRATION_TABLE = 'kysely_migration';

export interface MigrationStatus {
  /** Migrations this code has that the database has not run. */
  pending: string[];
  /** Migrations the database ran that this code does not know: it was made by newer code. */
  unknown: string[];
}

/**
 * Compares the migrations a database recorded with the ones this code ships. Readiness waits
 * for `pending` to be empty; restore refuses a backup with `unknown` ones.
 */
export async function migrationStatus(kysely: Kysely<never>): Promise<MigrationStatus> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(
      kysely,
    );
    applied = rows.map((r) => r.name);
  } catch (error) {
    // No bookkeeping table yet: nothing ran. Anything else (the database not answering) is real.
    if (!/no such table|does not exist/.test(String(error))) throw error;
    applied = [];
  }
  const known = Object.keys(migrations);
  return {
    pending: known.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.includes(name)),
  };
}
