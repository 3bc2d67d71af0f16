import { NO_CALIBRATION, shifted, type Calibration } from './calibrate.js';
import { replayWord, type GradedReview } from './history.js';
import { NEW_WORD_RECALL, recallProbability } from './memory-model.js';

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
  /** The child's calibration (`calibrate`); without it, the prior: no shift, full uncertainty. */
  calibration?: Calibration;
}

export const AT_RISK_MAX = 5;
/** A word this likely to be right or better is not "at risk". */
export const AT_RISK_BELOW = 0.9;
/**
 * Each tail left outside the range: 0.1 each side makes an 80% interval of a continuous count.
 * Tuned in the simulation so that the whole-word range holds the actual result about 80% of
 * the time (docs/learning.md).
 */
export const RANGE_TAIL = 0.1;

/** Each word's chance of being spelled right on `day`, from its own grades and the child's speed. */
export function recallOnDay(word: WordHistory, day: number, speed: number): number {
  const replayed = replayWord(word.reviews, speed);
  if (!replayed) return NEW_WORD_RECALL;
  return recallProbability(replayed.state, day - replayed.lastDay, speed);
}

// Gauss–Hermite nodes and weights for a standard normal: the calibration's uncertainty is
// integrated over five shifts.
const NODES = [-2.856970013872806, -1.355626179974266, 0, 1.355626179974266, 2.856970013872806];
const WEIGHTS = [
  0.011257411327721, 0.222075922005613, 0.533333333333333, 0.222075922005613, 0.011257411327721,
];

/** The distribution of how many of independent events happen (Poisson-binomial), by index. */
function countDistribution(chances: readonly number[]): number[] {
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
  const { shift, shiftSd } = options.calibration ?? NO_CALIBRATION;
  const raw = words.map((word) => recallOnDay(word, day, speed));
  const chances = words.map((word, i) => ({ id: word.id, recall: shifted(raw[i]!, shift) }));
  const mixture = new Array<number>(words.length + 1).fill(0);
  let expected = 0;
  NODES.forEach((node, n) => {
    const at = raw.map((p) => shifted(p, shift + node * shiftSd));
    expected += WEIGHTS[n]! * at.reduce((sum, p) => sum + p, 0);
    countDistribution(at).forEach((mass, k) => (mixture[k]! += WEIGHTS[n]! * mass));
  });
  const expectedCorrect = Math.round(expected * 10) / 10;
  const atRisk = chances
    .filter((c) => c.recall < AT_RISK_BELOW)
    .sort((a, b) => a.recall - b.recall)
    .slice(0, AT_RISK_MAX)
    .map((c) => c.id);
  return { expectedCorrect, wordCount: words.length, atRisk, range: rangeOf(mixture, expectedCorrect) };
}

/** The whole-word interval leaving RANGE_TAIL of the chance on each side, holding the rounded mean. */
function rangeOf(dist: readonly number[], expected: number): ReadinessRange {
  const total = dist.reduce((a, b) => a + b, 0);
  let low = 0;
  let high = dist.length - 1;
  let below = 0;
  for (let k = 0; k < dist.length; k++) {
    below += dist[k]! / total;
    if (below > RANGE_TAIL) {
      low = k;
      break;
    }
  }
  let above = 0;
  for (let k = dist.length - 1; k >= 0; k--) {
    above += dist[k]! / total;
    if (above > RANGE_TAIL) {
      high = k;
      break;
    }
  }
  const rounded = Math.round(expected);
  return { low: Math.min(low, rounded), high: Math.max(high, rounded) };
}
