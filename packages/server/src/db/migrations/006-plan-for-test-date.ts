import type { Kysely } from 'kysely';

/**
 * The test-day planner's switch, per word set (issue 19): 1 when the planner picks each word's
 * next review, 0 (every existing set) when the specification's rule alone does. A constant
 * default: PostgreSQL adds the column without rewriting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('word_sets')
    .addColumn('plan_for_test_date', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_sets').dropColumn('plan_for_test_date').execute();
}
