import type { Language } from '@spellwell/shared';

// Kept apart from espeak-render.ts so the main thread can read them without loading the
// espeak-ng WebAssembly module, large in memory, which only the synthesis threads need.

/** British English (Singapore schools use British spelling), Mandarin, Malay, Tamil. */
export const ESPEAK_VOICES: Record<Language, string> = {
  English: 'en-gb',
  Chinese: 'cmn',
  Malay: 'ms',
  Tamil: 'ta',
};

/**
 * Tuned for children writing a word down: slower than espeak's 175 words a minute, a
 * touch higher and livelier pitch. Change SETTINGS_VERSION with any of these, so cached
 * audio made with the old settings is not served.
 */
export const ESPEAK_SETTINGS = {
  wordsPerMinute: 130,
  pitch: 55,
  pitchRange: 60,
  leadingSilenceMs: 150,
  trailingSilenceMs: 150,
};
/** "Slow" (issue 22): espeak's own speed, so the voice stays natural (not a slowed playback). */
export const ESPEAK_SLOW_WORDS_PER_MINUTE = 95;
export const ESPEAK_SETTINGS_VERSION = 'v1-s130-p55-r60-lead150-tail150-mp3-48k';
