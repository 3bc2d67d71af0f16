import { ApiError } from '../../../lib/api-client';
import type { GradeRequest, SheetWord } from '../services';
import type { StoredSheet } from './sheet-storage';

export interface SaveProgress {
  /** Grades the server now has (this Save and any before it). */
  saved: number;
  /** The first failure, when Save stopped early. */
  error: Error | null;
}

/**
 * Sends the sheet's grades one at a time, in list order, each with its own idempotency key:
 * a grade that reached the server before a failure (or a double tap) is never applied twice,
 * and the order of grades is the order of the list. Stops at the first failure; `onSaved`
 * records each success at once so a reload or a second Save carries on from there.
 */
export async function saveSheet(
  childId: string,
  words: SheetWord[],
  sheet: StoredSheet,
  gradeWord: (request: GradeRequest) => Promise<unknown>,
  onSaved: (wordId: string) => void,
): Promise<SaveProgress> {
  let saved = 0;
  for (const word of words) {
    const grade = sheet.grades[word.id];
    if (!grade) continue;
    if (grade.saved) {
      saved++;
      continue;
    }
    try {
      await gradeWord({
        childId,
        wordSetId: word.wordSetId,
        wordId: word.id,
        payload: { quality: grade.quality, idempotencyKey: grade.key },
      });
    } catch (error) {
      // A word deleted since (404) has nothing left to grade: count it done, not failed.
      if (!(error instanceof ApiError && error.status === 404))
        return { saved, error: error instanceof Error ? error : new Error(String(error)) };
    }
    onSaved(word.id);
    saved++;
  }
  return { saved, error: null };
}
