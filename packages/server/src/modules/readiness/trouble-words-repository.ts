import type { Db } from '../../db/database.js';
import { statement, type Param } from '../../db/statement.js';
import { canReachChild } from '../children/access.js';

/**
 * The words of a child's sets whose test is today or ahead, with their set's details: the
 * trouble words and tonight's words (issue 35) are both taken from them.
 */
export function createTroubleWordsRepository(db: Db) {
  const { kysely } = db;
  const child = statement(db, (param: Param<'parentId' | 'childId'>) =>
    kysely
      .selectFrom('children')
      .select('children.id')
      .where('children.id', '=', param('childId'))
      .where((eb) => canReachChild(eb, param('parentId'), 'practise')),
  );
  const upcomingWords = statement(db, (param: Param<'parentId' | 'childId' | 'today'>) =>
    kysely
      .selectFrom('words')
      .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
      .innerJoin('children', 'children.id', 'word_sets.child_id')
      .leftJoin('word_recordings', 'word_recordings.word_id', 'words.id')
      .select([
        'words.id',
        'words.word_string',
        'words.reading',
        'words.ease_factor',
        'words.interval',
        'words.next_review',
        'words.position',
        'words.word_set_id',
        'word_sets.language',
        'word_sets.test_date',
        'word_recordings.word_id as recorded',
      ])
      .where('children.id', '=', param('childId'))
      .where((eb) => canReachChild(eb, param('parentId'), 'practise'))
      .where('word_sets.test_date', '>=', param('today'))
      .orderBy('word_sets.test_date')
      .orderBy('words.position'),
  );
  return {
    /** Null when the child is not the parent's. */
    async upcoming(parentId: string, childId: string, today: string) {
      const [owned, words] = await Promise.all([
        child.readFirst({ parentId, childId }),
        upcomingWords.read({ parentId, childId, today }),
      ]);
      return owned ? words : null;
    },
  };
}
