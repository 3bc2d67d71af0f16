import type { Language, SpeechSpeed } from '@spellwell/shared';
import { apiFetch } from '../../../lib/api-client';

/** The answer could not be turned into audio: the page shows "Failed to fetch audio". */
export class AudioUnavailableError extends Error {
  constructor(readonly status: number) {
    super(`The word's audio could not be read (status ${status})`);
    this.name = 'AudioUnavailableError';
  }
}

/** `GET /words/read`: the spoken word as an audio blob (bearer token, one refresh and retry). */
export async function readWord(
  word: string,
  language: Language,
  speed: SpeechSpeed = 'normal',
  reading?: string | null,
  signal?: AbortSignal,
): Promise<Blob> {
  // Normal speed keeps the URL it always had (the browser's cache of it stays good).
  const query = new URLSearchParams(speed === 'normal' ? { word, language } : { word, language, speed });
  // A Chinese word is said by its reading (the right one of a 多音字's), part of the URL so
  // the browser's cached audio changes when the parent corrects it.
  if (reading) query.set('reading', reading);
  const res = await apiFetch(`/words/read?${query.toString()}`, { signal });
  if (!res.ok) throw new AudioUnavailableError(res.status);
  const blob = await res.blob();
  // An error page or JSON answered with 200 is not something an audio element can play.
  if (blob.size === 0 || /^(application\/json|text\/)/.test(blob.type))
    throw new AudioUnavailableError(res.status);
  return blob;
}
