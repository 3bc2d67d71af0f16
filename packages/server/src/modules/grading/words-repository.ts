import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { UNDO_WINDOW_SECONDS, addDaysIso, schedule, type Grade, type Word } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { forUpdate } from '../../db/row-locks.js';
import type { Database } from '../../db/schema.js';
import { statement, type Param } from '../../db/statement.js';
import { nowIsoAfter } from '../../db/timestamps.js';
import { bumpChildDataVersions } from '../read-cache/data-version.js';
import { createGradesRepository } from '../readiness/grades-repository.js';
import { gradesStamp, storeFittedSpeed } from '../readiness/fitted-speeds.js';
import { fitSpeed, plannedDays } from '../readiness/readiness.js';
import { createOneStatementGrading } from './grade-in-one-statement.js';
import {
  LOST_RACE,
  NOT_FOUND,
  ownedWord,
  replayOf,
  type GradeResult,
  type GradeVariant,
  type Grading,
  type WordKeys,
} from './grading.js';
import { isUniqueViolation } from './unique-violation.js';

export type { GradeResult, Grading } from './grading.js';

/** What an undo came to; the route decides what each answers. */
export type UndoResult =
  /** The word's schedule now: restored, or as it was when there was nothing left to undo. */
  | { status: 'undone'; word: Word }
  | { status: 'not-found' }
  /** The word was graded again since (or the key was another word's): only the last grade goes. */
  | { status: 'not-last' }
  | { status: 'too-late' };

