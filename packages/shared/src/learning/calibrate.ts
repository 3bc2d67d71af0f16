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
 * How far a child's repeat reviews may sit from the model before any evidence (the prior's
 * standard deviation on the log-odds).
 */
export const CALIBRATION_PRIOR_SD = 1;
/**
 * How far the test day may sit from what the repeat reviews say, on the log-odds: the grades are
 * the parent's reading of practice at the practice's own intervals, the test is the child alone
 * on the day. Only recorded test results narrow it. Tuned on the tuning seeds (docs/learning.md).
 */
export const TRANSFER_SD = 0.5;
/** A repeat review counts for this much: a parent's grade is a noisy reading of the child's recall. */
export const REVIEW_WEIGHT = 0.5;

export interface CalibrationSettings {
  priorSd: number;
  reviewWeight: number;
  transferSd: number;
}
export const CALIBRATION_SETTINGS: CalibrationSettings = {
  priorSd: CALIBRATION_PRIOR_SD,
  reviewWeight: REVIEW_WEIGHT,
  transferSd: TRANSFER_SD,
};

/** The prior alone: no correction, and the full uncertainty of not knowing the child. */
export const NO_CALIBRATION: Calibration = {
  shift: 0,
  shiftSd: Math.round(Math.hypot(CALIBRATION_PRIOR_SD, TRANSFER_SD) * 1000) / 1000,
};

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
/** The test-day grid spans this many standard deviations of its prior each side. */
const TEST_GRID_SDS = 5;
const TEST_GRID_POINTS = 121;

/** Mean and standard deviation of a posterior given on grid points by log-density. */
function moments(points: readonly { shift: number; logPost: number }[]) {
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
  return { mean, sd: Math.sqrt(Math.max(0, square / mass - mean * mean)) };
}

/** How likely a recorded result is if every chance of the test moves by `shift`. */
function testLogLikelihood(test: TestEvidence, shift: number): number {
  const chances = test.chances.map((p) => clampP(shifted(p, shift)));
  if (chances.length === test.total) {
    // Every word of the set was tested: the count of independent words right (Poisson-binomial).
    let dist = [1];
    for (const p of chances) {
      const next = new Array<number>(dist.length + 1).fill(0);
      for (let k = 0; k < dist.length; k++) {
        next[k]! += dist[k]! * (1 - p);
        next[k + 1]! += dist[k]! * p;
      }
      dist = next;
    }
    return Math.log(Math.max(1e-300, dist[test.correct]!));
  }
  // A test of some of the set's words: each tested word right with the set's mean chance.
  const mean = clampP(chances.reduce((sum, p) => sum + p, 0) / chances.length);
  return test.correct * Math.log(mean) + (test.total - test.correct) * Math.log(1 - mean);
}

/**
 * The child's calibration from how their repeat reviews went against what the model expected
 * (each word's grades replayed at the child's speed), and from their recorded test results.
 * Two steps, both Bayesian: the reviews give a posterior of the shift at practice (a grid, the
 * prior normal around no correction with CALIBRATION_PRIOR_SD); the test day may sit TRANSFER_SD
 * further from it, which widens it; each recorded result is then weighed by its exact likelihood
 * (the Poisson-binomial of the words right), the strongest evidence there is on the test day.
 * With no evidence it is the prior: shift 0, √(prior² + transfer²).
 */
export function calibrate(
  words: readonly (readonly GradedReview[])[],
  speed: number,
  tests: readonly TestEvidence[] = [],
  settings: CalibrationSettings = CALIBRATION_SETTINGS,
): Calibration {
  const { priorSd, reviewWeight, transferSd } = settings;
  const repeats: { p: number; recalled: boolean }[] = [];
  for (const reviews of words)
    replayWord(reviews, speed, (expected, recalled) => repeats.push({ p: clampP(expected), recalled }));
  let atPractice = { mean: 0, sd: priorSd };
  if (repeats.length > 0) {
    const points: { shift: number; logPost: number }[] = [];
    for (let shift = GRID_MIN; shift <= GRID_MAX + 1e-9; shift += GRID_STEP) {
      let logPost = -(shift * shift) / (2 * priorSd * priorSd);
      for (const { p, recalled } of repeats) {
        const q = clampP(shifted(p, shift));
        logPost += reviewWeight * Math.log(recalled ? q : 1 - q);
      }
      points.push({ shift, logPost });
    }
    atPractice = moments(points);
  }
  let onTestDay = { mean: atPractice.mean, sd: Math.hypot(atPractice.sd, transferSd) };
  const usable = tests.filter((t) => t.chances.length > 0 && t.total >= 1 && t.correct <= t.total);
  if (usable.length > 0 && onTestDay.sd > 0) {
    const { mean, sd } = onTestDay;
    const step = (2 * TEST_GRID_SDS * sd) / (TEST_GRID_POINTS - 1);
    const points: { shift: number; logPost: number }[] = [];
    for (let i = 0; i < TEST_GRID_POINTS; i++) {
      const shift = mean - TEST_GRID_SDS * sd + i * step;
      let logPost = -((shift - mean) ** 2) / (2 * sd * sd);
      for (const test of usable) logPost += testLogLikelihood(test, shift);
      points.push({ shift, logPost });
    }
    onTestDay = moments(points);
  }
  return {
    shift: Math.round(onTestDay.mean * 1000) / 1000,
    shiftSd: Math.round(onTestDay.sd * 1000) / 1000,
  };
}
