import { daysBetween, parseIsoDate } from './dates.js';

/** A test counts as coming up when it is this many days away or fewer (issue 38). */
export const REMINDER_TEST_WINDOW_DAYS = 3;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface ReminderTest {
  description: string;
  testDate: string;
  /** Predicted words right on the day, and of how many (the set's readiness). */
  expectedCorrect: number;
  wordCount: number;
}

export interface ReminderChild {
  id: string;
  name: string;
  /** Words due tonight across the child's sets. */
  due: number;
  tests: ReminderTest[];
}

/**
 * The likely score as a range a parent can trust: the rounded prediction and one either side,
 * within 0 and the list's length ("likely 7–9 of 10").
 */
function likely(test: ReminderTest): string {
  const mid = Math.round(test.expectedCorrect);
  const low = Math.max(0, mid - 1);
  const high = Math.min(test.wordCount, mid + 1);
  const range = low === high ? `${low}` : `${low}–${high}`;
  return `likely ${range} of ${test.wordCount}`;
}

function when(testDate: string, today: string): string {
  const days = daysBetween(today, testDate);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `on ${WEEKDAYS[parseIsoDate(testDate).getUTCDay()]}`;
}

/** Tests from today to REMINDER_TEST_WINDOW_DAYS ahead, soonest first. */
export function upcomingTests<T extends { testDate: string }>(tests: readonly T[], today: string): T[] {
  return tests
    .filter((t) => {
      const days = daysBetween(today, t.testDate);
      return days >= 0 && days <= REMINDER_TEST_WINDOW_DAYS;
    })
    .sort((a, b) => a.testDate.localeCompare(b.testDate));
}

/** The children worth a reminder tonight: something due, or a test within three days. */
export function childrenToRemind(children: readonly ReminderChild[], today: string): ReminderChild[] {
  return children
    .map((c) => ({ ...c, tests: upcomingTests(c.tests, today) }))
    .filter((c) => c.due > 0 || c.tests.length > 0);
}

/**
 * One line for a notification or a subject: "Tonight: Mei 6 words (听写 5 on Fri, likely 7–9 of
 * 10) · Arun 3 words". Null when nothing is due and no test is near: no reminder then.
 */
export function reminderText(children: readonly ReminderChild[], today: string): string | null {
  const worth = childrenToRemind(children, today);
  if (worth.length === 0) return null;
  const parts = worth.map((c) => {
    const words = `${c.name} ${c.due} ${c.due === 1 ? 'word' : 'words'}`;
    if (c.tests.length === 0) return words;
    const tests = c.tests.map((t) => `${t.description} ${when(t.testDate, today)}, ${likely(t)}`);
    return `${words} (${tests.join('; ')})`;
  });
  return `Tonight: ${parts.join(' · ')}`;
}
