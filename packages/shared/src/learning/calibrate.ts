import { replayWord, type GradedReview } from './history.js';

/**
 * A child's calibration (issue 34): how far their real recall sits from what the memory model
 * expects, as a shift on the log-odds of every chance (0: the model is right about them), and
 * how sure that shift is. The predictor moves every word's chance by `shift` and widens its
 * range by `shiftSd`.
 */
export interface Calibration {
  shift: number;
  shiftSd: number;
}

/**
 * How far a child may sit from the model before any evidence (the prior's standard deviation
 * on the log-odds). Tuned in the simulation on the tuning split only (docs/learning.md).
 */
export const CALIBRATION_PRIOR_SD = 1;
/** How many repeat reviews one word of a recorded test result counts as: the strongest evidence. */
export const TEST_RESULT_WEIGHT = 10;
/** A repeat review counts for this much: a parent's grade is a noisy reading of the child's recall. */
export const REVIEW_WEIGHT = 0.5;

export interface CalibrationSettings {
  priorSd: number;
  reviewWeight: number;
  testWeight: number;
}
export const CALIBRATION_SETTINGS: CalibrationSettings = {
  priorSd: CALIBRATION_PRIOR_SD,
  reviewWeight: REVIEW_WEIGHT,
  testWeight: TEST_RESULT_WEIGHT,
};

/** The prior alone: no correction, and the full uncertainty of not knowing the child. */
export const NO_CALIBRATION: Calibration = { shift: 0, shiftSd: CALIBRATION_PRIOR_SD };

const logit = (p: number) => Math.log(p / (1 - p));
const clampP = (p: number) => Math.min(0.999, Math.max(0.001, p));
/** A chance moved by `shift` on the log-odds. */
export function shifted(p: number, shift: number): number {
  if (shift === 0) return p;
  return 1 / (1 + Math.exp(-(logit(clampP(p)) + shift)));
}

/** A recorded test: the model's chance for each word on the test day (from the grades before it), and the result. */
export interface TestEvidence {
  chances: readonly number[];
  correct: number;
  total: number;
}

const GRID_MIN = -3;
const GRID_MAX = 3;
const GRID_STEP = 0.05;

/**
 * The child's calibration from how their repeat reviews went against what the model expected
 * (each word's grades replayed at the child's speed), and from their recorded test results.
 * A posterior on a grid: with no evidence it is the prior (shift 0, CALIBRATION_PRIOR_SD),
 * and it moves away from 0 only as far as the evidence carries it.
 */
export function calibrate(
  words: readonly (readonly GradedReview[])[],
  speed: number,
  tests: readonly TestEvidence[] = [],
  settings: CalibrationSettings = CALIBRATION_SETTINGS,
): Calibration {
  const { priorSd, reviewWeight, testWeight } = settings;
  const repeats: { p: number; recalled: boolean }[] = [];
  for (const reviews of words)
    replayWord(reviews, speed, (expected, recalled) => repeats.push({ p: clampP(expected), recalled }));
  if (repeats.length === 0 && tests.length === 0) return { shift: 0, shiftSd: priorSd };
  const points: { shift: number; logPost: number }[] = [];
  for (let shift = GRID_MIN; shift <= GRID_MAX + 1e-9; shift += GRID_STEP) {
    let logPost = -(shift * shift) / (2 * priorSd * priorSd);
    for (const { p, recalled } of repeats) {
      const q = clampP(shifted(p, shift));
      logPost += reviewWeight * Math.log(recalled ? q : 1 - q);
    }
    for (const test of tests) {
      if (test.chances.length === 0 || test.total < 1) continue;
      const mean = clampP(test.chances.reduce((sum, p) => sum + shifted(p, shift), 0) / test.chances.length);
      logPost +=
        testWeight * (test.correct * Math.log(mean) + (test.total - test.correct) * Math.log(1 - mean));
    }
    points.push({ shift, logPost });
  }
  const top = Math.max(...points.map((pt) => pt.logPost));
  let mass = 0;
  let mean = 0;
  let square = 0;
  for (const { shift, logPost } of points) {
    const w = Math.exp(logPost - top);
    mass += w;
    mean += w * shift;
    square += w * shift * shift;
  }
  mean /= mass;
  const sd = Math.sqrt(Math.max(0, square / mass - mean * mean));
  return { shift: Math.round(mean * 1000) / 1000, shiftSd: Math.round(sd * 1000) / 1000 };
}
