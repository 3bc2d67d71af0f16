import {
  addDaysIso,
  BoundedMap,
  type Grade,
  type TestPrediction,
  type WordSetReadiness,
} from '@spellwell/shared';
import {
  childCalibration,
  childSpeed,
  dayNumber,
  gradesByWord,
  NO_CALIBRATION,
  plannedInterval,
  predictionForTest,
  setReadiness,
  calibrated,
  wordRecallOnTestDay,
  type Calibration,
  type GradedReview,
  type RecordedTest,
} from '@spellwell/shared/learning';
import { gradesStamp } from './fitted-speeds.js';
import type { GradeRow, ResultRow } from './grades-repository.js';

/**
 * The predicted test-day score and the planner's inputs, from a child's stored grades (issue 19,
 * decision 009). The model is in `@spellwell/shared/learning`; this module only shapes rows
 * for it and keeps each child's fitted speed and calibration between readiness answers.
 */

/** Children whose fitted speed is kept; the fit replays every grade of the child, many times. */
const SPEEDS_MAX = 10_000;

interface Fit {
  stamp: string;
  speed: number;
  calibration: Calibration;
  /** The grades the speed was fitted on (fitted-speeds.ts), and whether it is stored on the child yet. */
  speedStamp: string;
  stored: boolean;
}

/**
 * Each child's fitted speed and calibration, kept between readiness answers only. One per app,
 * made with the readiness service (plugins/app/repositories.ts), never process-wide, and never
 * read by a grade: a grade plans with the speed stored on the child (fitted-speeds.ts, issue 40).
 */
export type SpeedFits = BoundedMap<string, Fit>;
export const createSpeedFits = (): SpeedFits => new BoundedMap<string, Fit>(SPEEDS_MAX);

/**
 * The child's speed and calibration (issue 34), fitted again only when their grades or test
 * results changed. The stamp (how many grades, the last one's id, and the results) changes with
 * every grade, every undo and every result, on whichever server made it, so no server can keep
 * a fit from before one.
 */
function fitOf(
  speeds: SpeedFits,
  childId: string,
  rows: readonly GradeRow[],
  byWord: ReadonlyMap<string, GradedReview[]>,
  tests: readonly RecordedTest[],
): Fit {
  const results = tests.map((t) => `${t.testDate}:${t.correct}/${t.total}:${t.wordIds.length}`).join(',');
  const speedStamp = gradesStamp(rows);
  const stamp = `${speedStamp} ${results}`;
  const known = speeds.get(childId);
  if (known?.stamp === stamp) return known;
  // Only the results changed: the speed, from the grades alone, stands.
  const sameGrades = known?.speedStamp === speedStamp;
  const speed = sameGrades ? known.speed : childSpeed(byWord);
  const fit = {
    stamp,
    speed,
    calibration: childCalibration(byWord, speed, tests),
    speedStamp,
    stored: sameGrades ? known.stored : false,
  };
  speeds.set(childId, fit);
  return fit;
}

const NO_GRADES_STAMP = gradesStamp([]);

/**
 * The speeds of these children fitted since they were last stored, marked stored: the readiness
 * service stores each on the child (fitted-speeds.ts), for the next grade on any server. A fit
 * of no grades is never stored: the grades were read with the child's ownership checked, so no
 * grades may also mean another parent's child, whose stored speed must stay as it is.
 */
export function fitsToStore(speeds: SpeedFits, childIds: Iterable<string>) {
  const fits: { childId: string; stamp: string; speed: number }[] = [];
  for (const childId of childIds) {
    const fit = speeds.get(childId);
    if (!fit || fit.stored || fit.speedStamp === NO_GRADES_STAMP) continue;
    fit.stored = true;
    fits.push({ childId, stamp: fit.speedStamp, speed: fit.speed });
  }
  return fits;
}

export interface ChildGrades {
  /** Each word's grades, oldest first. */
  byWord: Map<string, GradedReview[]>;
  speed: number;
  /** How far the child sits from the model, from their grades and test results (issue 34). */
  calibration: Calibration;
  /** The child's recorded test results. */
  tests: RecordedTest[];
  /** The rule's next review and the planner's, where the planner moved a word's at its last grade. */
  ruleNextReview: Map<string, { rule: string; planned: string }>;
}

const toStoredGrade = (row: GradeRow) => ({
  wordId: row.word_id!,
  grade: row.quality as Grade,
  localDate: row.local_date,
});

/** The child's speed from their grades (rows of that child only, oldest first). */
export const fitSpeed = (rows: readonly GradeRow[]): number =>
  childSpeed(gradesByWord(rows.map(toStoredGrade)));

