import type { Language } from '@spellwell/shared';
import { recordingsForExport } from '../recordings/recordings-repository.js';
import type { Db } from '../../../db/database.js';
import { readingFor } from '../word-sets/readings.js';
import type { WordInLanguage } from '../speech/speech-service.js';
import { parseStringList } from '../word-sets/json-list.js';

/**
 * The parent's own data for the PDPA rights: a full export, and deletion. Every query is
 * scoped through children.parent_id, so nothing of another parent can appear.
 */
export function createAccountRepository({ kysely }: Db) {
  const ownChildren = (parentId: string) =>
    kysely.selectFrom('children').select('id').where('parent_id', '=', parentId);

  return {
    /** Everything held about the parent, or null when the parent no longer exists. */
    async export(parentId: string, exportedAt: Date) {
      const parent = await kysely
        .selectFrom('parents')
        .selectAll()
        .where('id', '=', parentId)
        .executeTakeFirst();
      if (!parent) return null;

      const [children, wordSets, words, reviews, completions, sessions, official, signIns, recordings] =
        await Promise.all([
          kysely
            .selectFrom('children')
            .selectAll()
            .where('parent_id', '=', parentId)
            .orderBy('created_at')
            .execute(),
          kysely
            .selectFrom('word_sets')
            .selectAll()
            .where('child_id', 'in', ownChildren(parentId))
            .orderBy('test_date')
            .execute(),
          kysely
            .selectFrom('words')
            .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
            .selectAll('words')
            .where('word_sets.child_id', 'in', ownChildren(parentId))
            .orderBy('words.position')
            .execute(),
          kysely
            .selectFrom('word_reviews')
            .selectAll()
            .where('child_id', 'in', ownChildren(parentId))
            .orderBy('reviewed_at')
            .execute(),
          kysely
            .selectFrom('practice_completions')
            .selectAll()
            .where('child_id', 'in', ownChildren(parentId))
            .orderBy('completed_at')
            .execute(),
          kysely
            .selectFrom('practice_sessions')
            .selectAll()
            .where('child_id', 'in', ownChildren(parentId))
            .execute(),
          kysely
            .selectFrom('official_word_sets')
            .selectAll()
            .where('created_by', '=', parentId)
            .orderBy('created_at')
            .execute(),
          // Every column but token_hash: a hash of a live token is a credential, not data.
          kysely
            .selectFrom('refresh_tokens')
            .select([
              'id',
              'family_id',
              'created_at',
              'expires_at',
              'family_expires_at',
              'used_at',
              'revoked_at',
            ])
            .where('parent_id', '=', parentId)
            .orderBy('created_at')
            .execute(),
          recordingsForExport(kysely, parentId),
        ]);
      const [dictation, printed] = await Promise.all([
        kysely
          .selectFrom('dictation_settings')
          .selectAll()
          .where('child_id', 'in', ownChildren(parentId))
          .execute(),
        kysely
          .selectFrom('printed_sheets')
          .selectAll()
          .where('child_id', 'in', ownChildren(parentId))
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      ]);

      return {
        exportedAt: exportedAt.toISOString(),
        parent: {
          id: parent.id,
          googleSubject: parent.google_sub,
          email: parent.email,
          name: parent.name,
          createdAt: parent.created_at,
        },
        sessions: signIns.map((token) => ({
          id: token.id,
          familyId: token.family_id,
          createdAt: token.created_at,
          expiresAt: token.expires_at,
          familyExpiresAt: token.family_expires_at,
          usedAt: token.used_at,
          revokedAt: token.revoked_at,
        })),
        children: children.map((child) => ({
          id: child.id,
          name: child.name,
          createdAt: child.created_at,
          wordSets: wordSets
            .filter((set) => set.child_id === child.id)
            .map((set) => ({
              id: set.id,
              testDate: set.test_date,
              description: set.description,
              language: set.language,
              createdAt: set.created_at,
              updatedAt: set.updated_at,
              words: words
                .filter((word) => word.word_set_id === set.id)
                .map((word) => ({
                  id: word.id,
                  wordString: word.word_string,
                  // The reading kept for a Chinese word (issue 21): the parent's choice, or
                  // null where the dictionary's default is used; null in every other language.
                  reading: word.reading,
                  position: word.position,
                  easeFactor: word.ease_factor,
                  interval: word.interval,
                  nextReview: word.next_review,
                  lastReviewedAt: word.last_reviewed_at,
                  reviewCount: Number(word.review_count),
                  recording: recordings.get(word.id) ?? null,
                })),
            })),
          reviews: reviews
            .filter((review) => review.child_id === child.id)
            .map((review) => ({
              id: review.id,
              wordId: review.word_id,
              wordSetId: review.word_set_id,
              quality: review.quality,
              easeFactor: review.ease_factor,
              interval: review.interval,
              nextReview: review.next_review,
              localDate: review.local_date,
              reviewedAt: review.reviewed_at,
            })),
          practiceCompletions: completions
            .filter((completion) => completion.child_id === child.id)
            .map((completion) => ({
              id: completion.id,
              wordsReviewed: completion.words_reviewed,
              localDate: completion.local_date,
              completedAt: completion.completed_at,
            })),
          practiceSessions: sessions
            .filter((session) => session.child_id === child.id)
            .map((session) => ({
              wordSetId: session.word_set_id,
              wordIds: parseStringList(session.word_ids) ?? [],
              position: session.position,
              updatedAt: session.updated_at,
            })),
          dictationSettings:
            dictation
              .filter((row) => row.child_id === child.id)
              .map((row) => ({ pauseSeconds: Number(row.pause_seconds), updatedAt: row.updated_at }))[0] ??
            null,
          printedSheets: printed
            .filter((sheet) => sheet.child_id === child.id)
            .map((sheet) => ({
              id: sheet.id,
              wordSetId: sheet.word_set_id,
              title: sheet.title,
              wordIds: parseStringList(sheet.word_ids) ?? [],
              words: parseStringList(sheet.words) ?? [],
              createdAt: sheet.created_at,
            })),
        })),
        officialWordSets: official.map((set) => ({
          id: set.id,
          school: set.school,
          testDate: set.test_date,
          description: set.description,
          language: set.language,
          words: parseStringList(set.words) ?? [],
          createdAt: set.created_at,
        })),
      };
    },

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
     */
    async delete(parentId: string): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('refresh_tokens').where('parent_id', '=', parentId).execute();
        const result = await trx.deleteFrom('parents').where('id', '=', parentId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
