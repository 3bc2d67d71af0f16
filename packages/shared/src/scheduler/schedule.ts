import { addDaysIso, daysBetween } from '../dates.js';
import {
  EASE_MAX,
  EASE_MIN,
  EASE_STEP,
  FIRST_INTERVALS,
  GRADES,
  INTERVAL_CAP_DAYS,
  INTERVAL_MULTIPLIER,
  TEST_PROXIMITY_DAYS,
  type Grade,
} from './constants.js';

export interface WordSchedule {
  easeFactor: number;
  /** Whole days until the word is due again; 0 for a word never graded. */
  interval: number;
}

export interface ScheduleInput extends WordSchedule {
  grade: Grade;
  /** The parent's local calendar day, "yyyy-MM-dd". */
  today: string;
  /** The word set's test date, "yyyy-MM-dd". */
  testDate: string;
}

export interface ScheduleResult extends WordSchedule {
  /** "yyyy-MM-dd": today plus the interval. */
  nextReview: string;
}

// Ease factors are sums of steps like 0.05 and 0.02; round to 2 decimals so repeated grading
// never drifts into 1.2999999 and stored values compare exactly.
function roundEase(value: number): number {
  return Math.round(value * 100) / 100;
}

export function nextEaseFactor(easeFactor: number, grade: Grade): number {
  return roundEase(Math.min(EASE_MAX, Math.max(EASE_MIN, easeFactor + EASE_STEP[grade])));
}

/**
 * The interval before the test-date cap. Decision (docs/decisions/002-scheduler.md): the
 * multipliers use the NEW ease factor, as SM-2 does, so a Difficult grade is felt at once;
 * Math.round rounds halves up (2.5 → 3).
 */
export function baseInterval(interval: number, newEase: number, grade: Grade): number {
  if (interval <= 0) return FIRST_INTERVALS[0];
  if (interval === 1) return FIRST_INTERVALS[1];
  if (grade === GRADES.difficult) return 1;
  const multiplier = grade === GRADES.medium ? INTERVAL_MULTIPLIER.medium : INTERVAL_MULTIPLIER.easy;
  // toFixed strips floating-point noise first, so 4.5 stored as 4.4999999 still rounds up.
  const raw = Number((interval * newEase * multiplier).toFixed(6));
  return Math.min(INTERVAL_CAP_DAYS, Math.round(raw));
}

/** Near the test, review at least the day before it (and never later than tomorrow). */
export function capForTestDate(interval: number, today: string, testDate: string): number {
  const daysUntilTest = daysBetween(today, testDate);
  if (daysUntilTest < 0 || daysUntilTest > TEST_PROXIMITY_DAYS) return interval;
  return Math.min(interval, Math.max(1, daysUntilTest - 1));
}

export function schedule(input: ScheduleInput): ScheduleResult {
  const easeFactor = nextEaseFactor(input.easeFactor, input.grade);
  const interval = capForTestDate(
    baseInterval(input.interval, easeFactor, input.grade),
    input.today,
    input.testDate,
  );
  return { easeFactor, interval, nextReview: addDaysIso(input.today, interval) };
}
