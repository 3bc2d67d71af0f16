import { CreatedSchema } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /shared-lists/{code}/import` → 201 the new set; 409 `already_imported` unless `again`. */
export function importSharedList(code: string, childId: string, again: boolean) {
  return api(`/shared-lists/${encodeURIComponent(code)}/import`, {
    method: 'POST',
    body: again ? { childId, again } : { childId },
    schema: CreatedSchema,
  });
}

/** The child already has a copy of this list: ask before making a second. */
export const isAlreadyImported = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === 'already_imported';

export function useImportSharedList(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, again }: { childId: string; again: boolean }) =>
      importSharedList(code, childId, again),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all() }),
  });
}
