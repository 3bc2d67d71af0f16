import { randomInt, randomUUID } from 'node:crypto';
import {
  type Language,
  SHARE_CODE_ALPHABET,
  SHARE_CODE_LENGTH,
  type SharedList,
  shareCodeFrom,
} from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { nowIso, nowIsoAfter } from '../../db/timestamps.js';
import { isUniqueViolation } from '../grading/unique-violation.js';
import { bumpWithinQuotas } from '../quotas/family-quotas.js';
import { insertWordSet } from '../word-sets/word-sets-repository.js';
import { mayImportIntoChild, mayShareWordSet } from './share-permissions.js';

/** Twelve symbols drawn without bias from the code alphabet. */
const newCode = () =>
  shareCodeFrom(Array.from({ length: SHARE_CODE_LENGTH }, () => randomInt(SHARE_CODE_ALPHABET.length)));

/** What a code's lookup finds: the list, a code stopped (or whose set is gone), or nothing. */
export type Lookup = { list: SharedList; sharedListId: string } | 'stopped' | null;

export type ImportResult =
  | { id: string; list: SharedList }
  | { alreadyImported: string }
  | 'unknown_code'
  | 'stopped'
  | 'child_not_found';

export function createSharedListsRepository(db: Db) {
  const { kysely } = db;

  const activeCodeOf = (wordSetId: string) =>
    kysely
      .selectFrom('shared_lists')
      .select('code')
      .where('word_set_id', '=', wordSetId)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();

  /** When the set's newest code was made, stopped or not: a new code is made after it. */
  const lastCodeMadeOf = async (wordSetId: string) =>
    (
      await kysely
        .selectFrom('shared_lists')
        .select((eb) => eb.fn.max('created_at').as('created_at'))
        .where('word_set_id', '=', wordSetId)
        .executeTakeFirst()
    )?.created_at ?? null;

  async function lookup(code: string): Promise<Lookup> {
    const row = await kysely
      .selectFrom('shared_lists')
      .leftJoin('word_sets', 'word_sets.id', 'shared_lists.word_set_id')
      .select([
        'shared_lists.id',
        'shared_lists.stopped_at',
        'word_sets.id as wordSetId',
        'word_sets.description',
        'word_sets.language',
        'word_sets.test_date',
      ])
      .where('shared_lists.code', '=', code)
      .executeTakeFirst();
    if (!row) return null;
    if (row.stopped_at !== null || !row.wordSetId) return 'stopped';
    const words = await kysely
      .selectFrom('words')
      .select(['word_string', 'reading'])
      .where('word_set_id', '=', row.wordSetId)
      .orderBy('position')
      .execute();
    return {
      sharedListId: row.id,
      list: {
        description: row.description!,
        language: row.language as Language,
        testDate: row.test_date!,
        words: words.map((w) => w.word_string),
        readings: words.map((w) => w.reading),
      },
    };
  }

  return {
    /** The set's active code, or null when not shared; undefined when the set is not the parent's. */
    async status(parentId: string, childId: string, wordSetId: string): Promise<string | null | undefined> {
      const set = await mayShareWordSet(kysely, parentId, childId, wordSetId).executeTakeFirst();
      if (!set) return undefined;
      return (await activeCodeOf(set.id))?.code ?? null;
    },

    /**
     * The set's active code, made now (`created`) unless it has one. Null when the parent may
     * not share the set. Two shares at once meet at the partial unique index: the loser reads
     * the winner's code.
     */
    async share(
      parentId: string,
      childId: string,
      wordSetId: string,
    ): Promise<{ code: string; created: boolean } | null> {
      const set = await mayShareWordSet(kysely, parentId, childId, wordSetId).executeTakeFirst();
      if (!set) return null;
      for (;;) {
        const active = await activeCodeOf(set.id);
        if (active) return { code: active.code, created: false };
        const code = newCode();
        // Codes are listed by when they were made: a code made in the millisecond its set's
        // last one was stopped still comes after it.
        const createdAt = nowIsoAfter(await lastCodeMadeOf(set.id));
        try {
          const inserted = await unlessDeletedMeanwhile(
            () =>
              kysely
                .insertInto('shared_lists')
                .values({
                  id: randomUUID(),
                  code,
                  word_set_id: set.id,
                  created_by: parentId,
                  created_at: createdAt,
                  stopped_at: null,
                })
                .execute(),
            null,
          );
          if (inserted === null) return null;
          return { code, created: true };
        } catch (error) {
          // Another share of this set won (or, once in 2^59, the same code): look again.
          if (!isUniqueViolation(error)) throw error;
        }
      }
    },

    /** Stops the set's active code, if any. False when the parent may not share the set. */
    async stop(parentId: string, childId: string, wordSetId: string): Promise<boolean> {
      const set = await mayShareWordSet(kysely, parentId, childId, wordSetId).executeTakeFirst();
      if (!set) return false;
      await kysely
        .updateTable('shared_lists')
        .set({ stopped_at: nowIso() })
        .where('word_set_id', '=', set.id)
        .where('stopped_at', 'is', null)
        .execute();
      return true;
    },

    lookup,

    /**
     * A copy of the shared list as a new set of the child, readings kept, in one transaction
     * that counts the family's quotas (QuotaExceededError rolls it back). A child who already
     * has a copy of this code gets a second only with `again`.
     */
    async importInto(parentId: string, childId: string, code: string, again: boolean): Promise<ImportResult> {
      const found = await lookup(code);
      if (found === null) return 'unknown_code';
      if (found === 'stopped') return 'stopped';
      const { list, sharedListId } = found;
      const write = () =>
        kysely.transaction().execute(async (trx): Promise<ImportResult> => {
          const child = await mayImportIntoChild(trx, parentId, childId).executeTakeFirst();
          if (!child) return 'child_not_found';
          if (!again) {
            const existing = await trx
              .selectFrom('word_sets')
              .select('id')
              .where('child_id', '=', child.id)
              .where('shared_list_id', '=', sharedListId)
              .orderBy('created_at')
              .executeTakeFirst();
            if (existing) return { alreadyImported: existing.id };
          }
          const id = await insertWordSet(
            trx,
            child.id,
            // The planner on, as Add New Practice sends it (decision 014).
            { ...list, planForTestDate: true },
            list.words.map((word, i) => ({ word, reading: list.readings[i] ?? null })),
            sharedListId,
          );
          await bumpWithinQuotas(trx, { childId: child.id }, ['wordSets', 'words']);
          return { id, list };
        });
      return unlessDeletedMeanwhile(write, 'child_not_found' as const);
    },
  };
}

export type SharedListsRepository = ReturnType<typeof createSharedListsRepository>;