/** Recorded test results from their rows (a row per word, grouped by set). */
function testsOf(rows: readonly ResultRow[]): RecordedTest[] {
  const bySet = new Map<string, RecordedTest & { wordIds: string[] }>();
  for (const row of rows) {
    const known = bySet.get(row.wordSetId);
    if (known) known.wordIds.push(row.wordId);
    else
      bySet.set(row.wordSetId, {
        wordIds: [row.wordId],
        testDate: row.testDate,
        correct: Number(row.correct),
        total: Number(row.total),
      });
  }
  return [...bySet.values()];
}

/**
 * One child's grades (rows of that child only, oldest first) and recorded test results, ready
 * for the model.
 */
export function childGrades(
  speeds: SpeedFits,
  childId: string,
  rows: readonly GradeRow[],
  results: readonly ResultRow[] = [],
): ChildGrades {
  const byWord = gradesByWord(rows.map(toStoredGrade));
  const tests = testsOf(results);
  const { speed, calibration } = fitOf(speeds, childId, rows, byWord, tests);
  return { byWord, speed, calibration, tests, ruleNextReview: plannedAway(rows) };
}

/** Words whose last grade saved a next review other than the rule's (the planner's), with the rule's. */
function plannedAway(rows: readonly GradeRow[]): ChildGrades['ruleNextReview'] {
  const last = new Map<string, GradeRow>();
  for (const row of rows) last.set(row.word_id!, row);
  const moved: ChildGrades['ruleNextReview'] = new Map();
  for (const [wordId, row] of last) {
    const rule = addDaysIso(row.local_date, row.interval);
    if (rule !== row.next_review) moved.set(wordId, { rule, planned: row.next_review });
  }
  return moved;
}

/** Every child's grades and results, from rows of several children. */
export function gradesOfChildren(
  speeds: SpeedFits,
  rows: readonly GradeRow[],
  results: readonly ResultRow[] = [],
): Map<string, ChildGrades> {
  const byChild = new Map<string, GradeRow[]>();
  for (const row of rows) {
    const list = byChild.get(row.child_id);
    if (list) list.push(row);
    else byChild.set(row.child_id, [row]);
  }
  const resultsByChild = new Map<string, ResultRow[]>();
  for (const row of results) {
    const list = resultsByChild.get(row.childId);
    if (list) list.push(row);
    else resultsByChild.set(row.childId, [row]);
  }
  const children = new Set([...byChild.keys(), ...resultsByChild.keys()]);
  return new Map(
    [...children].map((childId) => [
      childId,
      childGrades(speeds, childId, byChild.get(childId) ?? [], resultsByChild.get(childId) ?? []),
    ]),
  );
}

const NO_GRADES: ChildGrades = {
  byWord: new Map(),
  speed: 1,
  calibration: NO_CALIBRATION,
  tests: [],
  ruleNextReview: new Map(),
};

export function readinessOf(
  grades: ChildGrades | undefined,
  set: { testDate: string; wordIds: readonly string[] },
  today: string,
): WordSetReadiness {
  const { byWord, speed, calibration } = grades ?? NO_GRADES;
  return setReadiness(set.wordIds, byWord, speed, set.testDate, today, calibration);
}

/**
 * What the app predicted for the set's test day from what it knew before (issue 34); null until
 * the test date.
 */
export function predictedForTestOf(
  grades: ChildGrades | undefined,
  set: { testDate: string; wordIds: readonly string[] },
  today: string,
): TestPrediction | null {
  if (set.testDate > today) return null;
  const { byWord, speed, tests } = grades ?? NO_GRADES;
  const { expectedCorrect, range } = predictionForTest(set.wordIds, byWord, speed, set.testDate, tests);
  return { expectedCorrect, range };
}

/** Each word's chance of being right on its own set's test date, for a child's trouble words. */
export function recallOf(grades: ChildGrades | undefined, wordId: string, testDate: string, today: string) {
  const { byWord, speed, calibration } = grades ?? NO_GRADES;
  return calibrated(wordRecallOnTestDay(byWord.get(wordId) ?? [], speed, testDate, today), calibration);
}

/**
 * The planner's next review for a word graded now, in days, or null to keep the rule's. `rows`
 * are the word's grades before this one (or the child's: only the word's are read); `speed` is
 * the child's fitted speed.
 */
export function plannedDays(
  rows: readonly GradeRow[],
  word: { id: string; grade: Grade; testDate: string },
  today: string,
  speed: number,
): number | null {
  const byWord = gradesByWord(rows.map(toStoredGrade));
  const reviews = [...(byWord.get(word.id) ?? []), { day: dayNumber(today), grade: word.grade }];
  return plannedInterval(reviews, speed, word.testDate, today);
}
