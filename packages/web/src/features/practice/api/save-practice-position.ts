import { PracticeSessionSchema, type PracticeSession } from '@spellwell/shared';
import { ApiError, api } from '../../../lib/api-client';

/**
 * `PUT /practice-session/...`: where to resume, so a parent can stop and carry on later.
 * `from` is the position this page last saved: the server refuses (409) when another tab or
 * device has moved the session on since.
 */
export function savePracticePosition(
  childId: string,
  wordSetId: string,
  position: number,
  from?: number,
): Promise<PracticeSession> {
  return api(`/practice-session/${childId}/${wordSetId}`, {
    method: 'PUT',
    body: from === undefined ? { position } : { position, from },
    schema: PracticeSessionSchema,
  });
}

/** The answer to a position saved from a page that is out of date. */
export const isSessionMoved = (error: unknown) => error instanceof ApiError && error.code === 'session_moved';
