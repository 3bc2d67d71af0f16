import { addDaysIso, daysBetween } from './dates.js';

/**
 * The longest run of consecutive calendar days among `dates` ("yyyy-MM-dd"). Order and
 * repeats do not matter: a day with many grades counts once (PRODUCT.md, highestStreak).
 */
export function longestStreak(dates: readonly string[]): number {
  // ISO dates sort correctly as text.
  const days = [...new Set(dates)].sort();
  let best = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of days) {
    run = previous !== undefined && daysBetween(previous, day) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

export interface DailyCount {
  date: string;
  wordsReviewed: number;
  /** Of them, graded by the child's own session (issue 36). */
  onOwn: number;
  /** Issue 37: by whom, most first; empty where the child has one adult. */
  gradedBy: GraderCount[];
}

export interface GraderCount {
  /** The grader's display name, as the Word List says it ("Dad"). */
  name: string;
  count: number;
}

/**
 * Issue 37: grade counts per day and grader, as the database groups them, into each day's
 * graders, most first (a tie by name). Two adults shown by the same name are one entry: the
 * reader could not tell them apart anyway.
 */
export function gradersByDay(
  rows: readonly { date: string; name: string; count: number }[],
): Map<string, GraderCount[]> {
  const byDay = new Map<string, Map<string, number>>();
  for (const { date, name, count } of rows) {
    const day = byDay.get(date) ?? new Map<string, number>();
    day.set(name, (day.get(name) ?? 0) + count);
    byDay.set(date, day);
  }
  return new Map(
    [...byDay].map(([date, names]) => [
      date,
      [...names]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    ]),
  );
}

/**
 * One entry for each of the `days` local days ending with `today`, oldest first, so a chart
 * can draw quiet days as zero instead of skipping them.
 */
export function dailySeries(
  counts: ReadonlyMap<string, number>,
  today: string,
  days: number,
  onOwn: ReadonlyMap<string, number> = new Map(),
  gradedBy: ReadonlyMap<string, readonly GraderCount[]> = new Map(),
): DailyCount[] {
  const series: DailyCount[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const date = addDaysIso(today, -back);
    series.push({
      date,
      wordsReviewed: counts.get(date) ?? 0,
      onOwn: onOwn.get(date) ?? 0,
      gradedBy: [...(gradedBy.get(date) ?? [])],
    });
  }
  return series;
}
