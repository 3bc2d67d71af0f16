import { availableParallelism } from 'node:os';
import { ESPEAK_SETTINGS_VERSION, ESPEAK_VOICES } from './espeak-settings.js';
import { espeakPinyin } from './espeak-pinyin.js';
import type { SpeechEngine } from './speech-engine.js';
import { createSynthPool, type SynthPoolOptions } from './synth-pool.js';

// Leave a core for the event loop (and the database): one thread on a two-core machine.
export const SPEECH_POOL_DEFAULTS: SynthPoolOptions = {
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queueLimit: 32,
  timeoutMs: 15_000,
  // Long enough to cover the pauses of a practice session or of a set's pre-synthesis: a new
  // thread makes its first word wait while it loads espeak.
  idleMs: 60_000,
};

/** The offline default: eSpeak NG (WebAssembly) in worker threads, MP3 out. */
export function createEspeakEngine(pool: Partial<SynthPoolOptions> = {}): SpeechEngine {
  const options = { ...SPEECH_POOL_DEFAULTS, ...pool };
  const threads = createSynthPool(options);
  return {
    concurrency: options.size,
    queueLimit: options.queueLimit,
    id: 'espeak-ng',
    settingsVersion: ESPEAK_SETTINGS_VERSION,
    contentType: 'audio/mpeg',
    voice: (language) => ESPEAK_VOICES[language],
    async synthesize(word, language, speed, reading) {
      const text = reading ? espeakPinyin(reading) : word;
      return { audio: await threads.synthesize(text, language, speed), contentType: 'audio/mpeg' };
    },
    close: () => threads.close(),
  };
}
