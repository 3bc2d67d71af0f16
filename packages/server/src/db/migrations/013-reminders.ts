import type { Kysely } from 'kysely';

/**
 * Issue 38, reminders. New tables only: no lock on an existing one.
 * - `reminder_settings`: a parent's time, weekdays and channels; no row means reminders off.
 * - `push_subscriptions`: a parent's devices (Web Push). An endpoint belongs to one parent at a
 *   time: the browser's subscription moves to whoever signs in on it last.
 * - `reminder_sends`: one row per parent and local day, claimed by the server that sends that
 *   day's reminder (INSERT ... ON CONFLICT DO NOTHING), so any number of servers send it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminder_settings')
    .addColumn('parent_id', 'text', (c) => c.primaryKey().references('parents.id').onDelete('cascade'))
    /** HH:MM, the parent's local time. */
    .addColumn('time', 'text', (c) => c.notNull())
    /** Weekday numbers (0 Sunday) as digits, "0123456". */
    .addColumn('days', 'text', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_parent_idx')
    .on('push_subscriptions')
    .columns(['parent_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('reminder_sends')
    .addColumn('parent_id', 'text', (c) => c.notNull().references('parents.id').onDelete('cascade'))
    /** The parent's local day, YYYY-MM-DD. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    /** Null while the claiming server is sending (or died sending: then re-claimed later). */
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('reminder_sends_pkey', ['parent_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_sends').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('reminder_settings').execute();
}
