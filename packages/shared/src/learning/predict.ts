import { replayWord, type GradedReview } from './history.js';
import { NEW_WORD_RECALL, recallProbability } from './memory-model.js';

export interface WordHistory {
  id: string;
  reviews: readonly GradedReview[];
}

export interface Readiness {
  /** Expected words right on the day, 0..wordCount, one decimal. */
  expectedCorrect: number;
  wordCount: number;
  /** The ids of the words least likely to be right, weakest first (at most AT_RISK_MAX). */
  atRisk: string[];
}

export const AT_RISK_MAX = 5;
/** A word this likely to be right or better is not "at risk". */
export const AT_RISK_BELOW = 0.9;

/** Each word's chance of being spelled right on `day`, from its own grades and the child's speed. */
export function recallOnDay(word: WordHistory, day: number, speed: number): number {
  const replayed = replayWord(word.reviews, speed);
  if (!replayed) return NEW_WORD_RECALL;
  return recallProbability(replayed.state, day - replayed.lastDay, speed);
}

export function predictReadiness(words: readonly WordHistory[], day: number, speed: number): Readiness {
  const chances = words.map((word) => ({ id: word.id, recall: recallOnDay(word, day, speed) }));
  const expected = chances.reduce((sum, c) => sum + c.recall, 0);
  const atRisk = chances
    .filter((c) => c.recall < AT_RISK_BELOW)
    .sort((a, b) => a.recall - b.recall)
    .slice(0, AT_RISK_MAX)
    .map((c) => c.id);
  return { expectedCorrect: Math.round(expected * 10) / 10, wordCount: words.length, atRisk };
}
