import { addDaysIso, daysBetween, parseIsoDate } from './dates.js';

/** How many weeks the progress view covers (issue 35 item 8). */
export const PROGRESS_WEEKS = 12;

/** One grade as the weekly progress needs it, in the order the grades were given. */
export interface ProgressGrade {
  /** The word graded; null once the word was removed (the grade still counts). */
  wordId: string | null;
  /** The parent's local day of the grade, "yyyy-MM-dd". */
  day: string;
  /** 1 Easy, 2 Medium, 3 Difficult. */
  quality: number;
}

export interface ProgressWeek {
  /** The Monday the week starts on, "yyyy-MM-dd". */
  weekStart: string;
  /** Words practised: each word counted once a day, however often it came back that evening. */
  wordsPractised: number;
  /** Of those, the ones graded Easy on their first try of the day. */
  firstTimeRight: number;
}

/** The Monday of the week holding `day`. */
export function weekStartOf(day: string): string {
  const weekday = parseIsoDate(day).getDay(); // 0 Sunday .. 6 Saturday
  return addDaysIso(day, -((weekday + 6) % 7));
}

/** The first day the progress view counts: the Monday PROGRESS_WEEKS - 1 weeks before this week's. */
export const progressStart = (today: string) => addDaysIso(weekStartOf(today), -7 * (PROGRESS_WEEKS - 1));

/**
 * The last PROGRESS_WEEKS weeks, oldest first, every week present (a week with no practice is
 * zeros). A word's first grade of a day is the child's first try that evening: it counts once
 * as practised, and as right first time when it was Easy.
 */
export function weeklyProgress(grades: readonly ProgressGrade[], today: string): ProgressWeek[] {
  const start = progressStart(today);
  const weeks: ProgressWeek[] = Array.from({ length: PROGRESS_WEEKS }, (_, i) => ({
    weekStart: addDaysIso(start, 7 * i),
    wordsPractised: 0,
    firstTimeRight: 0,
  }));
  const seen = new Set<string>();
  grades.forEach((grade, i) => {
    if (grade.day < start || grade.day > today) return;
    // A removed word's grades cannot be told apart: each counts as its own try.
    const key = `${grade.wordId ?? `removed-${i}`}@${grade.day}`;
    if (seen.has(key)) return;
    seen.add(key);
    const week = weeks[Math.floor(daysBetween(start, grade.day) / 7)]!;
    week.wordsPractised += 1;
    if (grade.quality === 1) week.firstTimeRight += 1;
  });
  return weeks;
}
