import { randomUUID } from 'node:crypto';
import { UNDO_WINDOW_SECONDS, schedule, type Grade, type UpdatedWord, type Word } from '@spellwell/shared';
import type { Db } from '../../../db/database.js';
import { forUpdate } from '../../../db/row-locks.js';
import { statement, type Param } from '../../../db/statement.js';
import { nowIso } from '../../../db/timestamps.js';
import { ownedWordSetIdsOfChild } from '../children/ownership.js';
import { bumpDataVersion } from '../read-cache/data-version.js';
import { isUniqueViolation } from './unique-violation.js';

export interface Grading {
  grade: Grade;
  /** The parent's local day: the review's day and the scheduler's "today". */
  today: string;
  idempotencyKey?: string | undefined;
}

/** What a grade came to; the route decides what each answers. */
export type GradeResult =
  /** The word's schedule after the grade (or, for a key already spent on it, its current one). */
  | { status: 'graded'; word: UpdatedWord }
  /** The word is not the child's, or the child not the parent's. */
  | { status: 'not-found' }
  /** The idempotency key was spent on another word of the child. */
  | { status: 'key-reused' };

/** What an undo came to; the route decides what each answers. */
export type UndoResult =
  /** The word's schedule now: restored, or as it was when there was nothing left to undo. */
  | { status: 'undone'; word: Word }
  | { status: 'not-found' }
  /** The word was graded again since (or the key was another word's): only the last grade goes. */
  | { status: 'not-last' }
  | { status: 'too-late' };

interface WordState {
  id: string;
  word_string: string;
  ease_factor: number;
  interval: number;
  next_review: string | null;
}

/**
 * A spent idempotency key: the word's current state when the key was this word's (the grade
 * it made is already in that state). A review whose word was removed since has no word, so
 * its key counts as another word's.
 */
function replayOf(earlierWordId: string | null, word: WordState): GradeResult {
  if (earlierWordId !== word.id) return { status: 'key-reused' };
  // A word a review names has been scheduled.
  return {
    status: 'graded',
    word: {
      id: word.id,
      wordString: word.word_string,
      easeFactor: word.ease_factor,
      interval: word.interval,
      nextReview: word.next_review ?? '',
    },
  };
}

export function createWordsRepository(db: Db) {
  const { kysely } = db;
  // Compiled once (db/statement.ts): grading is the write a family repeats quickly.
  type WordKeys = 'parentId' | 'childId' | 'wordId';
  /** The word with its schedule and its set's test date, only if it is the child's and the child the parent's. */
  const ownedWord = (param: Param<WordKeys>) =>
    kysely
      .selectFrom('words')
      .select([
        'words.id',
        'words.word_string',
        'words.word_set_id',
        'words.ease_factor',
        'words.interval',
        'words.next_review',
        'words.last_reviewed_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('word_sets')
          .select('word_sets.test_date')
          .whereRef('word_sets.id', '=', 'words.word_set_id')
          .as('test_date'),
      )
      .where('words.id', '=', param('wordId'))
      // A subquery rather than a join, so FOR UPDATE locks only the word's row.
      .where('words.word_set_id', 'in', ownedWordSetIdsOfChild(kysely, param('parentId'), param('childId')));
  const lockedWord = statement(db, (param: Param<WordKeys>) => forUpdate(db, ownedWord(param)));
  const word = statement(db, ownedWord);
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
    (param: Param<ReviewKeys | PrevKeys | 'nextReview' | 'localDate' | 'reviewedAt' | 'idempotencyKey'>) =>
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
      if (!found) return { status: 'not-found' };
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
        prevEaseFactor: found.ease_factor,
        prevInterval: found.interval,
        prevNextReview: found.next_review,
        prevLastReviewedAt: found.last_reviewed_at,
      });
      await bumpDataVersion(trx, parentId);
      return { status: 'graded', word: { id: found.id, wordString: found.word_string, ...next } };
    });
  }

  /**
   * Undoes the grade made with `key` under the word's row lock: the word gets back the schedule
   * the grade replaced, and the grade leaves the statistics. Only the word's last grade, only
   * within UNDO_WINDOW_SECONDS; a key with no grade (already undone) changes nothing.
   */
  function undoLocked(parentId: string, childId: string, wordId: string, key: string, now: Date) {
    return kysely.transaction().execute(async (trx): Promise<UndoResult> => {
      const found = await lockedWord.firstInTransaction(trx, { parentId, childId, wordId });
      if (!found) return { status: 'not-found' };
      const current = { id: found.id, wordString: found.word_string, easeFactor: found.ease_factor, interval: found.interval, nextReview: found.next_review };
      const graded = await trx
        .selectFrom('word_reviews')
        .select(['id', 'word_id', 'reviewed_at', 'prev_ease_factor', 'prev_interval', 'prev_next_review', 'prev_last_reviewed_at'])
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
      if (graded.prev_ease_factor === null || graded.prev_interval === null || age > UNDO_WINDOW_SECONDS * 1000) {
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
      await bumpDataVersion(trx, parentId);
      return {
        status: 'undone',
        word: { ...current, easeFactor: graded.prev_ease_factor, interval: graded.prev_interval, nextReview: graded.prev_next_review },
      };
    });
  }

  return {
    undo: undoLocked,

    /**
     * Grades a word: the server recomputes its schedule from the stored state (the client's
     * values are not trusted), and concurrent grades each build on the last.
     */
    async grade(parentId: string, childId: string, wordId: string, grading: Grading): Promise<GradeResult> {
      const { idempotencyKey } = grading;
      try {
        return await gradeLocked(parentId, childId, wordId, grading);
      } catch (error) {
        // The same key raced in on another word of this child (each grade locks only its own
        // word): the unique constraint had the last word, and the earlier review answers.
        if (!idempotencyKey || !isUniqueViolation(error)) throw error;
        const current = await word.readFirst({ parentId, childId, wordId });
        if (!current) return { status: 'not-found' };
        const earlier = await earlierReview.readFirst({ childId, key: idempotencyKey });
        if (!earlier) throw error;
        return replayOf(earlier.word_id, current);
      }
    },
  };
}
export type WordsRepository = ReturnType<typeof createWordsRepository>;
