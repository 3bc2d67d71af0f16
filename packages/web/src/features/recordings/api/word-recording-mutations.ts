import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWordRecording, saveWordRecording } from '../../../api/word-recording';
import { queryKeys } from '../../../lib/query-keys';

/** Saving or deleting a recording changes the set's `hasRecording` flags. */
export function useSaveRecording(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wordId, audio }: { wordId: string; audio: Blob }) =>
      saveWordRecording(childId, wordId, audio),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wordSet(childId, wordSetId) }),
  });
}

export function useDeleteRecording(childId: string, wordSetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wordId: string) => deleteWordRecording(childId, wordId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wordSet(childId, wordSetId) }),
  });
}
