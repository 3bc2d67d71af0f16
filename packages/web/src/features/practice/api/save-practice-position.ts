import { PracticeSessionSchema, type PracticeSession } from '@spellwell/shared';
import { api } from '../../../lib/api-client';

/** `PUT /practice-session/...`: where to resume, so a parent can stop and carry on later. */
export function savePracticePosition(childId: string, wordSetId: string, position: number): Promise<PracticeSession> {
  return api(`/practice-session/${childId}/${wordSetId}`, {
    method: 'PUT',
    body: { position },
    schema: PracticeSessionSchema,
  });
}
