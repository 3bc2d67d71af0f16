import { GRADES, daysBetween, parseIsoDate, type Grade, type Word } from '@spellwell/shared';

/** How one word of this session ended: its grade, or skipped. */
export type Outcome = Grade | 'skipped';

export interface OutcomeEntry {
  wordId: string;
  outcome: Outcome;
  /** The grade's next review day ("yyyy-MM-dd"), as the shared scheduler computed it. */
  nextReview: string | null;
}

export interface FinishSummary {
  easy: number;
  medium: number;
  difficult: number;
  skipped: number;
  /** Difficult and skipped words, in the order they came: the ones worth another look. */
  tricky: Word[];
}

/** The finish screen's figures, from the outcomes of this page's session. */
export function summarise(entries: readonly OutcomeEntry[], words: ReadonlyMap<string, Word>): FinishSummary {
  const count = (outcome: Outcome) => entries.filter((entry) => entry.outcome === outcome).length;
  const tricky = entries
    .filter((entry) => entry.outcome === 'skipped' || entry.outcome === GRADES.difficult)
    .map((entry) => words.get(entry.wordId))
    .filter((word): word is Word => Boolean(word));
  return {
    easy: count(GRADES.easy),
    medium: count(GRADES.medium),
    difficult: count(GRADES.difficult),
    skipped: count('skipped'),
    tricky,
  };
}

/**
 * The day this list is next due: the earliest next review over its words, counting the grades
 * of this session (the server computes the same with the same scheduler). A word never graded,
 * or already due, makes it today.
 */
export function nextDueDate(
  words: readonly Word[],
  entries: readonly OutcomeEntry[],
  today: string,
): string | null {
  if (words.length === 0) return null;
  const graded = new Map(entries.filter((e) => e.nextReview).map((e) => [e.wordId, e.nextReview!]));
  let earliest: string | null = null;
  for (const word of words) {
    const next = (graded.get(word.id) ?? word.nextReview)?.slice(0, 10) ?? today;
    const day = next < today ? today : next;
    if (earliest === null || day < earliest) earliest = day;
  }
  return earliest;
}

/** "Next practice: today", "… tomorrow", "… Wed 25 Nov, in 2 days" (no date library: budget). */
export function nextPracticeText(day: string, today: string): string {
  const days = daysBetween(today, day);
  if (days <= 0) return 'Next practice: today';
  if (days === 1) return 'Next practice: tomorrow';
  const date = parseIsoDate(day).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  return `Next practice: ${date.replace(',', '')}, in ${days} days`;
}

/**
 * The outcomes kept in this browser beside the graded count (lib/graded-count.ts), so a page
 * reloaded mid-session still shows the whole session's figures at the finish.
 */
const storeKey = (childId: string, wordSetId: string) =>
  `spellwell:practice-outcomes:${childId}:${wordSetId}`;

export const outcomeStore = {
  read(childId: string, wordSetId: string): OutcomeEntry[] {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(storeKey(childId, wordSetId)) ?? '[]');
      return Array.isArray(value) ? value.filter(isEntry) : [];
    } catch {
      return [];
    }
  },
  write(childId: string, wordSetId: string, entries: readonly OutcomeEntry[]): void {
    try {
      localStorage.setItem(storeKey(childId, wordSetId), JSON.stringify(entries));
    } catch {
      // storage full or blocked: the figures fall back to this page's grades
    }
  },
  clear(childId: string, wordSetId: string): void {
    try {
      localStorage.removeItem(storeKey(childId, wordSetId));
    } catch {
      // nothing to clear
    }
  },
};

function isEntry(value: unknown): value is OutcomeEntry {
  const entry = value as Partial<OutcomeEntry> | null;
  return (
    typeof entry?.wordId === 'string' &&
    (entry.outcome === 'skipped' || entry.outcome === 1 || entry.outcome === 2 || entry.outcome === 3) &&
    (entry.nextReview === null || typeof entry.nextReview === 'string')
  );
}
