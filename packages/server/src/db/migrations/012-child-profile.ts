import type { Kysely } from 'kysely';

/**
 * Issue 35 item 7: a child's languages, school, level and colour, all optional. `languages`
 * is a comma-separated list of the app's language values (null: any language); `colour` is
 * one of the shared palette's names (null: the first not taken by an earlier sibling).
 * Nullable columns with no default: PostgreSQL adds them without rewriting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['languages', 'school', 'level', 'colour']) {
    await db.schema.alterTable('children').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['colour', 'level', 'school', 'languages']) {
    await db.schema.alterTable('children').dropColumn(column).execute();
  }
}
