import { daysBetween, parseIsoDate, type WordSetReadiness } from '@spellwell/shared';
import { format } from 'date-fns';

/**
 * A set's predicted test-day score in plain words (issue 19), from the parent's day:
 * "Likely 8 of 10 by Fri", "Likely 8 of 10 by tomorrow", "Likely 8 of 10 today" (test today),
 * "Likely 8 of 10 if tested today" (test past: the score for today), and, before any word has
 * been graded, "Not practised yet" (the model would only be guessing).
 */
export function readinessWords(
  readiness: WordSetReadiness,
  practisedCount: number,
  testDate: string,
  today: string,
): string {
  if (practisedCount === 0 || readiness.wordCount === 0) return 'Not practised yet';
  // The expected count has one decimal; a parent reads whole words.
  const likely = `Likely ${Math.round(readiness.expectedCorrect)} of ${readiness.wordCount}`;
  const days = daysBetween(today, testDate);
  if (days < 0) return `${likely} if tested today`;
  if (days === 0) return `${likely} today`;
  if (days === 1) return `${likely} by tomorrow`;
  const date = parseIsoDate(testDate);
  return `${likely} by ${format(date, days < 7 ? 'EEE' : 'EEE d MMM')}`;
}

/** The practice page's address for a practice of only these words of the set. */
export const weakWordsSearch = (wordIds: readonly string[]) =>
  `?${new URLSearchParams({ words: wordIds.join(',') })}`;
