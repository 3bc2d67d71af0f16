import { KID_MAX_ATTEMPTS, type KidAnswerResult, type Mark } from './schemas/kid.js';
import { suggestGrade, type StrokeQuizResult } from './strokes/grade-suggestion.js';

/** How an answer is compared: Unicode NFC, surrounding spaces and case ignored. */
export function normaliseAnswer(text: string): string {
  return text.normalize('NFC').trim().toLowerCase();
}

let segmenter: Intl.Segmenter | undefined;
/** Letters as a reader sees them (a Tamil letter with its vowel sign is one). */
function letters(text: string): string[] {
  // Made on first use: a module with no side effects stays out of pages that never mark.
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * Letter-by-letter marks of `typed` against `expected` (both normalised here), from the fewest
 * edits between them: each typed letter is right, wrong (another letter belongs there) or extra;
 * a letter left out is marked missing without showing it.
 */
export function markAnswer(typed: string, expected: string): Mark[] {
  const a = letters(normaliseAnswer(typed));
  const b = letters(normaliseAnswer(expected));
  const cost: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      cost[i]![j] = Math.min(cost[i - 1]![j - 1]! + same, cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  const marks: Mark[] = [];
  let i = a.length;
  let j = b.length;
  while (i > 0 || j > 0) {
    const here = cost[i]![j]!;
    if (i > 0 && j > 0 && a[i - 1] === b[j - 1] && here === cost[i - 1]![j - 1]) {
      marks.push({ char: a[i - 1]!, mark: 'right' });
      i--;
      j--;
    } else if (i > 0 && j > 0 && here === cost[i - 1]![j - 1]! + 1) {
      marks.push({ char: a[i - 1]!, mark: 'wrong' });
      i--;
      j--;
    } else if (i > 0 && here === cost[i - 1]![j]! + 1) {
      marks.push({ char: a[i - 1]!, mark: 'extra' });
      i--;
    } else {
      marks.push({ mark: 'missing' });
      j--;
    }
  }
  return marks.reverse();
}

/** The child's grade once a word is done: right first time Easy, second or third Medium, else Difficult. */
export function kidGrade(correct: boolean, attempt: number): 1 | 2 | 3 {
  if (correct) return attempt === 1 ? 1 : 2;
  return 3;
}

const TRIES: Record<number, string> = { 1: 'first try', 2: 'second try', 3: 'three tries' };
/** "first try", "second try", "three tries": how a child's own grade came about. */
export const triesLabel = (attempts: number) => TRIES[attempts] ?? `${attempts} tries`;

/**
 * The answer to a child's attempt, from what the server counted: marks always; the spelling
 * and the grade only once the word is done (right, or the last attempt). A word written in the
 * stroke quiz is done at once (the quiz accepts only right strokes), graded by the suggestion
 * rule from its mistakes.
 */
export function kidResult(
  expected: string,
  answer: { typed: string; attempt: number } | { strokes: StrokeQuizResult },
): KidAnswerResult {
  if ('strokes' in answer) {
    return {
      correct: true,
      marks: markAnswer(expected, expected),
      expected,
      grade: suggestGrade(answer.strokes),
    };
  }
  const correct = normaliseAnswer(answer.typed) === normaliseAnswer(expected);
  const marks = markAnswer(answer.typed, expected);
  return correct || answer.attempt >= KID_MAX_ATTEMPTS
    ? { correct, marks, expected, grade: kidGrade(correct, answer.attempt) }
    : { correct, marks };
}

/** "wrote it in strokes, 2 mistakes": a child's own grade of a word written in the stroke quiz. */
export const strokesLabel = (mistakes: number) =>
  `wrote it in strokes, ${mistakes === 0 ? 'no mistakes' : mistakes === 1 ? '1 mistake' : `${mistakes} mistakes`}`;
