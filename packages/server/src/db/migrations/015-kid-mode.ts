import type { Kysely } from 'kysely';

/**
 * Issue 36, the child practises on their own. New tables, and two nullable columns with no
 * default on `word_reviews` (PostgreSQL adds them without rewriting the table).
 * - `device_passes`: a parent's pass for one child on one device. Only the SHA-256 of its
 *   one-time secret is stored; `used_at` is set by the one sign-in it allows.
 * - `kid_refresh_tokens`: the device's refresh-token families, rotated like the parent's
 *   (`refresh_tokens`), ended with their pass.
 * - `word_reviews.child_answer` / `child_attempts`: a grade the child's session made, with what
 *   the child typed last and in how many attempts; null for a parent's grade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_passes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('child_id', 'text', (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('device_passes_child_idx')
    .on('device_passes')
    .columns(['child_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('kid_refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pass_id', 'text', (c) => c.notNull().references('device_passes.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('family_expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('kid_refresh_tokens_family_idx')
    .on('kid_refresh_tokens')
    .columns(['family_id'])
    .execute();
  await db.schema
    .createIndex('kid_refresh_tokens_pass_idx')
    .on('kid_refresh_tokens')
    .columns(['pass_id'])
    .execute();
  await db.schema.alterTable('word_reviews').addColumn('child_answer', 'text').execute();
  await db.schema.alterTable('word_reviews').addColumn('child_attempts', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_reviews').dropColumn('child_attempts').execute();
  await db.schema.alterTable('word_reviews').dropColumn('child_answer').execute();
  await db.schema.dropTable('kid_refresh_tokens').execute();
  await db.schema.dropTable('device_passes').execute();
}
