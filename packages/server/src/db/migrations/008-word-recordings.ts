import type { Kysely } from 'kysely';

/**
 * A parent's own recording of a word (issue 22), kept in the database beside the word
 * (docs/decisions/010-recordings-storage.md): deleting the word, its set, the child or the
 * account removes it by cascade, and backups (SQLite copy, pg_dump) carry it. One per word.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('word_recordings')
    .addColumn('word_id', 'text', (c) => c.primaryKey().references('words.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    // bytea on PostgreSQL; SQLite keeps a blob as it is under any declared type.
    .addColumn('audio', 'bytea', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('word_recordings').execute();
}
