import { z } from 'zod';
import { daysBetween, isIsoDate } from '../dates.js';

/**
 * A grade made offline is sent later with the parent's local day it was made on (issue 23).
 * The server accepts it up to this many days back: long enough for a week away from Wi-Fi,
 * short enough that a stale outbox cannot rewrite last month's statistics.
 */
export const GRADED_ON_MAX_AGE_DAYS = 7;

export const GRADED_ON_MESSAGES = {
  invalid: 'gradedOn must be a real date written yyyy-MM-dd',
  future: 'gradedOn cannot be a day after today',
  tooOld: `gradedOn can be at most ${GRADED_ON_MAX_AGE_DAYS} days ago`,
} as const;

/** The format only; whether the day is recent enough depends on the parent's "today". */
export const GradedOnSchema = z.string().refine(isIsoDate, GRADED_ON_MESSAGES.invalid);

/**
 * Why `gradedOn` cannot be accepted on the parent's local `today`, or null when it can.
 * Shared so the web app's outbox can tell a grade that waited too long before sending it.
 */
export function gradedOnProblem(gradedOn: string, today: string): string | null {
  const age = daysBetween(gradedOn, today);
  if (age < 0) return GRADED_ON_MESSAGES.future;
  if (age > GRADED_ON_MAX_AGE_DAYS) return GRADED_ON_MESSAGES.tooOld;
  return null;
}
