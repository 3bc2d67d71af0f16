import { GRADES } from '../scheduler/constants.js';
import type { GradedReview } from './history.js';

/** Under this chance of being right on its own test date, a practised word is a trouble word. */
export const TROUBLE_RECALL_BELOW = 0.7;

/**
 * Whether a practised word is a trouble word (issue 34): a word the child gets wrong. In order:
 * - never one when every grade is Easy;
 * - never one when its latest grades end in Easy on two different days in a row;
 * - one when its latest grade is Difficult, or two of its last three are;
 * - otherwise one when its chance on its own test date is under TROUBLE_RECALL_BELOW.
 * `reviews` are the word's grades, oldest first; a word never graded is never a trouble word.
 */
export function isTroubleWord(reviews: readonly GradedReview[], recallOnTestDay: number): boolean {
  if (reviews.length === 0) return false;
  if (reviews.every((r) => r.grade === GRADES.easy)) return false;
  const easyDays = new Set<number>();
  for (let i = reviews.length - 1; i >= 0 && reviews[i]!.grade === GRADES.easy; i--)
    easyDays.add(reviews[i]!.day);
  if (easyDays.size >= 2) return false;
  if (reviews.at(-1)!.grade === GRADES.difficult) return true;
  if (reviews.slice(-3).filter((r) => r.grade === GRADES.difficult).length >= 2) return true;
  return recallOnTestDay < TROUBLE_RECALL_BELOW;
}
