import type { Grade } from '@spellwell/shared';

/** One word's chosen grade, with the idempotency key it is (or will be) sent with. */
export interface SheetGrade {
  quality: Grade;
  key: string;
  /** The server has it: a later Save skips it, so nothing is graded twice. */
  saved: boolean;
}

/** A grading sheet under way: its words and the grades chosen so far. */
export interface StoredSheet {
  wordIds: string[];
  grades: Record<string, SheetGrade>;
}

const key = (sheetKey: string) => `spellwell:grading-sheet:${sheetKey}`;

/**
 * The grading sheet is kept in this browser while it is filled in, so leaving half-way (a
 * reload, a phone call) keeps the grades already chosen. Cleared once every grade is saved.
 */
export const sheetStorage = {
  read(sheetKey: string): StoredSheet | null {
    try {
      const raw = localStorage.getItem(key(sheetKey));
      if (!raw) return null;
      const value = JSON.parse(raw) as Partial<StoredSheet>;
      if (!Array.isArray(value.wordIds) || typeof value.grades !== 'object' || value.grades === null)
        return null;
      return { wordIds: value.wordIds.filter((id) => typeof id === 'string'), grades: value.grades };
    } catch {
      return null;
    }
  },
  write(sheetKey: string, sheet: StoredSheet): void {
    try {
      localStorage.setItem(key(sheetKey), JSON.stringify(sheet));
    } catch {
      // Storage blocked or full: the sheet lasts for this page.
    }
  },
  clear(sheetKey: string): void {
    try {
      localStorage.removeItem(key(sheetKey));
    } catch {
      // nothing stored
    }
  },
};

/** The key of a dictation's sheet: one per child and word set. */
export const dictationSheetKey = (childId: string, wordSetId: string) => `dictation:${childId}:${wordSetId}`;
