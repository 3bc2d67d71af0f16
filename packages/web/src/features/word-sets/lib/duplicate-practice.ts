import { parseWordList, type CreateWordSet, type WordSetSummary } from '@spellwell/shared';

const key = (text: string) => text.trim().normalize('NFC').toLocaleLowerCase();

/**
 * The child's practice that the new one repeats, if any: the same words (in any order), or the
 * same description for the same test date. A list added twice splits a child's progress in two.
 */
export function findDuplicatePractice(
  values: Pick<CreateWordSet, 'testDate' | 'description' | 'words'>,
  existing: readonly WordSetSummary[],
): WordSetSummary | undefined {
  const words = new Set(parseWordList(values.words).map(key));
  return existing.find((set) => {
    if (set.testDate === values.testDate && key(set.description) === key(values.description)) return true;
    return set.words.length === words.size && set.words.every((word) => words.has(key(word)));
  });
}
