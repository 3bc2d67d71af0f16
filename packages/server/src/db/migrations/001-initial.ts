import type { Kysely } from 'kysely';

// Types that mean the same on SQLite and PostgreSQL (see db/schema.ts).
const TEXT = 'text';
const INT = 'integer';
const REAL = 'double precision';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('parents')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('google_sub', TEXT, (c) => c.notNull().unique())
    .addColumn('email', TEXT, (c) => c.notNull())
    .addColumn('name', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('children')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('parent_id', TEXT, (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('children_parent_id').on('children').column('parent_id').execute();

  await db.schema
    .createTable('word_sets')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('child_id', TEXT, (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('test_date', TEXT, (c) => c.notNull())
    .addColumn('description', TEXT, (c) => c.notNull())
    .addColumn('language', TEXT, (c) => c.notNull())
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('word_sets_child_id')
    .on('word_sets')
    .columns(['child_id', 'test_date'])
    .execute();

  await db.schema
    .createTable('words')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('word_set_id', TEXT, (c) => c.notNull().references('word_sets.id').onDelete('cascade'))
    .addColumn('word_string', TEXT, (c) => c.notNull())
    .addColumn('position', INT, (c) => c.notNull())
    .addColumn('ease_factor', REAL, (c) => c.notNull())
    .addColumn('interval', INT, (c) => c.notNull())
    .addColumn('next_review', TEXT)
    .addColumn('last_reviewed_at', TEXT)
    .addColumn('review_count', INT, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addUniqueConstraint('words_set_word', ['word_set_id', 'word_string'])
    .execute();

  await db.schema
    .createTable('word_reviews')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('child_id', TEXT, (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('word_id', TEXT, (c) => c.references('words.id').onDelete('set null'))
    .addColumn('word_set_id', TEXT, (c) => c.references('word_sets.id').onDelete('set null'))
    .addColumn('quality', INT, (c) => c.notNull())
    .addColumn('ease_factor', REAL, (c) => c.notNull())
    .addColumn('interval', INT, (c) => c.notNull())
    .addColumn('next_review', TEXT, (c) => c.notNull())
    .addColumn('local_date', TEXT, (c) => c.notNull())
    .addColumn('reviewed_at', TEXT, (c) => c.notNull())
    .addColumn('idempotency_key', TEXT)
    .addUniqueConstraint('word_reviews_idempotency', ['child_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('word_reviews_child_day')
    .on('word_reviews')
    .columns(['child_id', 'local_date'])
    .execute();
  await db.schema.createIndex('word_reviews_word_id').on('word_reviews').column('word_id').execute();
  await db.schema.createIndex('word_reviews_word_set_id').on('word_reviews').column('word_set_id').execute();

  await db.schema
    .createTable('practice_completions')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('child_id', TEXT, (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('words_reviewed', INT, (c) => c.notNull())
    .addColumn('local_date', TEXT, (c) => c.notNull())
    .addColumn('completed_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('practice_completions_child_day')
    .on('practice_completions')
    .columns(['child_id', 'local_date'])
    .execute();

  await db.schema
    .createTable('practice_sessions')
    .addColumn('word_set_id', TEXT, (c) => c.primaryKey().references('word_sets.id').onDelete('cascade'))
    .addColumn('child_id', TEXT, (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('word_ids', TEXT, (c) => c.notNull())
    .addColumn('position', INT, (c) => c.notNull())
    .addColumn('due_count', INT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('practice_sessions_child_id')
    .on('practice_sessions')
    .column('child_id')
    .execute();

  await db.schema
    .createTable('official_word_sets')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('school', TEXT, (c) => c.notNull())
    .addColumn('test_date', TEXT, (c) => c.notNull())
    .addColumn('description', TEXT, (c) => c.notNull())
    .addColumn('language', TEXT, (c) => c.notNull())
    .addColumn('words', TEXT, (c) => c.notNull())
    .addColumn('created_by', TEXT, (c) => c.references('parents.id').onDelete('set null'))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('official_word_sets_test_date')
    .on('official_word_sets')
    .column('test_date')
    .execute();
  await db.schema
    .createIndex('official_word_sets_created_by')
    .on('official_word_sets')
    .column('created_by')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('parent_id', TEXT, (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('family_id', TEXT, (c) => c.notNull())
    .addColumn('token_hash', TEXT, (c) => c.notNull().unique())
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('expires_at', TEXT, (c) => c.notNull())
    .addColumn('family_expires_at', TEXT, (c) => c.notNull())
    .addColumn('used_at', TEXT)
    .addColumn('revoked_at', TEXT)
    .execute();
  await db.schema.createIndex('refresh_tokens_family_id').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_parent_id').on('refresh_tokens').column('parent_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'refresh_tokens',
    'official_word_sets',
    'practice_sessions',
    'practice_completions',
    'word_reviews',
    'words',
    'word_sets',
    'children',
    'parents',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
