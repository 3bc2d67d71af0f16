import { addDaysIso, BoundedMap, type Grade, type WordSetReadiness } from '@spellwell/shared';
import {
  childSpeed,
  dayNumber,
  gradesByWord,
  plannedInterval,
  setReadiness,
  wordRecallOnTestDay,
  type GradedReview,
} from '@spellwell/shared/learning';
import type { GradeRow } from './grades-repository.js';

/**
 * The predicted test-day score and the planner's inputs, from a child's stored grades (issue 19,
 * decision 009). The model is in `@spellwell/shared/learning`; this module only shapes rows
 * for it and keeps each child's fitted speed.
 */

/** Children whose fitted speed is kept; the fit replays every grade of the child, many times. */
const SPEEDS_MAX = 10_000;
const speeds = new BoundedMap<string, { stamp: string; speed: number }>(SPEEDS_MAX);

/**
 * The child's speed, fitted again only when their grades changed. The stamp (how many grades,
 * and the last one's id) changes with every grade and every undo, on whichever server made
 * it, so no server can keep a speed from before a grade.
 */
function speedOf(childId: string, rows: readonly GradeRow[], byWord: ReadonlyMap<string, GradedReview[]>) {
  const stamp = `${rows.length} ${rows.at(-1)?.id ?? ''}`;
  const known = speeds.get(childId);
  if (known?.stamp === stamp) return known.speed;
  const speed = childSpeed(byWord);
  speeds.set(childId, { stamp, speed });
  return speed;
}

export interface ChildGrades {
  /** Each word's grades, oldest first. */
  byWord: Map<string, GradedReview[]>;
  speed: number;
  /** The rule's next review and the planner's, where the planner moved a word's at its last grade. */
  ruleNextReview: Map<string, { rule: string; planned: string }>;
}

const toStoredGrade = (row: GradeRow) => ({
  wordId: row.word_id!,
  grade: row.quality as Grade,
  localDate: row.local_date,
});

/**
 * The child's last fitted speed, however many grades ago: enough for the planner at grading
 * time, which then need not read and replay every grade of the child inside the grade's
 * transaction. The next readiness answer fits it again.
 */
export const lastFittedSpeed = (childId: string): number | undefined => speeds.get(childId)?.speed;

/** One child's grades (rows of that child only, oldest first), ready for the model. */
export function childGrades(childId: string, rows: readonly GradeRow[]): ChildGrades {
  const byWord = gradesByWord(rows.map(toStoredGrade));
  return { byWord, speed: speedOf(childId, rows, byWord), ruleNextReview: plannedAway(rows) };
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

/** Every child's grades, from rows of several children. */
export function gradesOfChildren(rows: readonly GradeRow[]): Map<string, ChildGrades> {
  const byChild = new Map<string, GradeRow[]>();
  for (const row of rows) {
    const list = byChild.get(row.child_id);
    if (list) list.push(row);
    else byChild.set(row.child_id, [row]);
  }
  return new Map([...byChild].map(([childId, list]) => [childId, childGrades(childId, list)]));
}

const NO_GRADES: ChildGrades = { byWord: new Map(), speed: 1, ruleNextReview: new Map() };

export function readinessOf(
  grades: ChildGrades | undefined,
  set: { testDate: string; wordIds: readonly string[] },
  today: string,
): WordSetReadiness {
  const { byWord, speed } = grades ?? NO_GRADES;
  return setReadiness(set.wordIds, byWord, speed, set.testDate, today);
}

/** Each word's chance of being right on its own set's test date, for a child's trouble words. */
export function recallOf(grades: ChildGrades | undefined, wordId: string, testDate: string, today: string) {
  const { byWord, speed } = grades ?? NO_GRADES;
  return wordRecallOnTestDay(byWord.get(wordId) ?? [], speed, testDate, today);
}

/**
 * The planner's next review for a word graded now, in days, or null to keep the rule's. `rows`
 * are the child's grades before this one.
 */
export function plannedDays(
  childId: string,
  rows: readonly GradeRow[],
  word: { id: string; grade: Grade; testDate: string },
  today: string,
  knownSpeed?: number,
): number | null {
  const { byWord, speed } =
    knownSpeed === undefined
      ? childGrades(childId, rows)
      : { byWord: gradesByWord(rows.map(toStoredGrade)), speed: knownSpeed };
  const reviews = [...(byWord.get(word.id) ?? []), { day: dayNumber(today), grade: word.grade }];
  return plannedInterval(reviews, speed, word.testDate, today);
}
