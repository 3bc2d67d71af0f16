import type { Language, SpeechSpeed } from '@spellwell/shared';

export interface SpeechAudio {
  audio: Buffer;
  contentType: string;
}

/** One way of turning a word into audio. The service caches and falls back between them. */
export interface SpeechEngine {
  /** Stable name, e.g. "espeak-ng": part of every cache key and ETag. */
  id: string;
  /** Changes whenever the audio for the same word would change (rate, pitch, bitrate...). */
  settingsVersion: string;
  /** The content type of everything this engine makes (the disk cache names files by it). */
  contentType: string;
  voice(language: Language): string;
  /** `speed`: slow speech is synthesised slowly (issue 22). `reading`: a Chinese word's pinyin
   * (tone numbers), to be said instead of guessed (issue 21). */
  synthesize(word: string, language: Language, speed?: SpeechSpeed, reading?: string): Promise<SpeechAudio>;
  /** Words it can synthesise at once (its threads); the service queues the rest fairly. */
  concurrency?: number;
  /** Words that may wait for it at once, across all parents; more are refused (503). */
  queueLimit?: number;
  close?(): Promise<void>;
}
