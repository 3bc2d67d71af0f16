import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The UTC day of `now`, as scan_days keys it. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The daily scan quota, kept in the database: counting a scan and checking the quota are one
 * statement, so parallel scans on several servers cannot pass it together.
 */
export function createScanQuotaRepository({ kysely }: Db) {
  return {
    /** Counts one scan on `day`; false (nothing counted) when `limit` scans were already counted. */
    async take(parentId: string, day: string, limit: number): Promise<boolean> {
      const result = await kysely
        .insertInto('scan_days')
        .values({ parent_id: parentId, day, scans: 1 })
        .onConflict((oc) =>
          oc
            .columns(['parent_id', 'day'])
            .doUpdateSet({ scans: sql<number>`scan_days.scans + 1` })
            .where('scan_days.scans', '<', limit),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      // Earlier days no longer count: dropped here so the table stays one row per active parent.
      await kysely.deleteFrom('scan_days').where('parent_id', '=', parentId).where('day', '<', day).execute();
      return true;
    },
  };
}
export type ScanQuotaRepository = ReturnType<typeof createScanQuotaRepository>;
