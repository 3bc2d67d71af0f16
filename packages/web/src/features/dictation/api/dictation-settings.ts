import { DICTATION_PAUSE_DEFAULT, DictationSettingsSchema, type DictationSettings } from '@spellwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /child/{childId}/dictation-settings`. */
export function getDictationSettings(childId: string): Promise<DictationSettings> {
  return api(`/child/${childId}/dictation-settings`, { schema: DictationSettingsSchema });
}

export function useDictationSettings(childId: string) {
  return useQuery({
    queryKey: queryKeys.dictationSettings(childId),
    queryFn: () => getDictationSettings(childId),
    // Until it arrives (or if it fails) the dictation uses the default pause.
    placeholderData: { pauseSeconds: DICTATION_PAUSE_DEFAULT },
    refetchOnWindowFocus: false,
  });
}

/** `PUT /child/{childId}/dictation-settings`: shown at once, saved behind it. */
export function useSaveDictationSettings(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DictationSettings) =>
      api(`/child/${childId}/dictation-settings`, {
        method: 'PUT',
        body: settings,
        schema: DictationSettingsSchema,
      }),
    onMutate: (settings) => queryClient.setQueryData(queryKeys.dictationSettings(childId), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dictationSettings(childId) }),
  });
}
