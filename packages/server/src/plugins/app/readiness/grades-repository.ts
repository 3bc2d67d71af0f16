import type { Db } from '../../../db/database.js';
import { statement, type Param } from '../../../db/statement.js';

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
          .where('children.parent_id', '=', param('parentId')),
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
        eb.selectFrom('children').select('children.id').where('children.parent_id', '=', param('parentId')),
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
  return {
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
