import { practiceOutbox } from './practice-outbox';
import { keepPosition, practiceSessionPath } from './save-practice-position';

/**
 * `DELETE /practice-session/...`: finishing and "Start over" both clear the stored session.
 * With no network it waits in the outbox, behind the practice's grades.
 */
export async function clearPracticeSession(
  childId: string,
  wordSetId: string,
  /** Where a reload with no network finds the practice: at its end, or back at the start. */
  offlineAt: 'end' | 0 = 'end',
): Promise<void> {
  keepPosition(childId, wordSetId, offlineAt);
  await (
    await practiceOutbox()
  ).sendRequest({ method: 'DELETE', path: practiceSessionPath(childId, wordSetId) });
}
