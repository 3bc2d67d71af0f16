import type { Kysely } from 'kysely';

/**
 * Issue 41: each recording's size in bytes, so a family's total (its recordings quota) is a sum
 * of small integers, never a read of the audio. A nullable column with no default: adding it is
 * instant on PostgreSQL and rewrites no row. Recordings saved before it have null and are
 * counted by the audio's length (`coalesce(bytes, length(audio))`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_recordings').addColumn('bytes', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_recordings').dropColumn('bytes').execute();
}
