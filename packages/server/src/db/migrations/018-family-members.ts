import { sql, type Kysely } from 'kysely';

/** The roles a member may have (packages/shared, family-roles.ts), fixed here as they were then. */
const sqlRole = () => sql<boolean>`role in ('co-parent', 'tutor')`;

/**
 * Issue 37, a family: more than one adult on a child. New tables, and one nullable column with
 * no default on `word_reviews` (PostgreSQL adds it without rewriting the table).
 * - `child_members`: a parent other than the owner (`children.parent_id`) who may see the child,
 *   as a co-parent or a tutor (docs/decisions/021). The owner is never a row here.
 * - `child_invites`: the owner's one-time invite. Only the SHA-256 of its secret is stored;
 *   `used_at`/`used_by` are set by the one acceptance it allows, `withdrawn_at` by the owner.
 * - `word_reviews.graded_by`: the parent who gave the grade; null for older grades, a child's own
 *   grades (issue 36) and the grades of an account since deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('child_members')
    .addColumn('child_id', 'text', (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sqlRole()))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('child_members_pkey', ['child_id', 'parent_id'])
    .execute();
  // The member's side: their dashboard lists the children shared with them.
  await db.schema
    .createIndex('child_members_parent_idx')
    .on('child_members')
    .columns(['parent_id'])
    .execute();
  await db.schema
    .createTable('child_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('child_id', 'text', (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sqlRole()))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text', (c) => c.references('parents.id').onDelete('set null'))
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema
    .createIndex('child_invites_child_idx')
    .on('child_invites')
    .columns(['child_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('word_reviews')
    .addColumn('graded_by', 'text', (c) => c.references('parents.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('word_reviews').dropColumn('graded_by').execute();
  await db.schema.dropTable('child_invites').execute();
  await db.schema.dropTable('child_members').execute();
}
