import type { ExpressionBuilder } from 'kysely';
import type { Grade, UpdatedWord } from '@spellwell/shared';
import type { Db } from '../../../db/dialect.js';
import type { StatementParam } from '../../../db/prepared-read.js';
import type { Database } from '../../../db/schema.js';
import { HttpError } from '../../../lib/errors.js';

export interface Grading {
  grade: Grade;
  /** The parent's local day: the review's day and the scheduler's "today". */
  today: string;
  idempotencyKey?: string | undefined;
}

/** The word with its schedule and its set's test date, only if it is the child's and the child the parent's. */
export function ownedWord(kysely: Db['kysely'], parentId: string, childId: string, wordId: string) {
  return kysely
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

/**
 * What a grade writes on the word, both paths alike. The review count rises with every change
 * of the schedule, so the one-statement grade can check it in place of the schedule.
 */
export function gradedColumns(param: StatementParam<'easeFactor' | 'interval' | 'nextReview' | 'reviewedAt'>) {
  return (eb: ExpressionBuilder<Database, 'words'>) => ({
    ease_factor: param<number>('easeFactor'),
    interval: param<number>('interval'),
    next_review: param('nextReview'),
    last_reviewed_at: param('reviewedAt'),
    review_count: eb('review_count', '+', 1),
  });
}

export type WordState = { id: string; word_string: string; ease_factor: number; interval: number; next_review: string | null };

/**
 * A spent idempotency key: the word's current state when the key was this word's (the grade
 * it made is already in that state), 409 when it was another word's.
 */
export function replayOf(earlierWordId: string | null, word: WordState): UpdatedWord {
  if (earlierWordId !== word.id) {
    throw new HttpError(409, 'idempotency_key_reused', 'This idempotency key was already used for another word.');
  }
  return {
    id: word.id,
    wordString: word.word_string,
    easeFactor: word.ease_factor,
    interval: word.interval,
    // Only replays reach here with stored state, and a word a review names has been scheduled.
    nextReview: word.next_review ?? '',
  };
}
