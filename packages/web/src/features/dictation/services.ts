import type { Grade, Language, PracticeSession, SpeechSpeed } from '@spellwell/shared';
import type { RefObject } from 'react';

/*
 * What dictation borrows from the practice feature: the same grading call (server-
 * authoritative, idempotency keys), the same audio player and wake lock, and the same stored
 * practice order. Features do not import each other (STYLE.md), so the route composes them and
 * hands them in here.
 */

export interface GradeRequest {
  childId: string;
  wordSetId: string;
  wordId: string;
  payload: { quality: Grade; idempotencyKey: string };
}

export interface WordAudio {
  audioRef: RefObject<HTMLAudioElement | null>;
  status: 'idle' | 'reading' | 'failed';
  play(word: string, language: Language, voice?: DictationVoice): Promise<void>;
  prefetch(word: string, language: Language, voice?: DictationVoice): void;
  stop(): void;
}

export interface DictationServices {
  gradeWord(request: GradeRequest): Promise<unknown>;
  newIdempotencyKey(): string;
  useWordAudio(): WordAudio;
  useWakeLock(active: boolean): { release(): void };
  usePracticeSession(
    childId: string,
    wordSetId: string,
  ): { data: PracticeSession | undefined; error: Error | null; refetch(): unknown };
}

/** A word on a grading sheet: its set (for the grading call) and language (for speech). */
/** The parent's recording of a word, if any, and the child's speech speed (issue 22). */
export interface DictationVoice {
  recording?: { childId: string; wordId: string };
  speed?: SpeechSpeed;
}

export interface SheetWord {
  id: string;
  wordSetId: string;
  wordString: string;
  language: Language;
  /** The parent recorded it (issue 22): dictation plays their voice too. */
  hasRecording?: boolean;
  /** A Chinese word's reading (issue 21): the dictation says it, as Play does. */
  reading?: string | null;
}
