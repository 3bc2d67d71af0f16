import type { Language } from '@spellwell/shared';
import { inspectMp3 } from './mp3.js';
import type { SpeechEngine } from './speech-engine.js';

/** Google's language codes for our four languages; Google picks its default voice for each. */
export const GOOGLE_VOICES: Record<Language, string> = {
  English: 'en-GB',
  Chinese: 'cmn-CN',
  Malay: 'ms-MY',
  Tamil: 'ta-IN',
};

export interface GoogleEngineOptions {
  apiKey: string;
  url: string;
  timeoutMs?: number;
}

/**
 * The text, and for a Chinese word with a reading, that reading as a custom pronunciation
 * (Google's `PHONETIC_ENCODING_PINYIN`: tone numbers, 5 neutral, syllables separated by spaces,
 * the form SpellWell stores), so a 多音字 is said as the parent wants.
 */
export function googleInput(word: string, reading?: string) {
  if (!reading) return { text: word };
  return {
    text: word,
    customPronunciations: {
      pronunciations: [
        { phrase: word, phoneticEncoding: 'PHONETIC_ENCODING_PINYIN', pronunciation: reading },
      ],
    },
  };
}

/**
 * Google Cloud Text-to-Speech (natural voices), turned on by GOOGLE_TTS_API_KEY. The key
 * travels in the x-goog-api-key header rather than the URL, so it cannot end up in a logged
 * URL; errors thrown here never contain it.
 */
export function createGoogleEngine({ apiKey, url, timeoutMs = 5000 }: GoogleEngineOptions): SpeechEngine {
  return {
    id: 'google-tts',
    settingsVersion: 'v1-mp3-rate0.85',
    contentType: 'audio/mpeg',
    voice: (language) => GOOGLE_VOICES[language],
    async synthesize(word, language, speed, reading) {
      const body = {
        input: googleInput(word, reading),
        voice: { languageCode: GOOGLE_VOICES[language] },
        audioConfig: { audioEncoding: 'MP3', speakingRate: speed === 'slow' ? 0.6 : 0.85 },
      };
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new Error(`Google Text-to-Speech unreachable (${err instanceof Error ? err.name : 'error'})`, {
          cause: err,
        });
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`Google Text-to-Speech answered ${res.status}`);
      }
      const json = (await res.json().catch(() => null)) as { audioContent?: unknown } | null;
      if (typeof json?.audioContent !== 'string')
        throw new Error('Google Text-to-Speech sent no audioContent');
      const audio = Buffer.from(json.audioContent, 'base64');
      inspectMp3(audio); // throws unless it really is MP3, so garbage falls back to espeak
      return { audio, contentType: 'audio/mpeg' };
    },
  };
}
