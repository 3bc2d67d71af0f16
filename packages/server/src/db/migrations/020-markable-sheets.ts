import type { Kysely } from 'kysely';

/**
 * Issue 39, marking the child's sheet from a photo: `printed_sheets.answer_slots`, the answer
 * boxes as printed (JSON), from which the shared layout places the corner marks and boxes.
 * Nullable with no default, so PostgreSQL adds it without rewriting the table; older sheets
 * keep null and print as they always did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('printed_sheets').addColumn('answer_slots', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('printed_sheets').dropColumn('answer_slots').execute();
}
