import { randomUUID } from 'node:crypto';
import { schedule } from '@spellwell/shared';
import type { Db } from '../../../db/database.js';
import { forUpdate } from '../../../db/row-locks.js';
import { statement, type Param } from '../../../db/statement.js';
import { nowIso } from '../../../db/timestamps.js';
import { bumpDataVersion } from '../read-cache/data-version.js';
import { createOneStatementGrading, LOST_RACE } from './grade-in-one-statement.js';
import { NOT_FOUND, ownedWord, replayOf, type GradeResult, type Grading, type WordKeys } from './grading.js';
import { isUniqueViolation } from './unique-violation.js';

export type { GradeResult, Grading } from './grading.js';

export function createWordsRepository(db: Db) {
  const { kysely } = db;
  // Compiled once (db/statement.ts): grading is the write a family repeats quickly.
  const lockedWord = statement(db, (param: Param<WordKeys>) => forUpdate(db, ownedWord(kysely, param)));
  const word = statement(db, (param: Param<WordKeys>) => ownedWord(kysely, param));
  const earlierReview = statement(db, (param: Param<'childId' | 'key'>) =>
    kysely
      .selectFrom('word_reviews')
      .select('word_id')
      .where('child_id', '=', param('childId'))
      .where('idempotency_key', '=', param('key')),
  );
  const saveSchedule = statement(
    db,
    (param: Param<'wordId' | 'easeFactor' | 'interval' | 'nextReview' | 'reviewedAt'>) =>
      kysely
        .updateTable('words')
        .set((eb) => ({
          ease_factor: param<number>('easeFactor'),
          interval: param<number>('interval'),
          next_review: param('nextReview'),
          last_reviewed_at: param('reviewedAt'),
          review_count: eb('review_count', '+', 1),
        }))
        .where('id', '=', param('wordId')),
  );
  type ReviewKeys = 'id' | 'childId' | 'wordId' | 'wordSetId' | 'quality' | 'easeFactor' | 'interval';
  const insertReview = statement(
    db,
    (param: Param<ReviewKeys | 'nextReview' | 'localDate' | 'reviewedAt' | 'idempotencyKey'>) =>
      kysely.insertInto('word_reviews').values({
        id: param('id'),
        child_id: param('childId'),
        word_id: param('wordId'),
        word_set_id: param('wordSetId'),
        quality: param<number>('quality'),
        ease_factor: param<number>('easeFactor'),
        interval: param<number>('interval'),
        next_review: param('nextReview'),
        local_date: param('localDate'),
        reviewed_at: param('reviewedAt'),
        idempotency_key: param<string | null>('idempotencyKey'),
      }),
  );

  /**
   * Under the word's row lock, so concurrent grades of one word each build on the last, and
   * a retry with the same key waits for the first, then finds its review.
   */
  function gradeLocked(
    parentId: string,
    childId: string,
    wordId: string,
    { grade, today, idempotencyKey }: Grading,
  ) {
    return kysely.transaction().execute(async (trx): Promise<GradeResult> => {
      const found = await lockedWord.firstInTransaction(trx, { parentId, childId, wordId });
      if (!found) return NOT_FOUND;
      if (idempotencyKey) {
        const earlier = await earlierReview.firstInTransaction(trx, { childId, key: idempotencyKey });
        if (earlier) return replayOf(earlier.word_id, found);
      }
      const next = schedule({
        easeFactor: found.ease_factor,
        interval: found.interval,
        grade,
        today,
        testDate: found.test_date ?? today,
      });
      const reviewedAt = nowIso();
      await saveSchedule.inTransaction(trx, { wordId: found.id, ...next, reviewedAt });
      await insertReview.inTransaction(trx, {
        id: randomUUID(),
        childId,
        wordId: found.id,
        wordSetId: found.word_set_id,
        quality: grade,
        ...next,
        localDate: today,
        reviewedAt,
        idempotencyKey: idempotencyKey ?? null,
      });
      await bumpDataVersion(trx, parentId);
      return { status: 'graded', word: { id: found.id, wordString: found.word_string, ...next } };
    });
  }

  // PostgreSQL first tries the grade in one statement (grade-in-one-statement.ts).
  const gradeAtOnce = createOneStatementGrading(db);

  return {
    /**
     * Grades a word: the server recomputes its schedule from the stored state (the client's
     * values are not trusted), and concurrent grades each build on the last (PostgreSQL's one
     * statement checks that nothing graded the word in between, else the grade is made again
     * under the row lock).
     */
    async grade(parentId: string, childId: string, wordId: string, grading: Grading): Promise<GradeResult> {
      const { idempotencyKey } = grading;
      try {
        const graded = gradeAtOnce ? await gradeAtOnce(parentId, childId, wordId, grading) : LOST_RACE;
        return graded === LOST_RACE ? await gradeLocked(parentId, childId, wordId, grading) : graded;
      } catch (error) {
        // The same key raced in on another word of this child (each grade locks only its own
        // word): the unique constraint had the last word, and the earlier review answers.
        if (!idempotencyKey || !isUniqueViolation(error)) throw error;
        const current = await word.readFirst({ parentId, childId, wordId });
        if (!current) return NOT_FOUND;
        const earlier = await earlierReview.readFirst({ childId, key: idempotencyKey });
        if (!earlier) throw error;
        return replayOf(earlier.word_id, current);
      }
    },
  };
}
export type WordsRepository = ReturnType<typeof createWordsRepository>;
