import type { Grade } from '../scheduler/constants.js';
import { fitSpeed } from './fit-speed.js';
import { replayWord, type GradedReview } from './history.js';
import { planNextReview } from './planner.js';
import { calibrate, NO_CALIBRATION, type Calibration, type TestEvidence } from './calibrate.js';
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

/**
 * Each word's grades, oldest day first; grades of one day keep the order given. A grade recorded
 * for an earlier day (`gradedOn`) is put on its day.
 */
export function gradesByWord(grades: readonly StoredGrade[]): Map<string, GradedReview[]> {
  const byWord = new Map<string, GradedReview[]>();
  for (const { wordId, grade, localDate } of grades) {
    const review = { day: dayNumber(localDate), grade };
    const list = byWord.get(wordId);
    if (list) list.push(review);
    else byWord.set(wordId, [review]);
  }
  for (const list of byWord.values())
    if (list.some((r, i) => i > 0 && r.day < list[i - 1]!.day)) list.sort((a, b) => a.day - b.day);
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
  calibration: Calibration = NO_CALIBRATION,
): Readiness {
  const words = wordIds.map((id) => ({ id, reviews: byWord.get(id) ?? [] }));
  // Ahead of the test it assumes the practice the rule will still bring (issue 34, item 5).
  return predictReadiness(words, scoreDay(testDate, today), speed, { calibration, today: dayNumber(today) });
}

/** A test the parent recorded the result of (issue 34): its set's words, its date, the result. */
export interface RecordedTest {
  wordIds: readonly string[];
  testDate: string;
  correct: number;
  total: number;
}

/** Each word's grades from before `day` only: what the app knew the evening before a test. */
function gradesBefore(
  byWord: ReadonlyMap<string, readonly GradedReview[]>,
  wordIds: readonly string[],
  day: number,
) {
  return wordIds.map((id) => ({ id, reviews: (byWord.get(id) ?? []).filter((r) => r.day < day) }));
}

/** What the model expected of each word of a recorded test, from the grades before it. */
export function testEvidence(
  test: RecordedTest,
  byWord: ReadonlyMap<string, readonly GradedReview[]>,
  speed: number,
): TestEvidence {
  const day = dayNumber(test.testDate);
  const chances = gradesBefore(byWord, test.wordIds, day).map((w) => recallOnDay(w, day, speed));
  return { chances, correct: test.correct, total: test.total };
}

/**
 * The child's calibration (issue 34) from every word's grades and every recorded test result
 * (those with a test date before `before`, when given).
 */
export function childCalibration(
  byWord: ReadonlyMap<string, readonly GradedReview[]>,
  speed: number,
  tests: readonly RecordedTest[],
  before?: string,
): Calibration {
  const day = before === undefined ? Infinity : dayNumber(before);
  const words =
    before === undefined
      ? [...byWord.values()]
      : [...byWord.values()].map((reviews) => reviews.filter((r) => r.day < day));
  const evidence = tests
    .filter((t) => dayNumber(t.testDate) < day)
    .map((t) => testEvidence(t, byWord, speed));
  return calibrate(words, speed, evidence);
}

/**
 * What the app would have predicted the evening before a set's test (issue 34), from the grades
 * and test results before that day: shown beside the real result ("Predicted 8–9, scored 7").
 */
export function predictionForTest(
  wordIds: readonly string[],
  byWord: ReadonlyMap<string, readonly GradedReview[]>,
  speed: number,
  testDate: string,
  tests: readonly RecordedTest[],
): Readiness {
  const day = dayNumber(testDate);
  const calibration = childCalibration(byWord, speed, tests, testDate);
  return predictReadiness(gradesBefore(byWord, wordIds, day), day, speed, { calibration });
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
