import type { Kysely } from 'kysely';

/**
 * Issue 41. `scan_days`: how many scans each parent has started on a (UTC) day, counted in
 * the database so the daily quota holds across servers. One row per parent and day; a
 * parent's older days are removed as their next scan is counted, and the account's deletion
 * removes them all by cascade. A new table: no lock on an existing one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_days')
    .addColumn('parent_id', 'text', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    /** YYYY-MM-DD, UTC. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scans', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_days_pkey', ['parent_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_days').execute();
}
