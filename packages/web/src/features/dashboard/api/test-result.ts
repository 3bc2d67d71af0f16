import { TestResultSchema, type PutTestResult } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /child/{childId}/word-sets/{wordSetId}/test-result {correct, total}` (issue 34). */
export function putTestResult(childId: string, wordSetId: string, body: PutTestResult) {
  return api(`/child/${childId}/word-sets/${wordSetId}/test-result`, {
    method: 'PUT',
    body,
    schema: TestResultSchema,
  });
}

export function usePutTestResult(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutTestResult) => putTestResult(childId, wordSetId, body),
    // A result changes the child's calibration: every prediction of the family may move.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all() }),
  });
}
