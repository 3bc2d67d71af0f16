import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { schedule, type Grade, type UpdatedWord } from '@spellwell/shared';
import { forUpdate, nowIso, type Db } from '../../../db/dialect.js';
import type { Database } from '../../../db/schema.js';
import { HttpError } from '../../../lib/errors.js';
import { bumpDataVersion } from '../read-cache/data-version.js';
import { isUniqueViolation } from './unique-violation.js';

export interface Grading {
  grade: Grade;
  /** The parent's local day: the review's day and the scheduler's "today". */
  today: string;
  idempotencyKey?: string | undefined;
}

function ownedWord(trx: Kysely<Database>, parentId: string, childId: string, wordId: string) {
  return trx
    .selectFrom('words')
    .select(['words.id', 'words.word_string', 'words.word_set_id', 'words.ease_factor', 'words.interval', 'words.next_review'])
    .select((eb) =>
      eb.selectFrom('word_sets').select('word_sets.test_date').whereRef('word_sets.id', '=', 'words.word_set_id').as('test_date'),
    )
    .where('words.id', '=', wordId)
    // A subquery rather than a join, so FOR UPDATE locks only the word's row.
    .where('words.word_set_id', 'in', (eb) =>
      eb
        .selectFrom('word_sets')
        .innerJoin('children', 'children.id', 'word_sets.child_id')
        .select('word_sets.id')
        .where('children.id', '=', childId)
        .where('children.parent_id', '=', parentId),
    );
}

type WordState = { id: string; word_string: string; ease_factor: number; interval: number; next_review: string | null };

function toUpdated(word: WordState): UpdatedWord {
  return {
    id: word.id,
    wordString: word.word_string,
    easeFactor: word.ease_factor,
    interval: word.interval,
    // Only replays reach here with stored state, and a word a review names has been scheduled.
    nextReview: word.next_review ?? '',
  };
}

export function createWordsRepository(db: Db) {
  const { kysely } = db;

  /** A key already spent: the current state when it was this word's, 409 when another's. */
  async function replay(trx: Kysely<Database>, childId: string, key: string, word: WordState): Promise<UpdatedWord | null> {
    const earlier = await trx
      .selectFrom('word_reviews')
      .select('word_id')
      .where('child_id', '=', childId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!earlier) return null;
    if (earlier.word_id !== word.id) {
      throw new HttpError(409, 'idempotency_key_reused', 'This idempotency key was already used for another word.');
    }
    return toUpdated(word);
  }

  return {
    /**
     * Grades a word: the server recomputes its schedule from the stored state, under a row
     * lock so concurrent grades each build on the last. Null when the word is not the child's
     * or the child not the parent's.
     */
    async grade(parentId: string, childId: string, wordId: string, grading: Grading): Promise<UpdatedWord | null> {
      const { grade, today, idempotencyKey } = grading;
      try {
        return await kysely.transaction().execute(async (trx) => {
          const word = await forUpdate(db, ownedWord(trx, parentId, childId, wordId)).executeTakeFirst();
          if (!word) return null;
          // Checked after taking the lock: a concurrent retry waits here, then sees the first's row.
          if (idempotencyKey) {
            const replayed = await replay(trx, childId, idempotencyKey, word);
            if (replayed) return replayed;
          }
          const next = schedule({
            easeFactor: word.ease_factor,
            interval: word.interval,
            grade,
            today,
            testDate: word.test_date ?? today,
          });
          const reviewedAt = nowIso();
          await trx
            .updateTable('words')
            .set((eb) => ({
              ease_factor: next.easeFactor,
              interval: next.interval,
              next_review: next.nextReview,
              last_reviewed_at: reviewedAt,
              review_count: eb('review_count', '+', 1),
            }))
            .where('id', '=', word.id)
            .execute();
          await trx
            .insertInto('word_reviews')
            .values({
              id: randomUUID(),
              child_id: childId,
              word_id: word.id,
              word_set_id: word.word_set_id,
              quality: grade,
              ease_factor: next.easeFactor,
              interval: next.interval,
              next_review: next.nextReview,
              local_date: today,
              reviewed_at: reviewedAt,
              idempotency_key: idempotencyKey ?? null,
            })
            .execute();
          await bumpDataVersion(trx, parentId);
          return { id: word.id, wordString: word.word_string, ...next };
        });
      } catch (error) {
        // The same key raced in on another word of this child: the constraint had the last word.
        if (!idempotencyKey || !isUniqueViolation(error)) throw error;
        const word = await ownedWord(kysely, parentId, childId, wordId).executeTakeFirst();
        if (!word) return null;
        const replayed = await replay(kysely, childId, idempotencyKey, word);
        if (!replayed) throw error;
        return replayed;
      }
    },
  };
}
export type WordsRepository = ReturnType<typeof createWordsRepository>;
