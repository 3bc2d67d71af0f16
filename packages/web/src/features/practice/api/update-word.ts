import type { UpdateWord, UpdatedWord } from '@spellwell/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { practiceOutbox } from './practice-outbox';

export interface UpdateWordInput {
  childId: string;
  wordSetId: string;
  wordId: string;
  /** The word itself, named if the server refuses the grade later (practice-outbox.ts). */
  word?: string;
  /** Includes the idempotency key, so a retry of the same grade is applied once. */
  payload: UpdateWord & { idempotencyKey: string };
}

/**
 * `POST /words/update/...`: the server recomputes the schedule and answers the new state, or
 * null when the network is gone and the grade waits in the outbox (practice-outbox.ts) to be sent.
 */
export async function updateWord(input: UpdateWordInput): Promise<UpdatedWord | null> {
  return (await practiceOutbox()).sendGrade(input);
}

export function useUpdateWord() {
  return useMutation({
    mutationFn: updateWord,
    // Offline the grade goes to the outbox at once; TanStack's default would hold the
    // mutation (and the grade buttons) until the network returned.
    networkMode: 'always',
    // A dropped connection is worth another try (the key makes it safe); a 4xx is not.
    // Retried once, quickly: the next word's grade buttons wait for this one to settle.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    retryDelay: 300,
    // The page's copy of the words is not patched: "Start over" and the next visit reload them.
  });
}
