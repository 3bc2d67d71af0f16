import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { schedule } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { statement, type Param } from '../../db/statement.js';
import { nowIsoAfter } from '../../db/timestamps.js';
import { accessibleWordSetIdsOfChild } from '../children/access.js';
import { LOST_RACE, NOT_FOUND, ownedWord, replayOf, type GradeVariant, type WordKeys } from './grading.js';

type SaveKeys =
  | 'parentId'
  | 'childId'
  | 'wordId'
  | 'reviewCount'
  | 'testDate'
  | 'reviewId'
  | 'quality'
  | 'easeFactor'
  | 'interval'
  | 'nextReview'
  | 'localDate'
  | 'reviewedAt'
  | 'idempotencyKey'
  | 'prevEaseFactor'
  | 'prevInterval'
  | 'prevNextReview'
  | 'prevLastReviewedAt'
  | 'gradedBy';

/**
 * PostgreSQL's grade in two round trips instead of seven (begin, locked read, earlier review,
 * update, insert, version bump, commit), both named statements, parsed and planned once per
 * connection. Decision record 006.
 *
 * 1. Read the word, its review count and the word of any review already made with this
 *    idempotency key.
 * 2. One statement, atomic on its own, saves the schedule only if the review count, the set's
 *    test date and the ownership are still the ones the schedule was computed from, inserts
 *    the review from the updated row, then bumps the parent's data version from the inserted
 *    review (every parent who sees the child, issue 37). Each step reads the one before, so rows are locked in the same order as every
 *    other write: the word, the review's references, the parent last (read-cache/data-version.ts).
 *    Every change to a word's schedule raises its review count, so the count stands for the
 *    schedule. If anything moved, nothing is written and the caller grades again on the
 *    locked path (`LOST_RACE`).
 *
 * Undefined on SQLite, which cannot write inside WITH.
 */
export function createOneStatementGrading(db: Db): GradeVariant | undefined {
  const { kysely } = db;
  const wordToGrade = statement(db, (param: Param<WordKeys | 'key'>) =>
    ownedWord(kysely, param)
      .select('words.review_count')
      .select((eb) =>
        eb
          .selectFrom('word_reviews')
          // '' when the key's review outlived its word: a key spent on another word.
          .select((review) => review.fn.coalesce('word_reviews.word_id', sql.lit('')).as('word_id'))
          .where('word_reviews.child_id', '=', param('childId'))
          .where('word_reviews.idempotency_key', '=', param<string | null>('key'))
          .as('earlier_word_id'),
      ),
  );
  const saveGrade = statement(db, (param: Param<SaveKeys>) =>
    kysely
      .with('graded', (qc) =>
        qc
          .updateTable('words')
          .set((eb) => ({
            ease_factor: param<number>('easeFactor'),
            interval: param<number>('interval'),
            next_review: param('nextReview'),
            last_reviewed_at: param('reviewedAt'),
            review_count: eb('review_count', '+', 1),
          }))
          .where('id', '=', param('wordId'))
          .where('review_count', '=', param<number>('reviewCount'))
          // Still the child's, the child still the parent's, and the test date the one used.
          .where(
            'word_set_id',
            'in',
            accessibleWordSetIdsOfChild(kysely, param('parentId'), param('childId'), 'practise').where(
              'word_sets.test_date',
              '=',
              param('testDate'),
            ),
          )
          .returning(['id', 'word_set_id']),
      )
      .with('review', (qc) =>
        qc
          .insertInto('word_reviews')
          .columns([
            'id',
            'child_id',
            'word_id',
            'word_set_id',
            'quality',
            'ease_factor',
            'interval',
            'next_review',
            'local_date',
            'reviewed_at',
            'idempotency_key',
            'prev_ease_factor',
            'prev_interval',
            'prev_next_review',
            'prev_last_reviewed_at',
            'graded_by',
          ])
          .expression((eb) =>
            eb.selectFrom('graded').select((s) => [
              s.val(param('reviewId')).as('id'),
              s.val(param('childId')).as('child_id'),
              'graded.id',
              'graded.word_set_id',
              s.val(param<number>('quality')).as('quality'),
              s.val(param<number>('easeFactor')).as('ease_factor'),
              s.val(param<number>('interval')).as('interval'),
              s.val(param('nextReview')).as('next_review'),
              s.val(param('localDate')).as('local_date'),
              s.val(param('reviewedAt')).as('reviewed_at'),
              s.val(param<string | null>('idempotencyKey')).as('idempotency_key'),
              // The schedule this grade replaces (the review count proves it unchanged), for undo.
              s.val(param<number>('prevEaseFactor')).as('prev_ease_factor'),
              s.val(param<number>('prevInterval')).as('prev_interval'),
              s.val(param<string | null>('prevNextReview')).as('prev_next_review'),
              s.val(param<string | null>('prevLastReviewedAt')).as('prev_last_reviewed_at'),
              s.val(param<string | null>('gradedBy')).as('graded_by'),
            ]),
          )
          .returning('id'),
      )
      // Issue 37: every parent who sees the child (its owner and members), locked in order of
      // id as every other write locks them (read-cache/data-version.ts), and only once the
      // review is in.
      .with('audience', (qc) =>
        qc
          .selectFrom('parents')
          .select('parents.id')
          .where('parents.id', 'in', (eb) =>
            eb
              .selectFrom('children')
              .select('children.parent_id')
              .where('children.id', '=', param('childId'))
              .union(
                eb
                  .selectFrom('child_members')
                  .select('child_members.parent_id')
                  .where('child_members.child_id', '=', param('childId')),
              ),
          )
          .where((eb) => eb.exists(eb.selectFrom('review').select('review.id')))
          .orderBy('parents.id')
          .forUpdate(),
      )
      .updateTable('parents')
      .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('audience').select('audience.id'))
      .returning('parents.id'),
  );
  const save = saveGrade.alone;
  if (!save) return undefined;

  return async function grade(parentId, childId, wordId, { grade, today, idempotencyKey, gradedBy }) {
    const found = await wordToGrade.readFirst({ parentId, childId, wordId, key: idempotencyKey ?? null });
    if (!found) return NOT_FOUND;
    if (found.earlier_word_id !== null) return replayOf(found.earlier_word_id, found);
    if (found.test_date === null) return LOST_RACE;
    // The planner reads the child's grades first: that grade is made on the locked path.
    if (Number(found.plan_for_test_date) === 1) return LOST_RACE;
    const next = schedule({
      easeFactor: found.ease_factor,
      interval: found.interval,
      grade,
      today,
      testDate: found.test_date,
    });
    const [saved] = await save({
      parentId,
      childId,
      wordId: found.id,
      reviewCount: found.review_count,
      testDate: found.test_date,
      reviewId: randomUUID(),
      quality: grade,
      ...next,
      localDate: today,
      // After the word's last grade, even in the same millisecond (as on the locked path); the
      // unchanged review count proves `last_reviewed_at` is still the last grade's.
      reviewedAt: nowIsoAfter(found.last_reviewed_at),
      idempotencyKey: idempotencyKey ?? null,
      prevEaseFactor: found.ease_factor,
      prevInterval: found.interval,
      prevNextReview: found.next_review,
      prevLastReviewedAt: found.last_reviewed_at,
      gradedBy,
    });
    if (!saved) return LOST_RACE;
    return { status: 'graded', word: { id: found.id, wordString: found.word_string, ...next } };
  };
}
