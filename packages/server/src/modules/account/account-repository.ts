import type { Language } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { bumpDataVersion } from '../read-cache/data-version.js';
import { readingFor } from '../word-sets/readings.js';
import type { WordInLanguage } from '../speech/speech-service.js';

/**
 * The parent's own data for the PDPA rights: deletion here, the full export in
 * account-export.ts. Every query is scoped through children.parent_id, so nothing of another
 * parent can appear.
 */
export function createAccountRepository({ kysely }: Db) {
  const ownChildren = (parentId: string) =>
    kysely.selectFrom('children').select('id').where('parent_id', '=', parentId);

  return {
    /** Every distinct word of the parent's sets, with its language (their spoken audio). */
    async wordsOf(parentId: string): Promise<WordInLanguage[]> {
      const rows = await kysely
        .selectFrom('words')
        .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
        .select(['words.word_string as word', 'word_sets.language as language', 'words.reading as reading'])
        .distinct()
        .where('word_sets.child_id', 'in', ownChildren(parentId))
        .execute();
      // A Chinese word was said by its reading (issue 21), and may also have been said before
      // it had one: both audios go.
      return rows.flatMap((row) => {
        const language = row.language as Language;
        const plain = { word: row.word, language };
        const reading = readingFor(row.word, row.reading, language);
        return reading ? [plain, { ...plain, reading }] : [plain];
      });
    },

    /** Those of `words` that some family's sets still hold, as "language\nword" (their audio stays). */
    async stillUsed(words: readonly WordInLanguage[]): Promise<Set<string>> {
      const used = new Set<string>();
      for (let at = 0; at < words.length; at += 500) {
        const rows = await kysely
          .selectFrom('words')
          .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
          .select(['words.word_string as word', 'word_sets.language as language'])
          .distinct()
          .where(
            'words.word_string',
            'in',
            words.slice(at, at + 500).map((w) => w.word),
          )
          .execute();
        for (const row of rows) used.add(`${row.language}\n${row.word}`);
      }
      return used;
    },

    /**
     * Deletes the parent; children, word sets, words, reviews, completions, practice sessions
     * and refresh tokens go with it (foreign keys cascade). Official lists they published stay
     * for the other parents who use them, with their author removed (created_by set null).
     * A member's deletion ends only their memberships (issue 37); the grades they gave stay,
     * with no grader (graded_by set null).
     */
    async delete(parentId: string): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        // Issue 37: the members of the parent's children lose them, and the owners of children
        // the parent shared lose a member. Their cached reads are refreshed: every parent
        // concerned, this one too, is locked in order of id before any row goes.
        const members = await trx
          .selectFrom('child_members')
          .select('parent_id')
          .where('child_id', 'in', ownChildren(parentId))
          .execute();
        const owners = await trx
          .selectFrom('children')
          .innerJoin('child_members', 'child_members.child_id', 'children.id')
          .select('children.parent_id')
          .where('child_members.parent_id', '=', parentId)
          .execute();
        const concerned = new Set([
          parentId,
          ...members.map((m) => m.parent_id),
          ...owners.map((o) => o.parent_id),
        ]);
        for (const id of [...concerned].sort()) await bumpDataVersion(trx, id);
        await trx.deleteFrom('refresh_tokens').where('parent_id', '=', parentId).execute();
        const result = await trx.deleteFrom('parents').where('id', '=', parentId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
