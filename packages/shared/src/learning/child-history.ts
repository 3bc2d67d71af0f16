import type { Grade } from '../scheduler/constants.js';
import { fitSpeed } from './fit-speed.js';
import { replayWord, type GradedReview } from './history.js';
import { planNextReview } from './planner.js';
import { predictReadiness, recallOnDay, type Readiness } from './predict.js';

/**
 * What the server holds of a child's grades, turned into what the model reads: each word's
 * grades by day, and the child's forgetting speed fitted to all of them (decision 009).
 */

/** A stored grade: the word, the parent's grade and the parent's local day ("yyyy-MM-dd"). */
export interface StoredGrade {
  wordId: string;
  grade: Grade;
  localDate: string;
}

const DAY_MS = 86_400_000;
/** Whole days since 1970-01-01 of a "yyyy-MM-dd" day: the model counts time in days. */
export function dayNumber(iso: string): number {
  // Read by hand: this runs for every stored grade on every prediction.
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

/** Each word's grades in the order given (oldest first). */
export function gradesByWord(grades: readonly StoredGrade[]): Map<string, GradedReview[]> {
  const byWord = new Map<string, GradedReview[]>();
  for (const { wordId, grade, localDate } of grades) {
    const review = { day: dayNumber(localDate), grade };
    const list = byWord.get(wordId);
    if (list) list.push(review);
    else byWord.set(wordId, [review]);
  }
  return byWord;
}

/** The child's speed from every word they were graded on (1 until there are enough repeats). */
export function childSpeed(byWord: ReadonlyMap<string, readonly GradedReview[]>): number {
  return fitSpeed([...byWord.values()]);
}

/** The day the score is for: the test date, or today once the test has passed. */
function scoreDay(testDate: string, today: string): number {
  return dayNumber(testDate > today ? testDate : today);
}

/** A set's predicted score on its test date (today, once the test has passed). */
export function setReadiness(
  wordIds: readonly string[],
  byWord: ReadonlyMap<string, readonly GradedReview[]>,
  speed: number,
  testDate: string,
  today: string,
): Readiness {
  const words = wordIds.map((id) => ({ id, reviews: byWord.get(id) ?? [] }));
  return predictReadiness(words, scoreDay(testDate, today), speed);
}

/** One word's chance of being right on its set's test date (today, once it has passed). */
export function wordRecallOnTestDay(
  reviews: readonly GradedReview[],
  speed: number,
  testDate: string,
  today: string,
): number {
  return recallOnDay({ id: '', reviews }, scoreDay(testDate, today), speed);
}

/**
 * The planner's next review for a word just graded, in days from today, given all its grades
 * including today's; null when the planner leaves the word to the specification's rule (the
 * test is tomorrow or past, or beyond the planner's horizon).
 */
export function plannedInterval(
  reviews: readonly GradedReview[],
  speed: number,
  testDate: string,
  today: string,
): number | null {
  const replayed = replayWord(reviews, speed);
  if (!replayed) return null;
  const daysToTest = dayNumber(testDate) - dayNumber(today);
  return planNextReview({ state: replayed.state, daysToTest, speed });
}