export function createWordsRepository(db: Db) {
  const { kysely } = db;
  // Compiled once (db/statement.ts): grading is the write a family repeats quickly.
  const grades = createGradesRepository(db);
  // With the child's stored speed (issue 40): the one speed a grade plans with, on any server.
  const lockedWord = statement(db, (param: Param<WordKeys>) =>
    forUpdate(
      db,
      ownedWord(kysely, param).select((eb) =>
        eb
          .selectFrom('children')
          .select('children.fitted_speed')
          .where('children.id', '=', param('childId'))
          .as('fitted_speed'),
      ),
    ),
  );
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
  type PrevKeys = 'prevEaseFactor' | 'prevInterval' | 'prevNextReview' | 'prevLastReviewedAt';
  const insertReview = statement(
    db,
    (
      param: Param<
        ReviewKeys | PrevKeys | 'nextReview' | 'localDate' | 'reviewedAt' | 'idempotencyKey' | 'gradedBy'
      >,
    ) =>
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
        prev_ease_factor: param<number>('prevEaseFactor'),
        prev_interval: param<number>('prevInterval'),
        prev_next_review: param<string | null>('prevNextReview'),
        prev_last_reviewed_at: param<string | null>('prevLastReviewedAt'),
        graded_by: param<string | null>('gradedBy'),
      }),
  );

  /**
   * The planner's next review, in days, with the child's stored speed: only this word's grades
   * are read inside the grade's transaction. With none stored yet, every grade of the child is
   * read to fit one, and it is stored for the next grade on any server.
   */
  async function planNextReview(
    trx: Transaction<Database>,
    childId: string,
    word: { id: string; grade: Grade; testDate: string },
    today: string,
    storedSpeed: number | null,
  ): Promise<number | null> {
    if (storedSpeed !== null) {
      const rows = await grades.ofCheckedWord.inTransaction(trx, { childId, wordId: word.id });
      return plannedDays(rows, word, today, Number(storedSpeed));
    }
    const rows = await grades.ofCheckedChild.inTransaction(trx, { childId });
    const speed = fitSpeed(rows);
    await storeFittedSpeed(trx, childId, { stamp: gradesStamp(rows), speed }, { ifNone: true });
    return plannedDays(rows, word, today, speed);
  }

  /**
   * Under the word's row lock, so concurrent grades of one word each build on the last, and
   * a retry with the same key waits for the first, then finds its review.
   */
  const gradeLocked: GradeVariant = (
    parentId,
    childId,
    wordId,
    { grade, today, idempotencyKey, gradedBy },
  ) => {
    return kysely.transaction().execute(async (trx): Promise<GradeResult> => {
      const found = await lockedWord.firstInTransaction(trx, { parentId, childId, wordId });
      if (!found) return NOT_FOUND;
      if (idempotencyKey) {
        const earlier = await earlierReview.firstInTransaction(trx, { childId, key: idempotencyKey });
        if (earlier) return replayOf(earlier.word_id, found);
      }
      const testDate = found.test_date ?? today;
      const rule = schedule({
        easeFactor: found.ease_factor,
        interval: found.interval,
        grade,
        today,
        testDate,
      });
      // With "Plan for the test date" on, only the next review is the planner's (issue 19).
      const days =
        Number(found.plan_for_test_date) === 1
          ? await planNextReview(trx, childId, { id: found.id, grade, testDate }, today, found.fitted_speed)
          : null;
      const next = days === null ? rule : { ...rule, nextReview: addDaysIso(today, days) };
      // After the word's last grade, even in the same millisecond: a word's grades are ordered
      // by time (the last is what an undo takes back), and the row lock makes this the last.
      const reviewedAt = nowIsoAfter(found.last_reviewed_at);
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
        prevEaseFactor: found.ease_factor,
        prevInterval: found.interval,
        prevNextReview: found.next_review,
        prevLastReviewedAt: found.last_reviewed_at,
        gradedBy,
      });
      await bumpChildDataVersions(trx, childId);
      const word = { id: found.id, wordString: found.word_string, ...next };
      return { status: 'graded', word };
    });
  };

  /**
   * Undoes the grade made with `key` under the word's row lock: the word gets back the schedule
   * the grade replaced, and the grade leaves the statistics. Only the word's last grade, only
   * within UNDO_WINDOW_SECONDS; a key with no grade (already undone) changes nothing.
   */
  function undoLocked(parentId: string, childId: string, wordId: string, key: string, now: Date) {
    return kysely.transaction().execute(async (trx): Promise<UndoResult> => {
      const found = await lockedWord.firstInTransaction(trx, { parentId, childId, wordId });
      if (!found) return { status: 'not-found' };
      const current = {
        id: found.id,
        wordString: found.word_string,
        easeFactor: found.ease_factor,
        interval: found.interval,
        nextReview: found.next_review,
      };
      const graded = await trx
        .selectFrom('word_reviews')
        .select([
          'id',
          'word_id',
          'reviewed_at',
          'prev_ease_factor',
          'prev_interval',
          'prev_next_review',
          'prev_last_reviewed_at',
        ])
        .where('child_id', '=', childId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      // Undone already (or never made): undoing again is the same as once.
      if (!graded) return { status: 'undone', word: current };
      if (graded.word_id !== found.id) return { status: 'not-last' };
      const last = await trx
        .selectFrom('word_reviews')
        .select('id')
        .where('word_id', '=', found.id)
        .orderBy('reviewed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      if (last.id !== graded.id) return { status: 'not-last' };
      const age = now.getTime() - Date.parse(graded.reviewed_at);
      if (
        graded.prev_ease_factor === null ||
        graded.prev_interval === null ||
        age > UNDO_WINDOW_SECONDS * 1000
      ) {
        return { status: 'too-late' };
      }
      await trx
        .updateTable('words')
        .set((eb) => ({
          ease_factor: graded.prev_ease_factor!,
          interval: graded.prev_interval!,
          next_review: graded.prev_next_review,
          last_reviewed_at: graded.prev_last_reviewed_at,
          review_count: eb('review_count', '-', 1),
        }))
        .where('id', '=', found.id)
        .execute();
      await trx.deleteFrom('word_reviews').where('id', '=', graded.id).execute();
      await bumpChildDataVersions(trx, childId);
      return {
        status: 'undone',
        word: {
          ...current,
          easeFactor: graded.prev_ease_factor,
          interval: graded.prev_interval,
          nextReview: graded.prev_next_review,
        },
      };
    });
  }

  // PostgreSQL first tries the grade in one statement (grade-in-one-statement.ts); the locked
  // transaction grades whatever it gives up on, and everything on SQLite.
  const gradeAtOnce = createOneStatementGrading(db);
  const variants = gradeAtOnce ? [gradeAtOnce, gradeLocked] : [gradeLocked];

  return {
    undo: undoLocked,

    /**
     * Grades a word: the server recomputes its schedule from the stored state (the client's
     * values are not trusted), and concurrent grades each build on the last (PostgreSQL's one
     * statement checks that nothing graded the word in between, else the grade is made again
     * under the row lock).
     */
    async grade(parentId: string, childId: string, wordId: string, grading: Grading): Promise<GradeResult> {
      const { idempotencyKey } = grading;
      try {
        for (const variant of variants) {
          const graded = await variant(parentId, childId, wordId, grading);
          if (graded !== LOST_RACE) return graded;
        }
        throw new Error('The locked grade never gives up');
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
