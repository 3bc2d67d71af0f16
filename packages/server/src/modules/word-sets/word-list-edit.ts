import { normaliseWord, type WordEntry } from '@spellwell/shared';

export interface ExistingWord {
  id: string;
  word_string: string;
  position: number;
  reading: string | null;
}

export interface WordListEdit {
  /** Words still in the list whose position changed; their scheduling state is untouched. */
  moves: { id: string; position: number }[];
  /** Words still in the list whose reading the parent changed. */
  readings: { id: string; reading: string }[];
  /** Words new to the list, to be added fresh (reading null: the default). */
  inserts: { wordString: string; position: number; reading: string | null }[];
  /** Words no longer in the list. */
  removeIds: string[];
}

/**
 * What an edit changes. Words are matched by their normalised string, so a word the child has
 * practised keeps its ease, interval and history however the list is reordered, and keeps its
 * reading unless the edit gives it a different one.
 */
export function planWordListEdit(
  existing: readonly ExistingWord[],
  entries: readonly WordEntry[],
): WordListEdit {
  const byWord = new Map(existing.map((w) => [normaliseWord(w.word_string), w]));
  const kept = new Set<string>();
  const plan: WordListEdit = { moves: [], readings: [], inserts: [], removeIds: [] };
  entries.forEach(({ word: wordString, reading }, position) => {
    const match = byWord.get(wordString);
    if (!match) {
      plan.inserts.push({ wordString, position, reading });
      return;
    }
    kept.add(match.id);
    if (match.position !== position) plan.moves.push({ id: match.id, position });
    if (reading !== null && reading !== match.reading) plan.readings.push({ id: match.id, reading });
  });
  plan.removeIds = existing.filter((w) => !kept.has(w.id)).map((w) => w.id);
  return plan;
}
