import { GRADES, NEW_WORD_EASE, NEW_WORD_INTERVAL, TEST_PROXIMITY_DAYS } from '../scheduler/constants.js';
import { baseInterval, nextEaseFactor } from '../scheduler/schedule.js';
import { calibrate, calibrated, recalibrated, type Calibration } from './calibrate.js';
import { replayWord, type GradedReview } from './history.js';
import { afterReview, gradeForOutcome, NEW_WORD_RECALL, recallProbability } from './memory-model.js';

export interface WordHistory {
  id: string;
  /** The word's grades, oldest first, on days counted from any fixed origin. */
  reviews: readonly GradedReview[];
}

export interface ReadinessRange {
  low: number;
  high: number;
}

export interface Readiness {
  /** Expected words right on the day, 0..wordCount, one decimal. */
  expectedCorrect: number;
  wordCount: number;
  /** The ids of the words least likely to be right, weakest first (at most AT_RISK_MAX). */
  atRisk: string[];
  /**
   * An 80% interval of whole words right on the day (issue 34): low ≤ the rounded
   * expectedCorrect ≤ high.
   */
  range: ReadinessRange;
}

export interface PredictOptions {
  /**
   * The child's calibration (`calibrate` over all their words and recorded results); without it,
   * the one these words' own repeat reviews give (the prior when they have none).
   */
  calibration?: Calibration;
  /**
   * The day the prediction is made. Given, the prediction assumes the practice the
   * specification's rule will bring from the next day to the day before `day`, each day
   * practised with the chance PRACTICE_ATTENDANCE; without it, no more practice.
   */
  today?: number;
  /** The range's chance of holding the result (default RANGE_COVERAGE). */
  rangeCoverage?: number;
  /** The share of days practised from now on (default PRACTICE_ATTENDANCE); for tuning. */
  attendance?: number;
}

/** The share of days a family practises, assumed for practice still to come (the simulation's mean). */
export const PRACTICE_ATTENDANCE = 0.8;
/** Futures drawn per word for practice still to come; a fixed seed keeps the answer the same. */
const FUTURES = 48;

export const AT_RISK_MAX = 5;
/** A word this likely to be right or better is not "at risk". */
export const AT_RISK_BELOW = 0.9;
/** The chance the range holds the words right on the day (issue 34: an 80% interval). */
export const RANGE_COVERAGE = 0.76;

/** Each word's chance of being spelled right on `day`, from its own grades and the child's speed. */
export function recallOnDay(word: WordHistory, day: number, speed: number): number {
  const replayed = replayWord(word.reviews, speed);
  if (!replayed) return NEW_WORD_RECALL;
  return recallProbability(replayed.state, day - replayed.lastDay, speed);
}

/** The rule's interval after a grade, on day numbers (the test-date cap of `schedule()`). */
function ruleInterval(
  interval: number,
  ease: number,
  grade: (typeof GRADES)[keyof typeof GRADES],
  day: number,
  testDay: number,
) {
  const base = baseInterval(interval, ease, grade);
  const daysUntilTest = testDay - day;
  if (daysUntilTest < 0 || daysUntilTest > TEST_PROXIMITY_DAYS) return base;
  return Math.min(base, Math.max(1, daysUntilTest - 1));
}

/** mulberry32: a small seeded generator, so a prediction is the same every time it is asked. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A graded word's chance on `day` after the practice the rule will still bring (from
 * `today + 1` to the day before `day`, each day kept with PRACTICE_ATTENDANCE), averaged over
 * FUTURES draws of what happens at each practice. The rule's ease and interval are replayed
 * from the grades.
 */
function recallAfterPractice(
  word: WordHistory,
  day: number,
  speed: number,
  today: number,
  calibration: Calibration,
  index: number,
  attendance: number,
): number {
  let ease = NEW_WORD_EASE;
  let interval = NEW_WORD_INTERVAL;
  for (const review of word.reviews) {
    ease = nextEaseFactor(ease, review.grade);
    interval = ruleInterval(interval, ease, review.grade, review.day, day);
  }
  const replayed = replayWord(word.reviews, speed);
  // A word never graded stays at the new-word chance: nothing says when its practice starts.
  if (!replayed) return NEW_WORD_RECALL;
  const first = replayed.lastDay + interval;
  const leniency = calibration.leniency ?? 0;
  if (Math.max(first, today + 1) >= day) return recallOnDay(word, day, speed);
  const random = seededRandom(0x9e3779b9 ^ (index * 2654435761));
  let total = 0;
  for (let run = 0; run < FUTURES; run++) {
    let state = replayed.state;
    let last = replayed.lastDay;
    let runEase = ease;
    let runInterval = interval;
    let next = Math.max(first, today + 1);
    while (next < day) {
      if (random() >= attendance) {
        next++;
        continue;
      }
      const p = calibrated(recallProbability(state, next - last, speed), calibration);
      // Graded as this parent grades: a forgotten word let through with their leniency.
      const recalled = random() < p || (leniency > 0 && random() < leniency);
      const grade = gradeForOutcome(recalled, p);
      state = afterReview(state, next - last, grade, speed);
      last = next;
      runEase = nextEaseFactor(runEase, grade);
      runInterval = ruleInterval(runInterval, runEase, grade, next, day);
      next += runInterval;
    }
    total += recallProbability(state, day - last, speed);
  }
  return total / FUTURES;
}

// Gauss–Hermite nodes and weights for a standard normal: the calibration's uncertainty is
// integrated over five points of each of its two parameters.
const NODES = [-2.856970013872806, -1.355626179974266, 0, 1.355626179974266, 2.856970013872806];
const WEIGHTS = [
  0.011257411327721, 0.222075922005613, 0.533333333333333, 0.222075922005613, 0.011257411327721,
];

