import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { GradeRow } from './grades-repository.js';

/**
 * Each child's fitted speed, kept on the child's row (migration 021, issue 40): the only speed
 * a grade plans with, so every server, whatever it answered before, schedules a grade the same
 * way. A planned grade that finds none fits one from the child's grades and stores it; a
 * readiness answer stores the fit it computed.
 */

/** Names the grades a speed was fitted on (rows of one child, oldest first): how many, the last one. */
export const gradesStamp = (rows: readonly GradeRow[]): string => `${rows.length} ${rows.at(-1)?.id ?? ''}`;

/**
 * Stores the child's speed fitted on the grades `stamp` names. `ifNone`: only when none is
 * stored (a grade's own fit never replaces one another server stored meanwhile). A speed
 * already fitted on these grades is not written again. Not data the parent sees: the parent's
 * data version stays as it is.
 */
export async function storeFittedSpeed(
  kysely: Kysely<Database>,
  childId: string,
  fit: { stamp: string; speed: number },
  { ifNone = false } = {},
): Promise<void> {
  await kysely
    .updateTable('children')
    .set({ fitted_speed: fit.speed, fitted_speed_stamp: fit.stamp })
    .where('id', '=', childId)
    .where((eb) =>
      ifNone
        ? eb('fitted_speed', 'is', null)
        : eb.or([eb('fitted_speed_stamp', 'is', null), eb('fitted_speed_stamp', '<>', fit.stamp)]),
    )
    .execute();
}
