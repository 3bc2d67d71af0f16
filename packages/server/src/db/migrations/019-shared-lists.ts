import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, item 5: word lists shared by a code (decision record 022).
 * - `shared_lists`: one code a parent made for one of their sets. The code shows the set as it
 *   is now (live, no copy of the words); `stopped_at` ends it for good (410), and a set
 *   deleted since leaves the row with no set (also 410), so a parent's export still lists
 *   every code they made. At most one active code a set (a partial unique index).
 * - `word_sets.shared_list_id`: the code a set was imported from, so a second import into the
 *   same child can answer 409 with that set; nullable with no default (PostgreSQL adds it
 *   without rewriting the table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('word_set_id', 'text', (c) => c.references('word_sets.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text')
    .execute();
  await db.schema
    .createIndex('shared_lists_active_set_idx')
    .on('shared_lists')
    .column('word_set_id')
    .unique()
    .where(sql.ref('stopped_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('shared_lists_created_by_idx')
    .on('shared_lists')
    .column('created_by')
    .execute();
  await db.schema
    .alterTable('word_sets')
    .addColumn('shared_list_id', 'text', (c) => c.references('shared_lists.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('word_sets_shared_list_idx')
    .on('word_sets')
    .columns(['child_id', 'shared_list_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('word_sets_shared_list_idx').execute();
  await db.schema.alterTable('word_sets').dropColumn('shared_list_id').execute();
  await db.schema.dropTable('shared_lists').execute();
}
