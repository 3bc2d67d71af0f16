import type { Language } from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { canReachChild } from '../children/access.js';

/** Which words the word sets a parent can see hold (the speech cache's privacy rule). */
export function createSpokenWordsRepository({ kysely }: Db) {
  return {
    async parentHasWord(parentId: string, word: string, language: Language): Promise<boolean> {
      const row = await kysely
        .selectFrom('words')
        .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
        .innerJoin('children', 'children.id', 'word_sets.child_id')
        .select('words.id')
        .where((eb) => canReachChild(eb, parentId, 'practise'))
        .where('word_sets.language', '=', language)
        .where('words.word_string', '=', word)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
