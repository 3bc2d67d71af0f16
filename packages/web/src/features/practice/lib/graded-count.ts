/**
 * How many words were graded in the stored session, kept in this browser so that a reload
 * mid-session still reports the whole session's count in the daily stats. The server keeps
 * the order and position; this count is only a nicety, and a session resumed on another
 * device simply counts the grades made there.
 */
const key = (childId: string, wordSetId: string) => `spellwell:practice-graded:${childId}:${wordSetId}`;

export const gradedCount = {
  read(childId: string, wordSetId: string): number {
    try {
      const value = Number(localStorage.getItem(key(childId, wordSetId)));
      return Number.isInteger(value) && value > 0 ? value : 0;
    } catch {
      return 0;
    }
  },
  write(childId: string, wordSetId: string, graded: number): void {
    try {
      localStorage.setItem(key(childId, wordSetId), String(graded));
    } catch {
      // storage full or blocked: the count falls back to this page's grades
    }
  },
  clear(childId: string, wordSetId: string): void {
    try {
      localStorage.removeItem(key(childId, wordSetId));
    } catch {
      // nothing to clear
    }
  },
};
