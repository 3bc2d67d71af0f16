import type { DictationServices } from '../features/dictation/services';
import { outbox } from '../features/offline/outbox/outbox-lazy';
import { providePracticeOutbox } from '../features/practice/api/practice-outbox';
import { usePracticeSession } from '../features/practice/api/get-practice-session';
import { updateWord } from '../features/practice/api/update-word';
import { useWakeLock } from '../features/practice/hooks/use-wake-lock';
import { useWordAudio } from '../features/practice/hooks/use-word-audio';
import { newIdempotencyKey } from '../lib/idempotency-key';

// Its grades wait offline as a practice's do.
providePracticeOutbox(outbox);

/** Dictation grades and speaks exactly as practice does: the same calls, player and order. */
export const dictationServices: DictationServices = {
  gradeWord: updateWord,
  newIdempotencyKey,
  useWordAudio,
  useWakeLock,
  usePracticeSession,
};
