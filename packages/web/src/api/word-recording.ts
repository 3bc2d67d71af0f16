import { RecordingSchema, type Recording } from '@spellwell/shared';
import { api, apiFetch, toApiError } from '../lib/api-client';

/*
 * A parent's recording of a word (issue 22). Here, not in a feature: the recordings feature
 * saves them and practice plays them.
 */

const path = (childId: string, wordId: string) => `/words/recording/${childId}/${wordId}`;

/** `PUT`: the audio itself is the body, with the type MediaRecorder gave it. */
export function saveWordRecording(childId: string, wordId: string, audio: Blob): Promise<Recording> {
  return api(path(childId, wordId), { method: 'PUT', body: audio, schema: RecordingSchema });
}

export function deleteWordRecording(childId: string, wordId: string): Promise<unknown> {
  return api(path(childId, wordId), { method: 'DELETE' });
}

/** `GET`: the recording as a blob; the browser revalidates it with its ETag. */
export async function readWordRecording(
  childId: string,
  wordId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const res = await apiFetch(path(childId, wordId), { signal });
  if (!res.ok) throw await toApiError(res);
  return res.blob();
}
