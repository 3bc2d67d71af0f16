import { UpdatedWordSchema, type UpdateWord, type UpdatedWord } from '@spellwell/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export interface UpdateWordInput {
  childId: string;
  wordSetId: string;
  wordId: string;
  /** Includes the idempotency key, so a retry of the same grade is applied once. */
  payload: UpdateWord & { idempotencyKey: string };
}

/** `POST /words/update/...`: the server recomputes the schedule and answers the new state. */
export function updateWord({ childId, wordId, payload }: UpdateWordInput): Promise<UpdatedWord> {
  return api(`/words/update/${childId}/${wordId}`, {
    method: 'POST',
    body: payload,
    schema: UpdatedWordSchema,
  });
}

export function useUpdateWord() {
  return useMutation({
    mutationFn: updateWord,
    // A dropped connection is worth another try (the key makes it safe); a 4xx is not.
    // Retried once, quickly: the next word's grade buttons wait for this one to settle.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    retryDelay: 300,
    // The page's copy of the words is not patched: "Start over" and the next visit reload them.
  });
}
