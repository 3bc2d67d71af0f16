import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  BoundedMap,
  normaliseWord,
  SPEECH_SPEEDS,
  WORD_LENGTH_MAX,
  type Language,
  type SpeechSpeed,
} from '@spellwell/shared';
import type { AudioCache } from './audio-cache.js';
import { createFairQueue, type FairQueue } from './fair-queue.js';
import type { SpeechEngine } from './speech-engine.js';

/** Who asks for a word: their own lane in the synthesis queue, and whether the word is theirs. */
export interface Requester {
  /** The parent's id. */
  id: string;
  /** True when one of the parent's own word sets holds this (normalised) word in this language. */
  ownsWord(word: string, language: Language): Promise<boolean>;
}

/** A word for `forget`: the words of an erased account. */
export interface WordInLanguage {
  word: string;
  language: Language;
  /** A Chinese word's pinyin (tone numbers), spoken instead of guessing from the characters. */
  reading?: string | null;
}

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
/** Parent-and-word pairs known to be the parent's own (about 150 bytes each). */
const OWNED_REMEMBERED = 20_000;
/** Until a word has been synthesised here: about what one takes (docs/speech.md). */
const TYPICAL_SYNTHESIS_MS = 400;
/** The lane of background synthesis (saved sets), taking turns with the parents' lanes. */
const BACKGROUND = 'background';

