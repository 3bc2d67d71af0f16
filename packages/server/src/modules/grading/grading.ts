import type { Grade, UpdatedWord } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import type { Param } from '../../db/statement.js';
import { accessibleWordSetIdsOfChild } from '../children/access.js';

/**
 * Grading a word, in one module: the locked transaction (words-repository.ts) and PostgreSQL's
 * one statement (grade-in-one-statement.ts, decision 006) are two variants of one interface,
 * `GradeVariant`. The test-day planner plans with the child's speed stored on the child's row
 * (modules/readiness/fitted-speeds.ts), read under the word's lock: nothing a server keeps in
 * memory decides what a grade reads (issue 40).
 */

export interface Grading {
  grade: Grade;
  /** The parent's local day: the review's day and the scheduler's "today". */
  today: string;
  idempotencyKey?: string | undefined;
  /** Issue 37: the parent who gives the grade; null for the child's own (issue 36). */
  gradedBy: string | null;
}

/** What a grade came to; the route decides what each answers. */
export type GradeResult =
  /** The word's schedule after the grade (or, for a key already spent on it, its current one). */
  | { status: 'graded'; word: UpdatedWord }
  /** The word is not the child's, or the child not the parent's. */
  | { status: 'not-found' }
  /** The idempotency key was spent on another word of the child. */
  | { status: 'key-reused' };

export const NOT_FOUND: GradeResult = { status: 'not-found' };

/** Another grade of the same word, or a change of its set, landed between the read and the write. */
export const LOST_RACE = Symbol('lost race');

/** One way of grading. A variant that cannot grade safely answers LOST_RACE: the next one grades. */
export type GradeVariant = (
  parentId: string,
  childId: string,
  wordId: string,
  grading: Grading,
) => Promise<GradeResult | typeof LOST_RACE>;

export type WordKeys = 'parentId' | 'childId' | 'wordId';

/** The word with its schedule and its set's test date, only if it is the child's and the child the parent's. */
export function ownedWord(kysely: Db['kysely'], param: Param<WordKeys>) {
  return (
    kysely
      .selectFrom('words')
      .select([
        'words.id',
        'words.word_string',
        'words.word_set_id',
        'words.ease_factor',
        'words.interval',
        'words.next_review',
        // What a grade replaces, kept on its review so an undo can restore it.
        'words.last_reviewed_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('word_sets')
          .select('word_sets.test_date')
          .whereRef('word_sets.id', '=', 'words.word_set_id')
          .as('test_date'),
      )
      // Whether the test-day planner picks this word's next review (issue 19).
      .select((eb) =>
        eb
          .selectFrom('word_sets')
          .select('word_sets.plan_for_test_date')
          .whereRef('word_sets.id', '=', 'words.word_set_id')
          .as('plan_for_test_date'),
      )
      .where('words.id', '=', param('wordId'))
      // A subquery rather than a join, so FOR UPDATE locks only the word's row.
      .where(
        'words.word_set_id',
        'in',
        accessibleWordSetIdsOfChild(kysely, param('parentId'), param('childId'), 'practise'),
      )
  );
}

export interface WordState {
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
export function replayOf(earlierWordId: string | null, word: WordState): GradeResult {
  if (earlierWordId !== word.id) return { status: 'key-reused' };
  return {
    status: 'graded',
    // A word a review names has been scheduled.
    word: {
      id: word.id,
      wordString: word.word_string,
      easeFactor: word.ease_factor,
      interval: word.interval,
      nextReview: word.next_review ?? '',
    },
  };
}
