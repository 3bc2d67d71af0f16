import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { schedule, type UpdatedWord } from '@spellwell/shared';
import { nowIso, type BoundStatement, type Db } from '../../../db/dialect.js';
import { prepareAlone, type StatementParam } from '../../../db/prepared-read.js';
import { ownedWord, replayOf, type Grading } from './grading.js';

type RunAlone = NonNullable<Db['runAlone']>;

/** Another grade of the same word landed between the read and the write. */
export const LOST_RACE = Symbol('lost race');

type WordKeys = 'parentId' | 'childId' | 'wordId' | 'key';
type SaveKeys =
  | 'parentId'
  | 'wordId'
  | 'reviewCount'
  | 'reviewId'
  | 'childId'
  | 'quality'
  | 'easeFactor'
  | 'interval'
  | 'nextReview'
  | 'localDate'
  | 'reviewedAt'
  | 'idempotencyKey';

/**
 * PostgreSQL's grade in two round trips instead of seven (begin, locked read, update, insert,
 * version bump, commit), both named statements, parsed and planned once per connection. A
 * grade on this engine was bound by round trips and planning: each costs both processes CPU,
 * and the parent's row stayed locked across four of them.
 *
 * 1. Read the word, its review count and any review already made with this idempotency key.
 * 2. One statement (atomic on its own) saves the schedule only if the review count is still
 *    the one read, inserts the review from the updated row, then bumps the parent's data
 *    version from the inserted review. Each step reads the one before, so the rows are locked
 *    in the same order as everywhere else: the word, the review's references, the parent last
 *    (read-cache/data-version.ts). If the count moved, nothing is written and the caller
 *    grades again under a row lock (`LOST_RACE`).
 *
 * SQLite cannot write inside WITH; its transaction is synchronous and local, so it keeps the
 * locked path.
 */
export function createOneStatementGrading(kysely: Db['kysely'], runAlone: RunAlone) {
  const first = async <O>(bound: BoundStatement<O>) => (await runAlone(bound))[0];
  const wordToGrade = prepareAlone((param: StatementParam<WordKeys>) =>
    ownedWord(kysely, param('parentId'), param('childId'), param('wordId'))
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
  const saveGrade = prepareAlone((param: StatementParam<SaveKeys>) =>
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
          ])
          .expression((eb) =>
            eb
              .selectFrom('graded')
              .select((s) => [
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
              ]),
          )
          .returning('id'),
      )
      .updateTable('parents')
      .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
      .where('id', '=', param('parentId'))
      .where((eb) => eb.exists(eb.selectFrom('review').select('review.id')))
      .returning('parents.id'),
  );

  return async function grade(
    parentId: string,
    childId: string,
    wordId: string,
    { grade, today, idempotencyKey }: Grading,
  ): Promise<UpdatedWord | null | typeof LOST_RACE> {
    const found = await first(wordToGrade({ parentId, childId, wordId, key: idempotencyKey ?? null }));
    if (!found) return null;
    if (found.earlier_word_id !== null) return replayOf(found.earlier_word_id, found);
    const next = schedule({
      easeFactor: found.ease_factor,
      interval: found.interval,
      grade,
      today,
      testDate: found.test_date ?? today,
    });
    const saved = await first(saveGrade({
      parentId,
      wordId: found.id,
      reviewCount: found.review_count,
      reviewId: randomUUID(),
      childId,
      quality: grade,
      ...next,
      localDate: today,
      reviewedAt: nowIso(),
      idempotencyKey: idempotencyKey ?? null,
    }));
    if (!saved) return LOST_RACE;
    return { id: found.id, wordString: found.word_string, ...next };
  };
}