export function createSpeechService(options: SpeechServiceOptions) {
  const { engines, cache, log, cooldownMs = 30_000, warmQueueMax = 2000, warmUp = true } = options;
  const inFlight = new Map<string, Promise<Buffer>>();
  const coolingUntil = new Map<SpeechEngine, number>();
  const warmQueue: WordInLanguage[] = [];
  let warming: Promise<void> | undefined;
  let closed = false;

  // A replay asks for the same few hundred words again and again, so each one is hashed once
  // (docs/performance.md). Bounded: a hostile client's endless new words only churn it.
  const keys = new Map<SpeechEngine, BoundedMap<string, string>>(
    engines.map((engine) => [engine, new BoundedMap(KEYS_REMEMBERED)]),
  );
  // Slow speech (issue 22) and a Chinese word's reading (issue 21) are each part of the key: a
  // corrected 多音字 or slower speech is other audio. A word at normal speed without a reading
  // keeps the key it always had, so the audio cached before either existed stays valid.
  const keyOf = (
    engine: SpeechEngine,
    word: string,
    language: Language,
    speed: SpeechSpeed = 'normal',
    reading?: string | null,
  ) => {
    const known = keys.get(engine)!;
    const asked = `${language}\n${word}\n${speed}\n${reading ?? ''}`;
    let key = known.get(asked);
    if (key === undefined) {
      const parts = [engine.id, engine.settingsVersion, engine.voice(language), normaliseWord(word)];
      if (speed !== 'normal') parts.push(`speed:${speed}`);
      if (reading) parts.push(`reading:${reading}`);
      key = createHash('sha256').update(parts.join('\n')).digest('hex');
      known.set(asked, key);
    }
    return key;
  };
  const etagOf = (key: string) => `"${key.slice(0, 40)}"`;

  // One synthesis thread serves every family: each engine's words wait in a queue that takes
  // turns between parents, so one parent's burst of new words cannot hold it (fair-queue.ts).
  const queues = new Map<SpeechEngine, FairQueue>(
    engines.map((engine) => {
      const queueLimit = engine.queueLimit ?? 32;
      return [
        engine,
        createFairQueue({
          concurrency: engine.concurrency ?? 4,
          perOwnerLimit: Math.min(8, queueLimit),
          totalLimit: queueLimit,
          waitMs: 15_000,
        }),
      ];
    }),
  );

  // The shared cache must not tell one family which words another has: a cached word answers
  // at once only to a parent whose own sets hold it; anyone else waits as long as making it
  // took (docs/security.md, shared caches).
  const owned = new BoundedMap<string, true>(OWNED_REMEMBERED);
  const synthesisMs = new BoundedMap<string, number>(KEYS_REMEMBERED);
  let typicalMs = TYPICAL_SYNTHESIS_MS;
  async function owns(requester: Requester, word: string, language: Language): Promise<boolean> {
    const pair = `${requester.id}\n${language}\n${word}`;
    if (owned.get(pair)) return true;
    if (!(await requester.ownsWord(word, language))) return false;
    owned.set(pair, true);
    return true;
  }

  /**
   * Cached audio, or one synthesis shared by everyone asking for the same key meanwhile, in
   * the asker's lane. Only words from saved sets go to disk (`persist`): the disk holds no
   * word that no family has, and erasing an account can find all of its words.
   */
  function audioFrom(
    engine: SpeechEngine,
    key: string,
    word: string,
    language: Language,
    reading: string | undefined,
    owner: string,
    persist: boolean,
    speed: SpeechSpeed,
  ): Promise<Buffer> {
    const hit = cache.memory.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const cached = await cache.get(key, engine.contentType);
        if (cached) return cached;
        const { audio } = await queues.get(engine)!.run(owner, async () => {
          const started = performance.now();
          const made = await engine.synthesize(normaliseWord(word), language, speed, reading);
          const took = performance.now() - started;
          synthesisMs.set(key, took);
          typicalMs = 0.8 * typicalMs + 0.2 * took;
          return made;
        });
        if (!persist) {
          cache.memory.set(key, audio);
          return audio;
        }
        await cache.set(key, engine.contentType, audio).catch((err: Error) => {
          log.warn({ err: err.message }, 'could not write speech to the disk cache');
        });
        return audio;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  /**
   * The word's audio. With a requester (a parent's Play), their lane in the queue, and a
   * word that is not in their own sets answers no sooner than its synthesis took; without
   * (background warm-up of a saved set), the background lane.
   */
  async function read(
    word: string,
    language: Language,
    requester?: Requester,
    speed: SpeechSpeed = 'normal',
    reading?: string | null,
  ): Promise<SpokenWord> {
    const spoken = reading ?? undefined;
    const started = performance.now();
    const normalised = normaliseWord(word);
    const theirs = requester ? await owns(requester, normalised, language) : true;
    const last = engines.length - 1;
    for (const [i, engine] of engines.entries()) {
      if (i < last && (coolingUntil.get(engine) ?? 0) > Date.now()) continue;
      const key = keyOf(engine, word, language, speed, spoken);
      try {
        const audio = await audioFrom(
          engine,
          key,
          word,
          language,
          spoken,
          requester?.id ?? BACKGROUND,
          theirs,
          speed,
        );
        if (!theirs) {
          const wait = (synthesisMs.get(key) ?? typicalMs) - (performance.now() - started);
          if (wait > 0) await sleep(wait);
        }
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
      const { word, language, reading } = warmQueue.shift()!;
      try {
        await read(word, language, undefined, 'normal', reading);
      } catch (err) {
        log.debug({ err: (err as Error).message }, 'background speech skipped a word');
      }
    }
    warming = undefined;
  }

  return {
    read,
    /** The ETag the preferred engine would give, known without synthesising (for 304s). */
    preferredEtag: (
      word: string,
      language: Language,
      speed: SpeechSpeed = 'normal',
      reading?: string | null,
    ) => etagOf(keyOf(engines[0]!, word, language, speed, reading)),
    /**
     * Synthesises words in the background, one at a time so that a parent's Play never
     * waits behind more than one of them. Never throws; never awaited by callers.
     */
    warm(words: readonly (string | { word: string; reading: string | null })[], language: Language): void {
      if (!warmUp) return;
      try {
        for (const item of words) {
          if (closed || warmQueue.length >= warmQueueMax) break;
          const { word, reading } = typeof item === 'string' ? { word: item, reading: null } : item;
          const normalised = normaliseWord(word);
          if (normalised !== '' && normalised.length <= WORD_LENGTH_MAX)
            warmQueue.push({ word: normalised, language, reading });
        }
        warming ??= drainWarmQueue();
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'could not queue background speech');
      }
    },
    /**
     * Removes the audio of these words from memory and disk (an erased account's words that
     * no other family has), for every engine.
     */
    async forget(words: readonly WordInLanguage[]): Promise<void> {
      for (const { word, language, reading } of words) {
        for (const engine of engines) {
          for (const speed of SPEECH_SPEEDS) {
            const key = keyOf(engine, word, language, speed, reading);
            keys.get(engine)!.delete(`${language}\n${word}\n${speed}\n${reading ?? ''}`);
            synthesisMs.delete(key);
            await cache.remove(key, engine.contentType);
          }
        }
      }
    },
    /** Forgets which words were this parent's (their account is gone). */
    forgetRequester(parentId: string): void {
      const prefix = `${parentId}\n`;
      for (const pair of [...owned.keys()]) if (pair.startsWith(prefix)) owned.delete(pair);
    },
    /** Words waiting for a synthesis thread, across all parents (tests). */
    get waiting(): number {
      let n = 0;
      for (const queue of queues.values()) n += queue.waiting;
      return n;
    },
    /** Where the audio of a word would be on disk, for each engine (tests). */
    filesOf(
      word: string,
      language: Language,
      speed: SpeechSpeed = 'normal',
      reading?: string | null,
    ): string[] {
      return engines.map((engine) =>
        cache.fileOf(keyOf(engine, word, language, speed, reading), engine.contentType),
      );
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
