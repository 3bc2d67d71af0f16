import { CreatedSchema, type CreateOfficialWordSet } from '@spellwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /official-wordset/create` → 201 `{id}` (admins only; 403 for everyone else). */
export function createOfficialWordSet(body: CreateOfficialWordSet) {
  return api('/official-wordset/create', { method: 'POST', body, schema: CreatedSchema });
}

export function useCreateOfficialWordSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOfficialWordSet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.officialWordSets() }),
  });
}
