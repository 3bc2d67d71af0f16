import { randomUUID } from 'node:crypto';
import {
  AnswerSlotSchema,
  answerSlotsFor,
  LanguageSchema,
  PRINTED_SHEET_WORDS_MAX,
  type PrintedSheet,
  type PrintedWord,
} from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { nowIso } from '../../db/timestamps.js';
import { accessibleChildIds, canReachChild } from '../children/access.js';
import { bumpWithinQuotas } from '../quotas/family-quotas.js';
import { parseStringList } from '../word-sets/json-list.js';
import { readingFor } from '../word-sets/readings.js';

const AnswerSlotsSchema = AnswerSlotSchema.array();

/** The stored answer boxes, or null for a sheet printed before marking (or unreadable JSON). */
function parseSlots(json: string | null) {
  if (json === null) return null;
  try {
    const parsed = AnswerSlotsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The title of a sheet of the words due today across a child's sets. */
export const TODAY_SHEET_TITLE = "Today's words";

export type CreateSheetResult =
  | { status: 'created'; sheet: PrintedSheet }
  | { status: 'not-found' }
  | { status: 'nothing-due' }
  /** More than PRINTED_SHEET_WORDS_MAX words: nothing is stored. */
  | { status: 'too-large' };

/**
 * Printed sheets (issue 20): the word list is stored when the sheet is printed, so the QR code
 * on the answer key grades exactly those words later, even after the set was edited. Ownership
 * is part of every query (another parent's ids read as missing).
 */
export function createPrintedSheetsRepository({ kysely }: Db) {
  /** The child's words, with their set's language: one set in list order, or today's due words. */
  function wordsToPrint(parentId: string, childId: string, wordSetId: string | undefined, today: string) {
    let query = kysely
      .selectFrom('words')
      .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
      .innerJoin('children', 'children.id', 'word_sets.child_id')
      .select([
        'words.id',
        'words.word_string',
        'words.word_set_id',
        'word_sets.language',
        'word_sets.description',
      ])
      .where('children.id', '=', childId)
      .where((eb) => canReachChild(eb, parentId, 'practise'));
    if (wordSetId) query = query.where('word_sets.id', '=', wordSetId);
    else
      query = query.where((w) =>
        w.or([w('words.next_review', 'is', null), w('words.next_review', '<=', today)]),
      );
    // Sets whose test comes first lead, as on the dashboard; words in the order they were typed.
    // One word past the most a sheet holds is enough to refuse it, however many are due.
    return query
      .orderBy('word_sets.test_date')
      .orderBy('word_sets.created_at')
      .orderBy('word_sets.id')
      .orderBy('words.position')
      .limit(PRINTED_SHEET_WORDS_MAX + 1)
      .execute();
  }

  async function read(parentId: string, childId: string, sheetId: string): Promise<PrintedSheet | null> {
    const row = await kysely
      .selectFrom('printed_sheets')
      .selectAll()
      .where('id', '=', sheetId)
      .where('child_id', 'in', accessibleChildIds(kysely, parentId, childId, 'practise'))
      .executeTakeFirst();
    if (!row) return null;
    const ids = parseStringList(row.word_ids) ?? [];
    const printed = parseStringList(row.words) ?? [];
    const current =
      ids.length === 0
        ? []
        : await kysely
            .selectFrom('words')
            .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
            .select([
              'words.id',
              'words.word_string',
              'words.word_set_id',
              'words.reading',
              'word_sets.language',
            ])
            .where('word_sets.child_id', '=', childId)
            .where('words.id', 'in', ids)
            .execute();
    const byId = new Map(current.map((w) => [w.id, w]));
    const words: PrintedWord[] = [];
    const removed: string[] = [];
    ids.forEach((id, index) => {
      const word = byId.get(id);
      if (!word) {
        removed.push(printed[index] ?? '');
        return;
      }
      const parsed = LanguageSchema.safeParse(word.language);
      const language = parsed.success ? parsed.data : 'English';
      words.push({
        id,
        wordSetId: word.word_set_id,
        wordString: word.word_string,
        language,
        // The word's reading now (the parent may have corrected it since printing), as Play says it.
        reading: readingFor(word.word_string, word.reading, language),
      });
    });
    return {
      id: row.id,
      childId: row.child_id,
      wordSetId: row.word_set_id,
      title: row.title,
      createdAt: row.created_at,
      words,
      removed,
      answerSlots: parseSlots(row.answer_slots),
    };
  }

  return {
    async create(
      parentId: string,
      childId: string,
      wordSetId: string | undefined,
      today: string,
    ): Promise<CreateSheetResult> {
      const words = await wordsToPrint(parentId, childId, wordSetId, today);
      if (words.length === 0) {
        // No rows: either nothing is the parent's, or nothing is due today.
        if (wordSetId) return { status: 'not-found' };
        const child = await accessibleChildIds(kysely, parentId, childId, 'practise').executeTakeFirst();
        return child ? { status: 'nothing-due' } : { status: 'not-found' };
      }
      if (words.length > PRINTED_SHEET_WORDS_MAX) return { status: 'too-large' };
      const id = randomUUID();
      const insert = () =>
        kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto('printed_sheets')
            .values({
              id,
              child_id: childId,
              word_set_id: wordSetId ?? null,
              title: wordSetId ? words[0]!.description : TODAY_SHEET_TITLE,
              word_ids: JSON.stringify(words.map((w) => w.id)),
              words: JSON.stringify(words.map((w) => w.word_string)),
              created_at: nowIso(),
              answer_slots: JSON.stringify(
                answerSlotsFor(
                  words.map((w) => ({ id: w.id, wordString: w.word_string, language: w.language })),
                ),
              ),
            })
            .execute();
          await bumpWithinQuotas(trx, { childId }, ['printedSheets']);
          return true;
        });
      // The child deleted since its words were read: nothing is stored (db/deleted-meanwhile.ts).
      if (!(await unlessDeletedMeanwhile(insert, false))) return { status: 'not-found' };
      const sheet = await read(parentId, childId, id);
      return sheet ? { status: 'created', sheet } : { status: 'not-found' };
    },

    /** The sheet with its words as they are now; null when it is not the parent's child's. */
    read,
  };
}
export type PrintedSheetsRepository = ReturnType<typeof createPrintedSheetsRepository>;
