import type { Kysely } from 'kysely';

/**
 * Issue 40: the child's fitted speed, kept with the child so every server plans a grade from
 * the same one. `fitted_speed` is the speed the test-day planner reads at a grade;
 * `fitted_speed_stamp` names the grades it was fitted on (how many, the last one's id). Both
 * null until the child's first planned grade or readiness answer fits one. Nullable with no
 * default: PostgreSQL adds them without rewriting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('children').addColumn('fitted_speed', 'double precision').execute();
  await db.schema.alterTable('children').addColumn('fitted_speed_stamp', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('children').dropColumn('fitted_speed_stamp').execute();
  await db.schema.alterTable('children').dropColumn('fitted_speed').execute();
}
