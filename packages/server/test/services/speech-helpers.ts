import type { SpeechEngine } from '../../src/modules/speech/speech-engine.js';
import { inspectMp3 } from '../../src/modules/speech/mp3.js';

/** The real engine underneath, with a record of every word it was asked to synthesise. */
export function counted(engine: SpeechEngine): { engine: SpeechEngine; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    engine: {
      ...engine,
      synthesize(word, language, speed, reading) {
        calls.push(reading ? `${word} (${reading})` : word);
        return engine.synthesize(word, language, speed, reading);
      },
    },
  };
}

/**
 * Seconds of sound in an MP3, from the coded bits per granule: silence codes to (almost)
 * nothing, speech to hundreds of bits. Measures the signal without a decoder.
 */
export function soundingSeconds(mp3: Uint8Array, minBits = 100): number {
  const info = inspectMp3(mp3);
  return info.granuleBits.filter((bits) => bits >= minBits).length * info.granuleSeconds;
}

/** Seconds of silence before the first sounding granule. */
export function leadingSilenceSeconds(mp3: Uint8Array, minBits = 100): number {
  const info = inspectMp3(mp3);
  const first = info.granuleBits.findIndex((bits) => bits >= minBits);
  return (first < 0 ? info.granuleBits.length : first) * info.granuleSeconds;
}
