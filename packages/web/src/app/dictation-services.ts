import type { DictationServices } from '../features/dictation/services';
import { usePracticeSession } from '../features/practice/api/get-practice-session';
import { updateWord } from '../features/practice/api/update-word';
import { useWakeLock } from '../features/practice/hooks/use-wake-lock';
import { useWordAudio } from '../features/practice/hooks/use-word-audio';
import { newIdempotencyKey } from '../lib/idempotency-key';

/** Dictation grades and speaks exactly as practice does: the same calls, player and order. */
export const dictationServices: DictationServices = {
  gradeWord: updateWord,
  newIdempotencyKey,
  useWordAudio,
  useWakeLock,
  usePracticeSession,
};
