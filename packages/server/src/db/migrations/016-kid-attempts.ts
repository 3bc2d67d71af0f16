import type { Kysely } from 'kysely';

/**
 * Issue 36, finishing the child's own practice.
 * - `kid_word_attempts`: the server's own count of a device's attempts at a word, so the
 *   grade does not rest on the number the device claims (decision 018). One row per pass and
 *   word: the attempts made, the last answer counted (and the client's key for it, so a
 *   retried request is answered again rather than counted twice), and, once the word is
 *   done, when and with which grade; the next answer after that starts a new round.
 * - `word_reviews.child_mistakes`: a Chinese word the child wrote in the stroke quiz: the
 *   quiz's mistakes (then `child_answer` is the word as written, since the quiz accepts only
 *   the right strokes). Null for a typed answer and a parent's grade.
 * - `children.pronoun`: her, his or their, used in "Mei, on her own"; null: their.
 *   A nullable column with no default: PostgreSQL adds it without rewriting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kid_word_attempts')
    .addColumn('pass_id', 'text', (c) => c.notNull().references('device_passes.id').onDelete('cascade'))
    .addColumn('word_id', 'text', (c) => c.notNull().references('words.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_answer', 'text', (c) => c.notNull())
    .addColumn('answer_id', 'text')
    .addColumn('done_at', 'text')
    .addColumn('grade', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('kid_word_attempts_pk', ['pass_id', 'word_id'])
    .execute();
  // Deleting a word cascades here: without an index on word_id that is a scan per word.
  await db.schema
    .createIndex('kid_word_attempts_word_idx')
    .on('kid_word_attempts')
    .column('word_id')
    .execute();
  await db.schema.alterTable('children').addColumn('pronoun', 'text').execute();
  await db.schema.alterTable('word_reviews').addColumn('child_mistakes', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_reviews').dropColumn('child_mistakes').execute();
  await db.schema.alterTable('children').dropColumn('pronoun').execute();
  await db.schema.dropTable('kid_word_attempts').execute();
}