/**
 * The points (shift, slope) the predictive distribution is mixed over, with their weights: the
 * calibration's normal posterior, its two parameters correlated as it says. A parameter known
 * exactly (standard deviation 0) takes one point.
 */
function calibrationNodes(calibration: Calibration) {
  const { shift, shiftSd } = calibration;
  const slope = calibration.slope ?? 1;
  const slopeSd = calibration.slopeSd ?? 0;
  const rho = calibration.correlation ?? 0;
  const first = shiftSd > 0 ? NODES.map((z, i) => ({ z, w: WEIGHTS[i]! })) : [{ z: 0, w: 1 }];
  const second = slopeSd > 0 ? NODES.map((z, i) => ({ z, w: WEIGHTS[i]! })) : [{ z: 0, w: 1 }];
  return first.flatMap((u) =>
    second.map((v) => ({
      shift: shift + shiftSd * u.z,
      slope: slope + slopeSd * (rho * u.z + Math.sqrt(1 - rho * rho) * v.z),
      weight: u.w * v.w,
    })),
  );
}

/** The distribution of how many of independent events happen (Poisson-binomial), by index. */
export function countDistribution(chances: readonly number[]): number[] {
  let dist = [1];
  for (const p of chances) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      next[k]! += dist[k]! * (1 - p);
      next[k + 1]! += dist[k]! * p;
    }
    dist = next;
  }
  return dist;
}

/**
 * The predicted test-day score of a set (issues 19 and 34): each word's chance on `day` from its
 * own grades replayed at the child's `speed`, moved by the child's calibration; the expected
 * words right, the weakest words, and an 80% range of whole words right that allows both for
 * each word's luck on the day and for how unsure the calibration still is. Pure: the server and
 * the simulation call it alike (docs/learning.md).
 */
export function predictReadiness(
  words: readonly WordHistory[],
  day: number,
  speed: number,
  options: PredictOptions = {},
): Readiness {
  const { chances, distribution, expected } = predictiveDistribution(words, day, speed, options);
  const expectedCorrect = Math.round(expected * 10) / 10;
  const atRisk = words
    .map((word, i) => ({ id: word.id, recall: chances[i]! }))
    .filter((c) => c.recall < AT_RISK_BELOW)
    .sort((a, b) => a.recall - b.recall)
    .slice(0, AT_RISK_MAX)
    .map((c) => c.id);
  return {
    expectedCorrect,
    wordCount: words.length,
    atRisk,
    range: rangeOf(distribution, expectedCorrect, options.rangeCoverage ?? RANGE_COVERAGE),
  };
}

/**
 * What `predictReadiness` works from: each word's chance at the calibration's mean shift, and
 * the predictive distribution of the words right on `day` (index k: the chance of exactly k),
 * the Poisson-binomial of the words' chances mixed over the calibration's uncertainty (five
 * Gauss–Hermite points of the shift), with its mean. Without `options.calibration` the child is
 * calibrated from these words' own repeat reviews (`calibrate`).
 */
export function predictiveDistribution(
  words: readonly WordHistory[],
  day: number,
  speed: number,
  options: PredictOptions = {},
): { chances: number[]; distribution: number[]; expected: number } {
  const calibration =
    options.calibration ??
    calibrate(
      words.map((word) => word.reviews),
      speed,
    );
  const { today } = options;
  const raw = words.map((word, i) =>
    today === undefined
      ? recallOnDay(word, day, speed)
      : recallAfterPractice(
          word,
          day,
          speed,
          today,
          calibration,
          i,
          options.attendance ?? PRACTICE_ATTENDANCE,
        ),
  );
  const distribution = new Array<number>(words.length + 1).fill(0);
  let expected = 0;
  for (const { shift, slope, weight } of calibrationNodes(calibration)) {
    const at = raw.map((p) => recalibrated(p, shift, slope));
    expected += weight * at.reduce((sum, p) => sum + p, 0);
    countDistribution(at).forEach((mass, k) => (distribution[k]! += weight * mass));
  }
  return { chances: raw.map((p) => calibrated(p, calibration)), distribution, expected };
}

/**
 * The whole-word range: of the equal-tailed intervals of `dist` (cutting the same chance from
 * each side), the one whose chance is closest to `coverage`, the wider on a tie, stretched to hold
 * the rounded expected score. With whole words the chance jumps (10 likely words: 10 alone may
 * hold 55%, 9–10 93%), so a fixed cut overshoots; the closest interval holds the result
 * `coverage` of the time on average when the chances are right (the oracle rows of
 * docs/learning.md).
 */
export function rangeOf(dist: readonly number[], expected: number, coverage: number): ReadinessRange {
  const total = dist.reduce((a, b) => a + b, 0);
  const below = [0];
  for (const mass of dist) below.push(below.at(-1)! + mass / total);
  const last = dist.length - 1;
  const rounded = Math.min(last, Math.max(0, Math.round(expected)));
  let best = { low: 0, high: last, miss: Infinity };
  // Each distinct cut: every point where the lower or upper tail changes.
  const cuts = [...new Set([0, ...below.slice(1, -1), ...below.slice(1, -1).map((c) => 1 - c)])]
    .filter((t) => t >= 0 && t < 0.5)
    .sort((a, b) => a - b);
  for (const tail of cuts) {
    let low = 0;
    while (low < last && below[low + 1]! <= tail + 1e-12) low++;
    let high = last;
    while (high > 0 && 1 - below[high]! <= tail + 1e-12) high--;
    low = Math.min(low, rounded);
    high = Math.max(high, rounded);
    const miss = Math.round(Math.abs(below[high + 1]! - below[low]! - coverage) * 1e9);
    if (miss < best.miss) best = { low, high, miss };
  }
  return { low: best.low, high: best.high };
}
