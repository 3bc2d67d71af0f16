import { GRADES } from '../scheduler/constants.js';
import { replayWord, type GradedReview } from './history.js';

/**
 * A child's calibration (issue 34): how their real recall sits from what the memory model
 * expects, on the log-odds of every chance p: logit p' = PIVOT + shift + slope·(logit p − PIVOT).
 * `shift` 0 and `slope` 1 leave the model as it is; a slope under 1 says the model is too sure of
 * this child (its high chances too high, its low ones too low). Each comes with its uncertainty
 * (a normal posterior, `correlation` between the two), which the predictor mixes over: the range
 * is wide while the model of the child is unsure. `slope`, `slopeSd` and `correlation` may be
 * left out (1, 0, 0: a shift alone).
 */
export interface Calibration {
  shift: number;
  shiftSd: number;
  slope?: number;
  slopeSd?: number;
  correlation?: number;
  /**
   * The chance the parent grades a forgotten word Medium or Easy (`leniencyOf`); left out, 0.
   * The shift and slope are then of the child's real recall, and the practice still to come is
   * graded with this leniency, as the replayed grades were.
   */
  leniency?: number;
}

/** The chance the slope turns about (0.8): calibration moves chances near it the least. */
export const CALIBRATION_PIVOT = Math.log(4);
/**
 * How far a child's repeat reviews may sit from the model before any evidence (the prior's
 * standard deviation of the shift, on the log-odds).
 */
export const CALIBRATION_PRIOR_SD = 1;
/** The prior's standard deviation of the slope around 1. */
export const SLOPE_PRIOR_SD = 0.15;
/**
 * How far the test day may sit from what the repeat reviews say, on the log-odds: the grades are
 * the parent's reading of practice at the practice's own intervals, the test is the child alone
 * on the day. Only recorded test results narrow it. Tuned on the tuning seeds (docs/learning.md).
 */
export const TRANSFER_SD = 0.5;
/**
 * Before any recorded result the test day is read this much further from the model than the
 * practice is (the test-day shift is the practice shift × (1 + UNTESTED_GAIN)): where the model
 * misreads a child at practice it misreads the test day, a longer wait alone, more. Learned on the
 * tuning seeds across the four learner families (docs/learning.md), not per family; a recorded
 * result replaces it with evidence.
 */
export const UNTESTED_GAIN = 0.5;
/**
 * Each test sits apart from the child's shift by a deviation of its own, with a standard
 * deviation of TEST_SPREAD × the shift: the further the model is from the child, the less one
 * list says about the next. Recorded results narrow the child's shift, never the next test's own
 * deviation, so the range keeps this width. Tuned on the tuning seeds (docs/learning.md).
 */
export const TEST_SPREAD = 0.6;
/** A repeat review counts for this much: a parent's grade is a noisy reading of the child's recall. */
export const REVIEW_WEIGHT = 0.5;

/**
 * The most a parent's grades are read as lenient: the chance that a forgotten word was graded
 * Medium or Easy, for a parent whose Easy and Medium do not follow the model's chances at all
 * (`leniencyOf`). Tuned on the tuning seeds (docs/learning.md).
 */
export const LENIENCY_MAX = 0.3;
/**
 * At or above this agreement between a parent's Easy/Medium and the model's chances (the share
 * of (Easy, Medium) pairs where the Easy word had the higher chance; 0.5 is none, 1 is perfect)
 * the grades are read as they are.
 */
export const LENIENCY_AGREEMENT = 0.75;
/** (Easy, Medium) pairs at which the agreement counts half: fewer, and it is shrunk towards none. */
export const LENIENCY_PAIRS = 20;

export interface CalibrationSettings {
  priorSd: number;
  slopeSd: number;
  reviewWeight: number;
  transferSd: number;
  /** LENIENCY_MAX, LENIENCY_AGREEMENT and LENIENCY_PAIRS; left out, grades are read as they are. */
  leniencyMax?: number;
  leniencyAgreement?: number;
  leniencyPairs?: number;
  /** UNTESTED_GAIN and TEST_SPREAD; left out, 0. */
  untestedGain?: number;
  testSpread?: number;
}
export const CALIBRATION_SETTINGS: CalibrationSettings = {
  priorSd: CALIBRATION_PRIOR_SD,
  slopeSd: SLOPE_PRIOR_SD,
  reviewWeight: REVIEW_WEIGHT,
  transferSd: TRANSFER_SD,
  leniencyMax: LENIENCY_MAX,
  leniencyAgreement: LENIENCY_AGREEMENT,
  leniencyPairs: LENIENCY_PAIRS,
  untestedGain: UNTESTED_GAIN,
  testSpread: TEST_SPREAD,
};

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The prior alone: no correction, and the full uncertainty of not knowing the child. */
export const NO_CALIBRATION: Calibration = {
  shift: 0,
  shiftSd: round3(Math.hypot(CALIBRATION_PRIOR_SD, TRANSFER_SD)),
  slope: 1,
  slopeSd: SLOPE_PRIOR_SD,
  correlation: 0,
};

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clampP = (p: number) => Math.min(0.999, Math.max(0.001, p));
/** A chance moved by `shift` on the log-odds. */
export function shifted(p: number, shift: number): number {
  if (shift === 0) return p;
  return sigmoid(logit(clampP(p)) + shift);
}

