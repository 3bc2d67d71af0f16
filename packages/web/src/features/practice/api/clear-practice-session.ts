import { api } from '../../../lib/api-client';

/** `DELETE /practice-session/...`: finishing and "Start over" both clear the stored session. */
export async function clearPracticeSession(childId: string, wordSetId: string): Promise<void> {
  await api(`/practice-session/${childId}/${wordSetId}`, { method: 'DELETE' });
}
