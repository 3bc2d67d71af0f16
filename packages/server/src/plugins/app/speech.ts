import path from 'node:path';
import fp from 'fastify-plugin';
import { createAudioCache } from '../../modules/speech/audio-cache.js';
import { createEspeakEngine } from '../../modules/speech/espeak-engine.js';
import { instrumentSpeechEngine } from '../../modules/metrics/instrument.js';
import { createGoogleEngine } from '../../modules/speech/google-engine.js';
import type { SpeechEngine } from '../../modules/speech/speech-engine.js';
import { createSpeechService, type SpeechService } from '../../modules/speech/speech-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechService;
  }
}

export interface SpeechPluginOptions {
  /** Replaces the offline engine (tests wrap the real one to count its calls). */
  engine?: SpeechEngine;
  /** Synthesise saved word sets in the background; off by default under NODE_ENV=test. */
  warmUp?: boolean;
}

/** Recently played words stay in memory; at about 6 KB a word, 16 MB holds some 2,500. */
const MEMORY_CACHE_BYTES = 16 * 1024 * 1024;

/** `app.speech`: cached word audio from Google's natural voices when configured, else eSpeak NG. */
export default fp<SpeechPluginOptions>(
  async (app, options) => {
    const { tts, dataDir } = app.config;
    const offline = options.engine ?? createEspeakEngine();
    const engines = tts.googleApiKey
      ? [createGoogleEngine({ apiKey: tts.googleApiKey, url: tts.googleUrl }), offline]
      : [offline];
    const speech = createSpeechService({
      engines: engines.map((engine) => instrumentSpeechEngine(engine, app.metrics)),
      cache: createAudioCache(
        path.join(dataDir, 'audio-cache'),
        MEMORY_CACHE_BYTES,
        app.config.speechCacheMaxBytes,
      ),
      log: app.log.child({ module: 'speech' }),
      warmUp: options.warmUp ?? app.config.env !== 'test',
    });
    app.decorate('speech', speech);
    app.addHook('onClose', () => speech.close());
  },
  { name: 'speech', dependencies: ['config'] },
);
