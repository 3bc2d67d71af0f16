import { GRADES, type Grade } from '../scheduler/constants.js';

/** What the stroke quiz saw while the child wrote one word, character by character. */
export interface StrokeQuizResult {
  /** Strokes drawn wrong, summed over every character of the word. */
  mistakes: number;
  /** Whether the child was shown help: the outline, or a stroke hanzi-writer highlighted after misses. */
  hintUsed: boolean;
}

/** Mistakes up to this many still suggest Medium; one more suggests Difficult. */
export const MEDIUM_MAX_MISTAKES = 2;

/**
 * The grade SpellWell suggests after the stroke quiz (issue 21, docs/strokes.md): no mistakes
 * → Easy; one or two → Medium; more, or any hint → Difficult. A hint outweighs a clean run:
 * a word written with help is not yet known. The parent still decides.
 */
export function suggestGrade({ mistakes, hintUsed }: StrokeQuizResult): Grade {
  if (!Number.isInteger(mistakes) || mistakes < 0)
    throw new RangeError(`mistakes must be a count: ${mistakes}`);
  if (hintUsed || mistakes > MEDIUM_MAX_MISTAKES) return GRADES.difficult;
  return mistakes === 0 ? GRADES.easy : GRADES.medium;
}

/**
 * One Chinese character (a Han code point, e.g. 水), the only thing the stroke data route
 * looks up: nothing else can name a file in the data package.
 */
export const HANZI_CHAR_PATTERN = /^\p{Script=Han}$/u;

/** The characters of a word that have strokes to show: Han characters, in order (punctuation and Latin are skipped). */
export function hanziOf(word: string): string[] {
  return [...word].filter((char) => HANZI_CHAR_PATTERN.test(char));
}
