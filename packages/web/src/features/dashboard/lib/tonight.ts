import { daysBetween, parseIsoDate } from '@spellwell/shared';
import { format } from 'date-fns';

/**
 * The test date in words, from the parent's day: "Test today", "Test tomorrow", "Test Fri, in
 * 3 days", "Test Fri 16 Jan, in 12 days"; null once the test is past (the row says "Past").
 */
export function testWhen(testDate: string, today: string): string | null {
  const days = daysBetween(today, testDate);
  if (days < 0) return null;
  if (days === 0) return 'Test today';
  if (days === 1) return 'Test tomorrow';
  const date = parseIsoDate(testDate);
  return days < 7
    ? `Test ${format(date, 'EEE')}, in ${days} days`
    : `Test ${format(date, 'EEE d MMM')}, in ${days} days`;
}

export const dueLabel = (n: number) => (n === 0 ? 'Nothing due' : `${n} due now`);

/**
 * Nothing due and the prediction as one thought (issue 35): "Nothing due tonight · likely 9 of
 * 10 by Mon", so "Nothing due" never sits unexplained beside a score.
 */
export const nothingDueLabel = (likely: string) =>
  `Nothing due tonight · ${likely.charAt(0).toLowerCase()}${likely.slice(1)}`;

/**
 * Where a session under way stands (issue 35): "Stopped at 2 of 10" names the question it
 * resumes at; "Half done" only when exactly half the words are done.
 */
export function resumeLabel(resumeAt: number, wordCount: number): string {
  return resumeAt * 2 === wordCount ? 'Half done' : `Stopped at ${resumeAt + 1} of ${wordCount}`;
}

/** Words due now across a child's practices with a test still ahead (or none): the tab's number. */
export function childDueCount(
  sets: readonly { dueCount: number; testDate: string }[],
  today: string,
): number {
  return sets.filter((set) => set.testDate >= today).reduce((sum, set) => sum + set.dueCount, 0);
}

/**
 * The set whose test comes first from today (the first of the server's order on a tie), or
 * null when no test is ahead.
 */
export function nearestTest<T extends { testDate: string }>(sets: readonly T[], today: string): T | null {
  return sets
    .filter((set) => set.testDate >= today)
    .reduce<T | null>((best, set) => (best === null || set.testDate < best.testDate ? set : best), null);
}
