import type { Kysely } from 'kysely';

/**
 * A counter per parent, raised in every transaction that changes what the dashboard and the
 * practice page read, so a cached answer can be checked for freshness with one primary-key
 * read (plugins/app/read-cache).
 *
 * Locking on PostgreSQL: ADD COLUMN with a constant default rewrites no rows (PostgreSQL 11+),
 * but takes an ACCESS EXCLUSIVE lock on parents for that instant, queued behind any long
 * transaction on the table; every request reads parents, so run it when no long report or
 * dump holds the table (docs/deploy.md, upgrades).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('parents')
    .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('parents').dropColumn('data_version').execute();
}
