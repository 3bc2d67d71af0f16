import { GRADES, type Grade } from '../scheduler/constants.js';
import { afterReview, recallProbability, type MemoryState } from './memory-model.js';

/** One graded review of a word, on a day counted from any fixed origin. */
export interface GradedReview {
  day: number;
  grade: Grade;
}

export interface ReplayedWord {
  state: MemoryState;
  lastDay: number;
}

/**
 * Replays a word's grades through the model. Returns null for a word never graded. Calls
 * `onRepeat` for every review after the first with what the model expected of it, which is what
 * fitting a child's speed needs.
 */
export function replayWord(
  reviews: readonly GradedReview[],
  speed: number,
  onRepeat?: (expectedRecall: number, recalled: boolean) => void,
): ReplayedWord | null {
  let state: MemoryState | null = null;
  let lastDay = 0;
  for (const review of reviews) {
    if (state && onRepeat)
      onRepeat(recallProbability(state, review.day - lastDay, speed), review.grade !== GRADES.difficult);
    state = afterReview(state, state ? review.day - lastDay : 0, review.grade, speed);
    lastDay = review.day;
  }
  return state ? { state, lastDay } : null;
}
