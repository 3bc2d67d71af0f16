import { daysBetween, parseIsoDate, type WordSetReadiness } from '@spellwell/shared';
import { format } from 'date-fns';

/** "7–9", or "9" when the range is one word. */
export const rangeText = (low: number, high: number) => (low === high ? `${low}` : `${low}–${high}`);

/**
 * A set's predicted test-day score in plain words (issues 19, 34), from the parent's day:
 * "Likely 7–9 of 10 by Fri", "… by tomorrow", "… today" (test today), "… if tested today" (test
 * past: the score for today), and, before any word has been graded, "Not practised yet" (the
 * model would only be guessing).
 */
export function readinessWords(
  readiness: WordSetReadiness,
  practisedCount: number,
  testDate: string,
  today: string,
): string {
  if (practisedCount === 0 || readiness.wordCount === 0) return 'Not practised yet';
  // A parent reads whole words: the 80% range (issue 34), one number when it is one word.
  const { low, high } = readiness.range;
  const likely = `Likely ${rangeText(low, high)} of ${readiness.wordCount}`;
  const days = daysBetween(today, testDate);
  if (days < 0) return `${likely} if tested today`;
  if (days === 0) return `${likely} today`;
  if (days === 1) return `${likely} by tomorrow`;
  const date = parseIsoDate(testDate);
  return `${likely} by ${format(date, days < 7 ? 'EEE' : 'EEE d MMM')}`;
}

/**
 * What the prediction assumes (issue 34, item 5): ahead of the evening before the test it counts
 * the practice the schedule will still bring (docs/learning.md measured it against "if no more
 * practice", which was about 2 words of 10 too low), so the card says so. Null when there is no
 * practice to come, or no figure is shown.
 */
export function readinessAssumption(practisedCount: number, testDate: string, today: string): string | null {
  if (practisedCount === 0 || daysBetween(today, testDate) < 2) return null;
  return 'if practice goes on as planned';
}

/** The practice page's address for a practice of only these words of the set. */
export const weakWordsSearch = (wordIds: readonly string[]) =>
  `?${new URLSearchParams({ words: wordIds.join(',') })}`;
