import { DICTATION_PAUSE_DEFAULT, DictationPauseSchema, type DictationSettings } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { nowIso } from '../../db/timestamps.js';
import { accessibleChildIds, canReachChild } from '../children/access.js';

/** A child's dictation settings (issue 20); a child with no row has the defaults. */
export function createDictationSettingsRepository({ kysely }: Db) {
  return {
    /** Null when the parent has no tie to the child. */
    async get(parentId: string, childId: string): Promise<DictationSettings | null> {
      const row = await kysely
        .selectFrom('children')
        .leftJoin('dictation_settings', 'dictation_settings.child_id', 'children.id')
        .select('dictation_settings.pause_seconds')
        .where('children.id', '=', childId)
        .where((eb) => canReachChild(eb, parentId, 'practise'))
        .executeTakeFirst();
      if (!row) return null;
      // A value no longer offered (the choices changed) reads as the default, not a 500.
      const pause = DictationPauseSchema.safeParse(row.pause_seconds);
      return { pauseSeconds: pause.success ? pause.data : DICTATION_PAUSE_DEFAULT };
    },

    /** The saved settings; null when the child is not the parent's. */
    async set(
      parentId: string,
      childId: string,
      settings: DictationSettings,
    ): Promise<DictationSettings | null> {
      const updatedAt = nowIso();
      // Inserted from the owned child's row, so another parent's child inserts nothing.
      const write = () =>
        kysely
          .insertInto('dictation_settings')
          .columns(['child_id', 'pause_seconds', 'updated_at'])
          .expression((eb) =>
            accessibleChildIds(kysely, parentId, childId, 'practise').select([
              eb.val(settings.pauseSeconds).as('pause_seconds'),
              eb.val(updatedAt).as('updated_at'),
            ]),
          )
          .onConflict((oc) =>
            oc
              .column('child_id')
              .doUpdateSet({ pause_seconds: settings.pauseSeconds, updated_at: updatedAt }),
          )
          .executeTakeFirst();
      // A child deleted meanwhile is "not found" too (db/deleted-meanwhile.ts).
      const result = await unlessDeletedMeanwhile(write, null);
      return Number(result?.numInsertedOrUpdatedRows ?? 0) === 1 ? settings : null;
    },
  };
}
export type DictationSettingsRepository = ReturnType<typeof createDictationSettingsRepository>;
