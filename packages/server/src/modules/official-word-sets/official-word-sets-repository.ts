import { randomUUID } from 'node:crypto';
import type { CreateWordSet, Language, OfficialWordSet } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/timestamps.js';
import { byTestDate } from '../word-sets/test-date-order.js';
import { parseStringList } from '../word-sets/json-list.js';

/** The school an official list is filed under when the admin leaves the School field blank. */
export const DEFAULT_SCHOOL = 'Unspecified school';

export function createOfficialWordSetsRepository({ kysely }: Db) {
  return {
    /**
     * The official lists whose test is still ahead (today included), soonest first. A test
     * already sat is no use to a parent preparing for one (issue 17 item 8).
     */
    async list(today: string): Promise<OfficialWordSet[]> {
      const rows = await kysely
        .selectFrom('official_word_sets')
        .selectAll()
        .where('test_date', '>=', today)
        .execute();
      return rows
        .map((row) => ({
          id: row.id,
          school: row.school,
          testDate: row.test_date,
          description: row.description,
          language: row.language as Language,
          words: parseStringList(row.words) ?? [],
          createdAt: row.created_at,
        }))
        .sort(byTestDate(today))
        .map(({ createdAt: _createdAt, ...set }) => set);
    },

    async create(
      createdBy: string,
      input: Omit<CreateWordSet, 'words'> & { school?: string | undefined },
      words: readonly string[],
    ): Promise<string> {
      const id = randomUUID();
      await kysely
        .insertInto('official_word_sets')
        .values({
          id,
          school: input.school || DEFAULT_SCHOOL,
          test_date: input.testDate,
          description: input.description,
          language: input.language,
          words: JSON.stringify(words),
          created_by: createdBy,
          created_at: nowIso(),
        })
        .execute();
      return id;
    },
  };
}
export type OfficialWordSetsRepository = ReturnType<typeof createOfficialWordSetsRepository>;
