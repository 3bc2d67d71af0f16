import type { Db } from '../../db/database.js';
import { statement, type Param } from '../../db/statement.js';
import { canReachChild } from '../children/access.js';

/** A stored grade as the readiness model reads it, oldest first. */
export interface GradeRow {
  id: string;
  child_id: string;
  word_id: string | null;
  quality: number;
  local_date: string;
  /** The rule's interval and the next review actually saved (they differ under the planner). */
  interval: number;
  next_review: string;
}

/** A word of a set whose test result was recorded. */
export interface ResultRow {
  wordSetId: string;
  childId: string;
  testDate: string;
  correct: number | string | null;
  total: number | string | null;
  wordId: string;
}

/**
 * The grades the predicted score and the planner read (issue 19). Grades of words since removed
 * have no word to predict and are left out. Ownership is part of each query: another parent's
 * child has no grades here.
 */
export function createGradesRepository(db: Db) {
  const { kysely } = db;
  const columns = [
    'word_reviews.id',
    'word_reviews.child_id',
    'word_reviews.word_id',
    'word_reviews.quality',
    'word_reviews.local_date',
    'word_reviews.interval',
    'word_reviews.next_review',
  ] as const;
  const ofChild = statement(db, (param: Param<'parentId' | 'childId'>) =>
    kysely
      .selectFrom('word_reviews')
      .select(columns)
      .where('word_reviews.child_id', 'in', (eb) =>
        eb
          .selectFrom('children')
          .select('children.id')
          .where('children.id', '=', param('childId'))
          .where((c) => canReachChild(c, param('parentId'), 'practise')),
      )
      .where('word_reviews.word_id', 'is not', null)
      .orderBy('word_reviews.reviewed_at')
      .orderBy('word_reviews.id'),
  );
  const ofParent = statement(db, (param: Param<'parentId'>) =>
    kysely
      .selectFrom('word_reviews')
      .select(columns)
      .where('word_reviews.child_id', 'in', (eb) =>
        eb
          .selectFrom('children')
          .select('children.id')
          .where((c) => canReachChild(c, param('parentId'), 'practise')),
      )
      .where('word_reviews.word_id', 'is not', null)
      .orderBy('word_reviews.reviewed_at')
      .orderBy('word_reviews.id'),
  );
  const ofCheckedChild = statement(db, (param: Param<'childId'>) =>
    kysely
      .selectFrom('word_reviews')
      .select(columns)
      .where('word_reviews.child_id', '=', param('childId'))
      .where('word_reviews.word_id', 'is not', null)
      .orderBy('word_reviews.reviewed_at')
      .orderBy('word_reviews.id'),
  );
  const ofWord = statement(db, (param: Param<'childId' | 'wordId'>) =>
    kysely
      .selectFrom('word_reviews')
      .select(columns)
      .where('word_reviews.word_id', '=', param('wordId'))
      .where('word_reviews.child_id', '=', param('childId'))
      .orderBy('word_reviews.reviewed_at')
      .orderBy('word_reviews.id'),
  );
  // Issue 34: the recorded test results, one row per word of each set with a result.
  const resultColumns = [
    'word_sets.id as wordSetId',
    'word_sets.child_id as childId',
    'word_sets.test_date as testDate',
    'word_sets.test_correct as correct',
    'word_sets.test_total as total',
    'words.id as wordId',
  ] as const;
  const resultsOfChild = statement(db, (param: Param<'parentId' | 'childId'>) =>
    kysely
      .selectFrom('word_sets')
      .innerJoin('children', 'children.id', 'word_sets.child_id')
      .innerJoin('words', 'words.word_set_id', 'word_sets.id')
      .select(resultColumns)
      .where('children.id', '=', param('childId'))
      .where((eb) => canReachChild(eb, param('parentId'), 'practise'))
      .where('word_sets.test_correct', 'is not', null)
      .orderBy('word_sets.id')
      .orderBy('words.position'),
  );
  const resultsOfParent = statement(db, (param: Param<'parentId'>) =>
    kysely
      .selectFrom('word_sets')
      .innerJoin('children', 'children.id', 'word_sets.child_id')
      .innerJoin('words', 'words.word_set_id', 'word_sets.id')
      .select(resultColumns)
      .where((eb) => canReachChild(eb, param('parentId'), 'practise'))
      .where('word_sets.test_correct', 'is not', null)
      .orderBy('word_sets.id')
      .orderBy('words.position'),
  );
  return {
    /** The child's recorded test results, a row per word (none when the child is not the parent's). */
    resultsOfChild: (parentId: string, childId: string): Promise<ResultRow[]> =>
      resultsOfChild.read({ parentId, childId }),
    /** Every recorded test result of every child of the parent, a row per word. */
    resultsOfParent: (parentId: string): Promise<ResultRow[]> => resultsOfParent.read({ parentId }),
    /** Every grade of the child (none when the child is not the parent's). */
    ofChild: (parentId: string, childId: string): Promise<GradeRow[]> => ofChild.read({ parentId, childId }),
    /** Every grade of every child of the parent. */
    ofParent: (parentId: string): Promise<GradeRow[]> => ofParent.read({ parentId }),
    /** Every grade of a child whose ownership the caller has already checked, on its transaction. */
    ofCheckedChild,
    /** One word's grades, of a child whose ownership the caller has already checked. */
    ofCheckedWord: ofWord,
  };
}
export type GradesRepository = ReturnType<typeof createGradesRepository>;
