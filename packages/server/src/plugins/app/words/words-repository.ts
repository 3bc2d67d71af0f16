import { randomUUID } from 'node:crypto';
import { schedule, type UpdatedWord } from '@spellwell/shared';
import { forUpdate, nowIso, type Db } from '../../../db/dialect.js';
import { prepareStatement, type StatementExecutor, type StatementParam } from '../../../db/prepared-read.js';
import { bumpDataVersion } from '../read-cache/data-version.js';
import { createOneStatementGrading, LOST_RACE } from './grade-in-one-statement.js';
import { gradedColumns, ownedWord, replayOf, type Grading, type WordState } from './grading.js';
import { isUniqueViolation } from './unique-violation.js';

export type { Grading } from './grading.js';

export function createWordsRepository(db: Db) {
  const { kysely } = db;
  // Compiled once (db/prepared-read.ts): grading is the one write a family repeats quickly.
  type WordKeys = 'parentId' | 'childId' | 'wordId';
  const lockedWord = prepareStatement((param: StatementParam<WordKeys>) =>
    forUpdate(db, ownedWord(kysely, param('parentId'), param('childId'), param('wordId'))),
  );
  const word = prepareStatement((param: StatementParam<WordKeys>) =>
    ownedWord(kysely, param('parentId'), param('childId'), param('wordId')),
  );
  const earlierReview = prepareStatement((param: StatementParam<'childId' | 'key'>) =>
    kysely
      .selectFrom('word_reviews')
      .select('word_id')
      .where('child_id', '=', param('childId'))
      .where('idempotency_key', '=', param('key')),
  );
  const saveSchedule = prepareStatement(
    (param: StatementParam<'wordId' | 'easeFactor' | 'interval' | 'nextReview' | 'reviewedAt'>) =>
      kysely
        .updateTable('words')
        .set(gradedColumns(param))
        .where('id', '=', param('wordId')),
  );
  type ReviewKeys = 'id' | 'childId' | 'wordId' | 'wordSetId' | 'quality' | 'easeFactor' | 'interval';
  const insertReview = prepareStatement(
    (param: StatementParam<ReviewKeys | 'nextReview' | 'localDate' | 'reviewedAt' | 'idempotencyKey'>) =>
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

  /** A key already spent: the current state when it was this word's, 409 when another's. */
  async function replay(executor: StatementExecutor, childId: string, key: string, found: WordState): Promise<UpdatedWord | null> {
    const earlier = await earlierReview.first(executor, { childId, key });
    return earlier ? replayOf(earlier.word_id, found) : null;
  }

  /** Under a row lock, so concurrent grades each build on the last. */
  function gradeLocked(parentId: string, childId: string, wordId: string, { grade, today, idempotencyKey }: Grading) {
    return kysely.transaction().execute(async (trx) => {
      const found = await lockedWord.first(trx, { parentId, childId, wordId });
      if (!found) return null;
      // Checked after taking the lock: a concurrent retry waits here, then sees the first's row.
      if (idempotencyKey) {
        const replayed = await replay(trx, childId, idempotencyKey, found);
        if (replayed) return replayed;
      }
      const next = schedule({
        easeFactor: found.ease_factor,
        interval: found.interval,
        grade,
        today,
        testDate: found.test_date ?? today,
      });
      const reviewedAt = nowIso();
      await saveSchedule.all(trx, { wordId: found.id, ...next, reviewedAt });
      await insertReview.all(trx, {
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
      return { id: found.id, wordString: found.word_string, ...next };
    });
  }
  // PostgreSQL first tries the grade in one statement (grade-in-one-statement.ts).
  const gradeAtOnce = db.runAlone && createOneStatementGrading(kysely, db.runAlone);

  return {
    /**
     * Grades a word: the server recomputes its schedule from the stored state, and concurrent
     * grades each build on the last (PostgreSQL's one statement checks that nothing graded the
     * word in between, else the grade is made again under a row lock). Null when the word is
     * not the child's or the child not the parent's.
     */
    async grade(parentId: string, childId: string, wordId: string, grading: Grading): Promise<UpdatedWord | null> {
      const { idempotencyKey } = grading;
      try {
        const graded = gradeAtOnce ? await gradeAtOnce(parentId, childId, wordId, grading) : LOST_RACE;
        return graded === LOST_RACE ? await gradeLocked(parentId, childId, wordId, grading) : graded;
      } catch (error) {
        // The same key raced in on another word of this child: the constraint had the last word.
        if (!idempotencyKey || !isUniqueViolation(error)) throw error;
        const current = await word.first(kysely, { parentId, childId, wordId });
        if (!current) return null;
        const replayed = await replay(kysely, childId, idempotencyKey, current);
        if (!replayed) throw error;
        return replayed;
      }
    },
  };
}
export type WordsRepository = ReturnType<typeof createWordsRepository>;
