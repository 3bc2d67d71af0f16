import { replayWord, type GradedReview } from './history.js';

/** Repeat reviews (a word graded again on a later day) a child needs before their own speed counts. */
export const MIN_REPEATS_TO_FIT = 12;

// Children's speeds are spread around 1 on a log scale; the prior keeps a few lucky or unlucky
// grades from swinging the fit (a maximum a posteriori estimate, not the bare likelihood).
const PRIOR_LOG_SD = 0.6;
// Speeds from e^-2 to e^2, searched coarse then fine, and kept on a grid of e^0.1 steps so that
// plans made for nearby speeds share their work.
const LOG_MIN = -2;
const LOG_MAX = 2;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.1;

/**
 * How fast a child forgets, from their grades on every word: 1 is FSRS's average learner, 2 forgets
 * twice as fast. Below MIN_REPEATS_TO_FIT repeat reviews it answers 1.
 */
export function fitSpeed(words: readonly (readonly GradedReview[])[]): number {
  const repeats = words.reduce((sum, reviews) => sum + new Set(reviews.map((r) => r.day)).size - 1, 0);
  if (repeats < MIN_REPEATS_TO_FIT) return 1;
  const score = (logSpeed: number) => {
    const speed = Math.exp(logSpeed);
    let total = -(logSpeed * logSpeed) / (2 * PRIOR_LOG_SD * PRIOR_LOG_SD);
    for (const reviews of words) {
      replayWord(reviews, speed, (expected, recalled) => {
        const p = Math.min(0.999, Math.max(0.001, expected));
        total += Math.log(recalled ? p : 1 - p);
      });
    }
    return total;
  };
  const search = (from: number, to: number, step: number) => {
    let bestLog = from;
    let bestScore = -Infinity;
    for (let logSpeed = from; logSpeed <= to + 1e-9; logSpeed += step) {
      const value = score(logSpeed);
      if (value > bestScore) [bestLog, bestScore] = [logSpeed, value];
    }
    return bestLog;
  };
  const coarse = search(LOG_MIN, LOG_MAX, COARSE_STEP);
  const fine = search(
    Math.max(LOG_MIN, coarse - COARSE_STEP + FINE_STEP),
    Math.min(LOG_MAX, coarse + COARSE_STEP - FINE_STEP),
    FINE_STEP,
  );
  const best = Math.exp(Math.round(fine / FINE_STEP) * FINE_STEP);
  return best;
}
