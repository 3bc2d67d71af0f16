import type { Kysely } from 'kysely';
import type { RecordingContentType } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { nowIso } from '../../db/timestamps.js';
import type { Capability } from '@spellwell/shared';
import { accessibleWordSetIdsOfChild } from '../children/access.js';
import { bumpWithinQuotas } from '../quotas/family-quotas.js';
import { bumpChildDataVersions } from '../read-cache/data-version.js';

export interface StoredRecording {
  contentType: RecordingContentType;
  durationMs: number;
  etag: string;
}

/** The word's id when it is in one of the child's sets and the child is the parent's. */
function ownedWordIds(
  db: Kysely<Database>,
  parentId: string,
  childId: string,
  wordId: string,
  capability: Capability,
) {
  return db
    .selectFrom('words')
    .select('words.id')
    .where('words.id', '=', wordId)
    .where('words.word_set_id', 'in', accessibleWordSetIdsOfChild(db, parentId, childId, capability));
}

/**
 * Parents' recordings of words (docs/decisions/010-recordings-storage.md). Ownership is in
 * every query; writes raise the parent's data version, since a set's detail says which words
 * have a recording.
 */
export function createRecordingsRepository({ kysely }: Db) {
  return {
    /**
     * False when the word is not the parent's. Replaces an earlier recording of the word.
     * Throws QuotaExceededError (nothing changed) past the family's recordings quota.
     */
    async save(
      parentId: string,
      childId: string,
      wordId: string,
      recording: StoredRecording & { audio: Uint8Array },
    ): Promise<boolean> {
      const save = () =>
        kysely.transaction().execute(async (trx) => {
          const word = await ownedWordIds(trx, parentId, childId, wordId, 'edit').executeTakeFirst();
          if (!word) return false;
          const row = {
            content_type: recording.contentType,
            audio: recording.audio,
            duration_ms: recording.durationMs,
            etag: recording.etag,
            created_at: nowIso(),
            bytes: recording.audio.length,
          };
          await trx
            .insertInto('word_recordings')
            .values({ word_id: word.id, ...row })
            .onConflict((oc) => oc.column('word_id').doUpdateSet(row))
            .execute();
          await bumpWithinQuotas(trx, { childId }, ['recordingBytes']);
          return true;
        });
      return unlessDeletedMeanwhile(save, false);
    },

    /** The recording's description, without the audio (for revalidation), or null. */
    async describe(parentId: string, childId: string, wordId: string): Promise<StoredRecording | null> {
      const row = await kysely
        .selectFrom('word_recordings')
        .select(['content_type', 'duration_ms', 'etag'])
        .where('word_id', 'in', ownedWordIds(kysely, parentId, childId, wordId, 'practise'))
        .executeTakeFirst();
      return row
        ? {
            contentType: row.content_type as RecordingContentType,
            durationMs: row.duration_ms,
            etag: row.etag,
          }
        : null;
    },

    async find(
      parentId: string,
      childId: string,
      wordId: string,
    ): Promise<(StoredRecording & { audio: Buffer }) | null> {
      const row = await kysely
        .selectFrom('word_recordings')
        .select(['content_type', 'duration_ms', 'etag', 'audio'])
        .where('word_id', 'in', ownedWordIds(kysely, parentId, childId, wordId, 'practise'))
        .executeTakeFirst();
      if (!row) return null;
      return {
        contentType: row.content_type as RecordingContentType,
        durationMs: row.duration_ms,
        etag: row.etag,
        audio: Buffer.from(row.audio),
      };
    },

    /** 'not-found' when the word is not the parent's; deleting twice is the same as once. */
    async delete(parentId: string, childId: string, wordId: string): Promise<'deleted' | 'not-found'> {
      return kysely.transaction().execute(async (trx) => {
        const word = await ownedWordIds(trx, parentId, childId, wordId, 'edit').executeTakeFirst();
        if (!word) return 'not-found';
        const result = await trx
          .deleteFrom('word_recordings')
          .where('word_id', '=', word.id)
          .executeTakeFirst();
        if (result.numDeletedRows > 0n) await bumpChildDataVersions(trx, childId);
        return 'deleted';
      });
    },
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;

/** A recording as the data export carries it: the audio itself, base64, beside its word. */
export interface ExportedRecording {
  contentType: string;
  durationMs: number;
  bytes: number;
  createdAt: string;
  base64: string;
}

/** Every recording of the parent's words, by word id, for the data export (PDPA access). */
export async function recordingsForExport(
  kysely: Kysely<Database>,
  parentId: string,
): Promise<Map<string, ExportedRecording>> {
  const rows = await kysely
    .selectFrom('word_recordings')
    .innerJoin('words', 'words.id', 'word_recordings.word_id')
    .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
    .innerJoin('children', 'children.id', 'word_sets.child_id')
    .select([
      'word_recordings.word_id',
      'word_recordings.content_type',
      'word_recordings.duration_ms',
      'word_recordings.audio',
      'word_recordings.created_at',
    ])
    .where('children.parent_id', '=', parentId)
    .execute();
  return new Map(
    rows.map((row) => {
      const audio = Buffer.from(row.audio);
      return [
        row.word_id,
        {
          contentType: row.content_type,
          durationMs: row.duration_ms,
          bytes: audio.length,
          createdAt: row.created_at,
          base64: audio.toString('base64'),
        },
      ];
    }),
  );
}
