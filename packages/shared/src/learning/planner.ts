import { GRADES } from '../scheduler/constants.js';
import { afterReview, HESITANT_RECALL, recallProbability, type MemoryState } from './memory-model.js';

/**
 * The test-day planner: after each grade it picks the day of a word's next review that gets the
 * most words right on the test date for the fewest reviews. Each review costs REVIEW_COST words
 * of expected score; the plan weighs every schedule of reviews up to the test (dynamic
 * programming over the model's memory state, with both outcomes of each review), so it spaces
 * reviews rather than waiting for a threshold. Decision record: docs/decisions/009-learning-model.md.
 */
export const REVIEW_COST = 0.005;
/** Tests further away than this are planned by the specification's rule until they come closer. */
export const PLAN_HORIZON_DAYS = 30;
/** A word less likely than this to be right on the day always comes back just before the test. */
export const UNSURE_RECALL = 0.9;

export interface PlanInput {
  state: MemoryState;
  /** Whole days from the review just made to the test day (1 = the test is tomorrow). */
  daysToTest: number;
  speed: number;
  reviewCost?: number;
}

interface Choice {
  value: number;
  /** Days to the next review, or null: no more review before the test. */
  next: number | null;
}

// The plan is worked out on a grid of states (stability in 10% steps, difficulty in halves,
// speed in e^0.1 steps), so each answer depends on its key alone and the bounded memo can share
// work between words, children and requests.
const MEMO_MAX = 200_000;
const memo = new Map<string, Choice>();

const snap = (value: number, perUnit: number) => Math.round(value * perUnit) / perUnit;
const snapLog = (value: number, perUnit: number) => Math.exp(snap(Math.log(value), perUnit));

function best(state: MemoryState, daysToTest: number, speed: number, cost: number): Choice {
  const grid = { stability: snapLog(state.stability, 10), difficulty: snap(state.difficulty, 2) };
  const key = `${daysToTest}|${grid.stability}|${grid.difficulty}|${speed}|${cost}`;
  const known = memo.get(key);
  if (known) return known;
  let choice: Choice = { value: recallProbability(grid, daysToTest, speed), next: null };
  for (let wait = 1; wait < daysToTest; wait++) {
    const p = recallProbability(grid, wait, speed);
    const grade = p < HESITANT_RECALL ? GRADES.medium : GRADES.easy;
    const remembered = best(afterReview(grid, wait, grade, speed), daysToTest - wait, speed, cost);
    const forgotten = best(afterReview(grid, wait, GRADES.difficult, speed), daysToTest - wait, speed, cost);
    const value = -cost + p * remembered.value + (1 - p) * forgotten.value;
    if (value > choice.value) choice = { value, next: wait };
  }
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, choice);
  return choice;
}

/**
 * Days from now to the word's next review, or null when the test is past or beyond the horizon
 * (the caller then keeps the rule's date). A word still unsure on the day always returns the day
 * before the test.
 */
export function planNextReview({
  state,
  daysToTest,
  speed,
  reviewCost = REVIEW_COST,
}: PlanInput): number | null {
  if (daysToTest < 1 || daysToTest > PLAN_HORIZON_DAYS) return null;
  const choice = best(state, daysToTest, snapLog(speed, 10), reviewCost);
  if (choice.next !== null) return choice.next;
  const unsure = recallProbability(state, daysToTest, speed) < UNSURE_RECALL;
  return unsure && daysToTest >= 2 ? daysToTest - 1 : null;
}
