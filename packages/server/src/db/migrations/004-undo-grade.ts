import type { Kysely } from 'kysely';

/**
 * What a word's schedule was before each grade, so the parent can undo a mis-tapped grade
 * (issue 17 item 5): the server restores exactly the state the grade replaced. Null for grades
 * given before this column existed; those cannot be undone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_reviews').addColumn('prev_ease_factor', 'double precision').execute();
  await db.schema.alterTable('word_reviews').addColumn('prev_interval', 'integer').execute();
  await db.schema.alterTable('word_reviews').addColumn('prev_next_review', 'text').execute();
  await db.schema.alterTable('word_reviews').addColumn('prev_last_reviewed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['prev_ease_factor', 'prev_interval', 'prev_next_review', 'prev_last_reviewed_at']) {
    await db.schema.alterTable('word_reviews').dropColumn(column).execute();
  }
}
