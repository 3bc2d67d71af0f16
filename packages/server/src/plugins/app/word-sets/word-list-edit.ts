import { normaliseWord } from '@spellwell/shared';

export interface ExistingWord {
  id: string;
  word_string: string;
  position: number;
}

export interface WordListEdit {
  /** Words still in the list whose position changed; their scheduling state is untouched. */
  moves: { id: string; position: number }[];
  /** Words new to the list, to be added fresh. */
  inserts: { wordString: string; position: number }[];
  /** Words no longer in the list. */
  removeIds: string[];
}

/**
 * What an edit changes. Words are matched by their normalised string, so a word the child has
 * practised keeps its ease, interval and history however the list is reordered.
 */
export function planWordListEdit(existing: readonly ExistingWord[], words: readonly string[]): WordListEdit {
  const byWord = new Map(existing.map((w) => [normaliseWord(w.word_string), w]));
  const kept = new Set<string>();
  const plan: WordListEdit = { moves: [], inserts: [], removeIds: [] };
  words.forEach((wordString, position) => {
    const match = byWord.get(wordString);
    if (!match) {
      plan.inserts.push({ wordString, position });
      return;
    }
    kept.add(match.id);
    if (match.position !== position) plan.moves.push({ id: match.id, position });
  });
  plan.removeIds = existing.filter((w) => !kept.has(w.id)).map((w) => w.id);
  return plan;
}
