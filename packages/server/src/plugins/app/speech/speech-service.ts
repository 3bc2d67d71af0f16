import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { normaliseWord, WORD_LENGTH_MAX, type Language } from '@spellwell/shared';
import type { AudioCache } from './audio-cache.js';
import type { SpeechEngine } from './speech-engine.js';

export interface SpokenWord {
  audio: Buffer;
  contentType: string;
  /** Strong: the hash of engine, settings, voice and word, so equal tags mean equal bytes. */
  etag: string;
  /** False when a fallback engine answered: the browser should ask again later. */
  preferred: boolean;
}

export interface SpeechServiceOptions {
  /** In order of preference; the last one is the offline engine that must always work. */
  engines: SpeechEngine[];
  cache: AudioCache;
  log: FastifyBaseLogger;
  /** After a failure, an engine is skipped for this long rather than slowing every request. */
  cooldownMs?: number;
  /** Words waiting for background synthesis beyond this are dropped (they are made on first Play). */
  warmQueueMax?: number;
  /** Off: warm() does nothing (API tests create many word sets and need no audio). */
  warmUp?: boolean;
}

/** Cache keys remembered per engine (about 200 bytes each). */
const KEYS_REMEMBERED = 10_000;

export function createSpeechService(options: SpeechServiceOptions) {
  const { engines, cache, log, cooldownMs = 30_000, warmQueueMax = 2000, warmUp = true } = options;
  const inFlight = new Map<string, Promise<Buffer>>();
  const coolingUntil = new Map<SpeechEngine, number>();
  const warmQueue: Array<{ word: string; language: Language }> = [];
  let warming: Promise<void> | undefined;
  let closed = false;

  // A replay asks for the same few hundred words again and again, so each one is hashed once
  // (docs/performance.md). Bounded: a hostile client's endless new words only refill it.
  const keys = new Map<SpeechEngine, Map<string, string>>(engines.map((engine) => [engine, new Map()]));
  const keyOf = (engine: SpeechEngine, word: string, language: Language) => {
    const known = keys.get(engine)!;
    const asked = `${language}\n${word}`;
    let key = known.get(asked);
    if (key === undefined) {
      key = createHash('sha256')
        .update([engine.id, engine.settingsVersion, engine.voice(language), normaliseWord(word)].join('\n'))
        .digest('hex');
      if (known.size >= KEYS_REMEMBERED) known.clear();
      known.set(asked, key);
    }
    return key;
  };
  const etagOf = (key: string) => `"${key.slice(0, 40)}"`;

  /** Cached audio, or one synthesis shared by everyone asking for the same key meanwhile. */
  function audioFrom(engine: SpeechEngine, key: string, word: string, language: Language): Promise<Buffer> {
    const hit = cache.memory.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const cached = await cache.get(key, engine.contentType);
        if (cached) return cached;
        const { audio } = await engine.synthesize(normaliseWord(word), language);
        await cache.set(key, engine.contentType, audio).catch((err: Error) => {
          log.warn({ err: err.message }, 'could not write speech to the disk cache');
        });
        return audio;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function read(word: string, language: Language): Promise<SpokenWord> {
    const last = engines.length - 1;
    for (const [i, engine] of engines.entries()) {
      if (i < last && (coolingUntil.get(engine) ?? 0) > Date.now()) continue;
      const key = keyOf(engine, word, language);
      try {
        const audio = await audioFrom(engine, key, word, language);
        return { audio, contentType: engine.contentType, etag: etagOf(key), preferred: i === 0 };
      } catch (err) {
        if (i === last) throw err;
        coolingUntil.set(engine, Date.now() + cooldownMs);
        log.warn({ engine: engine.id, err: (err as Error).message }, 'speech engine failed; falling back');
      }
    }
    throw new Error('no speech engine configured');
  }

  async function drainWarmQueue() {
    while (warmQueue.length > 0 && !closed) {
      const { word, language } = warmQueue.shift()!;
      try {
        await read(word, language);
      } catch (err) {
        log.debug({ err: (err as Error).message }, 'background speech skipped a word');
      }
    }
    warming = undefined;
  }

  return {
    read,
    /** The ETag the preferred engine would give, known without synthesising (for 304s). */
    preferredEtag: (word: string, language: Language) => etagOf(keyOf(engines[0]!, word, language)),
    /**
     * Synthesises words in the background, one at a time so that a parent's Play never
     * waits behind more than one of them. Never throws; never awaited by callers.
     */
    warm(words: readonly string[], language: Language): void {
      if (!warmUp) return;
      try {
        for (const word of words) {
          if (closed || warmQueue.length >= warmQueueMax) break;
          const normalised = normaliseWord(word);
          if (normalised !== '' && normalised.length <= WORD_LENGTH_MAX)
            warmQueue.push({ word: normalised, language });
        }
        warming ??= drainWarmQueue();
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'could not queue background speech');
      }
    },
    /** Resolves once the background queue is empty (tests and benchmarks). */
    async idle(): Promise<void> {
      while (warming) await warming;
    },
    async close(): Promise<void> {
      closed = true;
      warmQueue.length = 0;
      await Promise.allSettled(engines.map((e) => e.close?.()));
      await warming; // its current word fails fast once the engines are closed
    },
  };
}

export type SpeechService = ReturnType<typeof createSpeechService>;
