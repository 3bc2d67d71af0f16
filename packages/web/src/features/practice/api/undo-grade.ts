import { WordSchema, type Word } from '@spellwell/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /words/undo/{childId}/{wordId} {idempotencyKey}`: the server restores the schedule the
 * grade replaced (only the word's last grade, only for a short while); undoing twice is the
 * same as once.
 */
export function undoGrade(childId: string, wordId: string, idempotencyKey: string): Promise<Word> {
  return api(`/words/undo/${childId}/${wordId}`, {
    method: 'POST',
    body: { idempotencyKey },
    schema: WordSchema,
  });
}
