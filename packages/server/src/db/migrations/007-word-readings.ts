import type { Kysely } from 'kysely';

/**
 * A Chinese word's reading (pinyin with tone numbers, issue 21): the default from the
 * dictionary when the word was added, or the parent's correction. A nullable column with no
 * default: adding it is instant on PostgreSQL, and no row is rewritten. Words added before it
 * have null and are given the default reading when read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('words').addColumn('reading', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('words').dropColumn('reading').execute();
}
