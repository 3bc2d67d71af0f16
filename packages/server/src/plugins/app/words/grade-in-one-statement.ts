import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { schedule, type UpdatedWord } from '@spellwell/shared';
import { nowIso, type BoundStatement, type Db } from '../../../db/dialect.js';
import { prepareAlone, type StatementParam } from '../../../db/prepared-read.js';
import { gradedColumns, ownedWord, replayOf, type Grading } from './grading.js';

type RunAlone = NonNullable<Db['runAlone']>;

/** Words whose last written state is remembered (about 300 bytes each). */
const WORDS_REMEMBERED = 10_000;

interface KnownWord {
  id: string;
  parentId: string;
  childId: string;
  wordString: string;
  easeFactor: number;
  interval: number;
  reviewCount: number;
  testDate: string;
}

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
  | 'idempotencyKey'
  | 'testDate';

/**
 * PostgreSQL's grade in one or two round trips instead of seven (begin, locked read, update,
 * insert, version bump, commit), as named statements, parsed and planned once per connection.
 * A grade on this engine was bound by round trips and planning: each costs both processes
 * CPU, and the parent's row stayed locked across four of them.
 *
 * 1. Read the word, its review count and any review already made with this idempotency key;
 *    skipped when this server wrote the word last, whose state it remembers.
 * 2. One statement (atomic on its own) saves the schedule only if the review count, the set's
 *    test date and the ownership are still the ones the schedule was computed from, inserts
 *    the review from the updated row, then bumps the parent's data version from the inserted
 *    review. Each step reads the one before, so rows are locked in the same order as
 *    everywhere else: the word, the review's references, the parent last
 *    (read-cache/data-version.ts). If anything moved, nothing is written: a remembered state
 *    is forgotten and the word read; after a read, the caller grades again under a row lock
 *    (`LOST_RACE`). Every change to a word's schedule raises its review count, so the count
 *    stands for the schedule.
 *
 * SQLite cannot write inside WITH; its transaction is synchronous and local, so it keeps the
 * locked path. Decision record 006.
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
          .set(gradedColumns(param))
          .where('id', '=', param('wordId'))
          .where('review_count', '=', param<number>('reviewCount'))
          // Still the child's, the child still the parent's, and the test date the one used.
          .where('word_set_id', 'in', (eb) =>
            eb
              .selectFrom('word_sets')
              .innerJoin('children', 'children.id', 'word_sets.child_id')
              .select('word_sets.id')
              .where('children.id', '=', param('childId'))
              .where('children.parent_id', '=', param('parentId'))
              .where('word_sets.test_date', '=', param('testDate')),
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

  /** The state this server last wrote for each word it graded (a hint: the statement checks it). */
  const lastWritten = new Map<string, KnownWord>();
  const remember = (word: KnownWord) => {
    lastWritten.delete(word.id);
    if (lastWritten.size >= WORDS_REMEMBERED) lastWritten.delete(lastWritten.keys().next().value!);
    lastWritten.set(word.id, word);
  };

  async function save(word: KnownWord, { grade, today, idempotencyKey }: Grading): Promise<UpdatedWord | typeof LOST_RACE> {
    const next = schedule({ easeFactor: word.easeFactor, interval: word.interval, grade, today, testDate: word.testDate });
    const saved = await first(
      saveGrade({
        parentId: word.parentId,
        childId: word.childId,
        wordId: word.id,
        reviewCount: word.reviewCount,
        testDate: word.testDate,
        reviewId: randomUUID(),
        quality: grade,
        ...next,
        localDate: today,
        reviewedAt: nowIso(),
        idempotencyKey: idempotencyKey ?? null,
      }),
    );
    if (!saved) {
      lastWritten.delete(word.id);
      return LOST_RACE;
    }
    remember({ ...word, easeFactor: next.easeFactor, interval: next.interval, reviewCount: word.reviewCount + 1 });
    return { id: word.id, wordString: word.wordString, ...next };
  }

  return async function grade(
    parentId: string,
    childId: string,
    wordId: string,
    grading: Grading,
  ): Promise<UpdatedWord | null | typeof LOST_RACE> {
    // One round trip when this server wrote the word last (a spent key then meets the unique
    // constraint, which the caller answers); a stale hint writes nothing and the word is read.
    const known = lastWritten.get(wordId);
    if (known && known.parentId === parentId && known.childId === childId) {
      const saved = await save(known, grading);
      if (saved !== LOST_RACE) return saved;
    }
    const found = await first(wordToGrade({ parentId, childId, wordId, key: grading.idempotencyKey ?? null }));
    if (!found) return null;
    if (found.earlier_word_id !== null) return replayOf(found.earlier_word_id, found);
    if (found.test_date === null) return LOST_RACE;
    return save(
      {
        id: found.id,
        parentId,
        childId,
        wordString: found.word_string,
        easeFactor: found.ease_factor,
        interval: found.interval,
        reviewCount: found.review_count,
        testDate: found.test_date,
      },
      grading,
    );
  };
}