/** A chance moved by a shift and a slope about CALIBRATION_PIVOT (the slope never below 0). */
export function recalibrated(p: number, shift: number, slope = 1): number {
  if (slope === 1) return shifted(p, shift);
  return sigmoid(CALIBRATION_PIVOT + shift + Math.max(0, slope) * (logit(clampP(p)) - CALIBRATION_PIVOT));
}

/** A chance moved by the calibration's most likely shift and slope. */
export const calibrated = (p: number, calibration: Calibration) =>
  recalibrated(p, calibration.shift, calibration.slope ?? 1);

/** A recorded test: the model's chance for each word on the test day (from the grades before it), and the result. */
export interface TestEvidence {
  chances: readonly number[];
  correct: number;
  total: number;
}

/** The test-day grid spans this many standard deviations of its prior each side. */
const TEST_GRID_SDS = 5;
const TEST_GRID_POINTS = 121;
const NEWTON_STEPS = 30;

/** How likely a recorded result is if every chance of the test is moved by `shift` and `slope`. */
function testLogLikelihood(test: TestEvidence, shift: number, slope: number): number {
  const chances = test.chances.map((p) => clampP(recalibrated(p, shift, slope)));
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
 * What one grade says about the log-odds (the curvature of its log-likelihood there): q(1 − q)
 * for a grade read as it is, less for a "recalled" that may be a forgotten word let through
 * (chance λ + (1 − λ)·q).
 */
function information(q: number, leniency: number): number {
  if (leniency <= 0) return q * (1 - q);
  const seen = leniency + (1 - leniency) * q;
  const slope = (1 - leniency) * q * (1 - q);
  return Math.max(0, (slope / seen) ** 2 - (slope * (1 - 2 * q)) / seen);
}

/** Rounds of expectation–maximisation when grades are read as lenient. */
const LENIENCY_ROUNDS = 25;

/**
 * How lenient a parent's grades look, before any test result (issue 34): a parent who grades by
 * how the child did calls the words the model found likely Easy and the unlikely ones Medium, so
 * of the pairs (a repeat graded Easy, one graded Medium) the Easy one nearly always had the
 * higher chance. A parent whose Easy and Medium do not follow the chances at all (agreement 0.5)
 * is reading grades loosely, and lets a wrong spelling through: leniency `leniencyMax`. Between
 * `leniencyAgreement` and 0.5 it grows in a straight line; with few pairs it is shrunk towards 0.
 */
export function leniencyOf(
  repeats: readonly { x: number; grade: GradedReview['grade'] }[],
  settings: CalibrationSettings = CALIBRATION_SETTINGS,
): number {
  const { leniencyMax = 0, leniencyAgreement = 1, leniencyPairs = 1 } = settings;
  if (leniencyMax <= 0) return 0;
  const easy = repeats.filter((r) => r.grade === GRADES.easy).map((r) => r.x);
  const medium = repeats
    .filter((r) => r.grade === GRADES.medium)
    .map((r) => r.x)
    .sort((a, b) => a - b);
  const pairs = easy.length * medium.length;
  if (pairs === 0) return 0;
  // Each Easy against every Medium (sorted: a child's thousands of grades stay n·log n).
  const countBelow = (x: number, orEqual: boolean) => {
    let low = 0;
    let high = medium.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (medium[mid]! < x || (orEqual && medium[mid] === x)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  let agree = 0;
  for (const e of easy) agree += (countBelow(e, false) + countBelow(e, true)) / 2;
  const loose = Math.min(1, Math.max(0, (leniencyAgreement - agree / pairs) / (leniencyAgreement - 0.5)));
  return leniencyMax * loose * (pairs / (pairs + leniencyPairs));
}

/**
 * The shift and slope at practice from the repeat reviews: a Bayesian logistic regression of
 * "recalled" on the model's log-odds (each review weighted `reviewWeight`), its mode found by
 * Newton's method and its uncertainty from the curvature there (the Laplace approximation).
 * With a `leniency` λ (the chance a forgotten word was graded Medium or Easy), a grade that is
 * not Difficult has the chance q + (1 − q)·λ rather than q: the mode is found by expectation–
 * maximisation, each such grade counting as a recall by its chance of having been one.
 */
function fitAtPractice(
  repeats: readonly { x: number; recalled: boolean }[],
  settings: CalibrationSettings,
  leniency = 0,
) {
  const { priorSd, slopeSd, reviewWeight } = settings;
  let a = 0;
  let b = 1;
  let h = { aa: 0, ab: 0, bb: 0 };
  const targets: number[] = repeats.map((r) => (r.recalled ? 1 : 0));
  for (let round = 0; round < (leniency > 0 ? LENIENCY_ROUNDS : 1); round++) {
    if (leniency > 0)
      repeats.forEach(({ x, recalled }, i) => {
        const q = sigmoid(CALIBRATION_PIVOT + a + b * x);
        targets[i] = recalled ? q / (q + (1 - q) * leniency) : 0;
      });
    let moved = 0;
    for (let step = 0; step < NEWTON_STEPS; step++) {
      let ga = -a / priorSd ** 2;
      let gb = -(b - 1) / slopeSd ** 2;
      h = { aa: 1 / priorSd ** 2, ab: 0, bb: 1 / slopeSd ** 2 };
      repeats.forEach(({ x, recalled }, i) => {
        const q = sigmoid(CALIBRATION_PIVOT + a + b * x);
        const r = reviewWeight * (targets[i]! - q);
        const v = reviewWeight * information(q, recalled ? leniency : 0);
        ga += r;
        gb += r * x;
        h.aa += v;
        h.ab += v * x;
        h.bb += v * x * x;
      });
      const det = h.aa * h.bb - h.ab * h.ab;
      const da = (h.bb * ga - h.ab * gb) / det;
      const db = (h.aa * gb - h.ab * ga) / det;
      a += da;
      b += db;
      moved += Math.abs(da) + Math.abs(db);
      if (Math.abs(da) + Math.abs(db) < 1e-6) break;
    }
    if (moved < 1e-6) break;
  }
  const det = h.aa * h.bb - h.ab * h.ab;
  return { a, b, varA: h.bb / det, varB: h.aa / det, cov: -h.ab / det };
}

/**
 * The child's calibration from how their repeat reviews went against what the model expected
 * (each word's grades replayed at the child's speed), and from their recorded test results.
 * Two Bayesian steps: the reviews give the shift and slope at practice (priors: shift normal
 * around 0 with CALIBRATION_PRIOR_SD, slope around 1 with SLOPE_PRIOR_SD); the test day may sit
 * TRANSFER_SD further from that shift, which keeps the range wide; each recorded result then
 * weighs the test-day shift by its exact likelihood (the Poisson-binomial of the words right),
 * the strongest evidence there is. With no evidence it is the prior (NO_CALIBRATION).
 */
export function calibrate(
  words: readonly (readonly GradedReview[])[],
  speed: number,
  tests: readonly TestEvidence[] = [],
  settings: CalibrationSettings = CALIBRATION_SETTINGS,
): Calibration {
  const repeats: { x: number; recalled: boolean; grade: GradedReview['grade'] }[] = [];
  for (const reviews of words) {
    let index = 0;
    replayWord(reviews, speed, (expected, recalled) =>
      repeats.push({
        x: logit(clampP(expected)) - CALIBRATION_PIVOT,
        recalled,
        grade: reviews[++index]!.grade,
      }),
    );
  }
  const leniency = repeats.length > 0 ? leniencyOf(repeats, settings) : 0;
  const practice =
    repeats.length > 0
      ? fitAtPractice(repeats, settings, leniency)
      : { a: 0, b: 1, varA: settings.priorSd ** 2, varB: settings.slopeSd ** 2, cov: 0 };
  const usable = tests.filter((t) => t.chances.length > 0 && t.total >= 1 && t.correct <= t.total);
  const gain = usable.length === 0 ? 1 + (settings.untestedGain ?? 0) : 1;
  let shift = practice.a * gain;
  let shiftSd = Math.sqrt(practice.varA + settings.transferSd ** 2);
  let cov = practice.cov;
  if (usable.length > 0 && shiftSd > 0) {
    // The test-day shift on a grid, the slope held at its most likely value.
    const step = (2 * TEST_GRID_SDS * shiftSd) / (TEST_GRID_POINTS - 1);
    const points: { at: number; logPost: number }[] = [];
    for (let i = 0; i < TEST_GRID_POINTS; i++) {
      const at = shift - TEST_GRID_SDS * shiftSd + i * step;
      let logPost = -((at - shift) ** 2) / (2 * shiftSd ** 2);
      for (const test of usable) logPost += testLogLikelihood(test, at, practice.b);
      points.push({ at, logPost });
    }
    const top = Math.max(...points.map((pt) => pt.logPost));
    let mass = 0;
    let mean = 0;
    let square = 0;
    for (const { at, logPost } of points) {
      const w = Math.exp(logPost - top);
      mass += w;
      mean += w * at;
      square += w * at * at;
    }
    mean /= mass;
    const sd = Math.sqrt(Math.max(0, square / mass - mean * mean));
    // The results narrow the shift; its tie to the slope narrows with it.
    cov *= sd / shiftSd;
    shift = mean;
    shiftSd = sd;
  }
  // The next test's own deviation: the results narrowed the child's shift, not it.
  const spread = Math.abs((settings.testSpread ?? 0) * shift);
  shiftSd = Math.hypot(shiftSd, spread);
  const slopeSd = Math.sqrt(practice.varB);
  const correlation = shiftSd > 0 && slopeSd > 0 ? Math.max(-1, Math.min(1, cov / (shiftSd * slopeSd))) : 0;
  return {
    shift: round3(shift),
    shiftSd: round3(shiftSd),
    slope: round3(practice.b),
    slopeSd: round3(slopeSd),
    correlation: round3(correlation),
    ...(round3(leniency) > 0 ? { leniency: round3(leniency) } : {}),
  };
}
