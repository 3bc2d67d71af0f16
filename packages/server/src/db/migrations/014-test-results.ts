import type { Kysely } from 'kysely';

/**
 * Issue 34: the real test result a parent records after a set's test: words right, words
 * tested, and when it was recorded (all three null until then, and all three set together).
 * Nullable columns with no default: PostgreSQL adds them without rewriting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_sets').addColumn('test_correct', 'integer').execute();
  await db.schema.alterTable('word_sets').addColumn('test_total', 'integer').execute();
  await db.schema.alterTable('word_sets').addColumn('test_recorded_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_sets').dropColumn('test_recorded_at').execute();
  await db.schema.alterTable('word_sets').dropColumn('test_total').execute();
  await db.schema.alterTable('word_sets').dropColumn('test_correct').execute();
}
