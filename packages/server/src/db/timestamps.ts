/** Timestamps are stored as ISO 8601 text on both engines, so they sort as they compare. */
export const nowIso = (): string => new Date().toISOString();

/**
 * Now, or one millisecond after `previous` when that is not earlier: for rows ordered by time
 * whose order must hold when two are made in one millisecond (a word's grades, a set's codes).
 */
export function nowIsoAfter(previous: string | null, now: Date = new Date()): string {
  const after = previous === null ? -Infinity : Date.parse(previous) + 1;
  return new Date(Math.max(now.getTime(), after)).toISOString();
}
