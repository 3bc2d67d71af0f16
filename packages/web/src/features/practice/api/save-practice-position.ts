import type { PracticeSession } from '@spellwell/shared';
import { ApiError } from '../../../lib/api-client';
import { practiceOutbox } from './practice-outbox';

export const practiceSessionPath = (childId: string, wordSetId: string) =>
  `/practice-session/${childId}/${wordSetId}`;

/**
 * The kept copy of the session (lib/kept-answers.ts) follows the page, so a reload with no
 * network resumes at this position, not where the session stood when it was first read.
 */
export function keepPosition(childId: string, wordSetId: string, position: number | 'end'): void {
  void import('../../../lib/kept-answers').then((kept) =>
    kept.patchKeptJson<PracticeSession>(practiceSessionPath(childId, wordSetId), (session) => ({
      ...session,
      position: position === 'end' ? session.wordIds.length : position,
    })),
  );
}

/**
 * `PUT /practice-session/...`: where to resume, so a parent can stop and carry on later.
 * `from` is the position this page last saved: the server refuses (409) when another tab or
 * device has moved the session on since. With no network it waits in the outbox (null).
 */
export async function savePracticePosition(
  childId: string,
  wordSetId: string,
  position: number,
  from?: number,
): Promise<PracticeSession | null> {
  keepPosition(childId, wordSetId, position);
  return (await practiceOutbox()).sendRequest<PracticeSession>({
    method: 'PUT',
    path: practiceSessionPath(childId, wordSetId),
    body: from === undefined ? { position } : { position, from },
  });
}

/** The answer to a position saved from a page that is out of date. */
export const isSessionMoved = (error: unknown) => error instanceof ApiError && error.code === 'session_moved';
