import type { Kysely } from 'kysely';

/**
 * Issue 20. `dictation_settings`: a child's pause between the two readings of a dictated word,
 * remembered on the server so it follows the child to any device. A table of its own (one row
 * per child, only once a parent changes it) rather than a column on `children`, so nothing
 * touches that table's rows. `printed_sheets`: the word list of a printed sheet as it was
 * printed, so the QR code on the answer key grades exactly those words later.
 * Both tables are new: no lock on an existing table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dictation_settings')
    .addColumn('child_id', 'text', (c) => c.primaryKey().references('children.id').onDelete('cascade'))
    .addColumn('pause_seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('printed_sheets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('child_id', 'text', (c) => c.notNull().references('children.id').onDelete('cascade'))
    // Null for "today's words" across the child's sets. No foreign key: a sheet outlives an
    // edit of its set, and a deleted set leaves a sheet whose words are all "removed".
    .addColumn('word_set_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    /** JSON array of word ids, in the sheet's order. */
    .addColumn('word_ids', 'text', (c) => c.notNull())
    /** JSON array of the words as printed, parallel to word_ids (named in the "removed" note). */
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('printed_sheets_child_id')
    .on('printed_sheets')
    .columns(['child_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('printed_sheets').execute();
  await db.schema.dropTable('dictation_settings').execute();
}
