import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createAudioCache } from '../../src/modules/speech/audio-cache.js';
import { createEspeakEngine } from '../../src/modules/speech/espeak-engine.js';
import type { SpeechEngine } from '../../src/modules/speech/speech-engine.js';
import { buildTestApp, type TestParent } from '../helper.js';

const read = (word: string) => `/api/words/read?${new URLSearchParams({ word, language: 'English' })}`;

/** The real engine (one thread), recording each word it starts and how long it took. */
function timed(engine: SpeechEngine) {
  const started: string[] = [];
  const took = new Map<string, number>();
  return {
    started,
    took,
    engine: {
      ...engine,
      async synthesize(word, language) {
        started.push(word);
        const at = performance.now();
        const audio = await engine.synthesize(word, language);
        took.set(word, performance.now() - at);
        return audio;
      },
    } satisfies SpeechEngine,
  };
}

async function withWords(parent: TestParent, words: string[]): Promise<void> {
  const child = await parent.inject({
    method: 'POST',
    url: `/api/child/create/${parent.id}`,
    payload: { childName: 'Kid' },
  });
  const set = await parent.inject({
    method: 'POST',
    url: `/api/word-sets/create/${child.json<{ id: string }>().id}`,
    payload: { testDate: '2099-01-01', description: 'Words', language: 'English', words: words.join('\n') },
  });
  if (set.statusCode !== 201) throw new Error(`set: ${set.statusCode} ${set.body}`);
}

describe('the shared speech cache and synthesis thread', async () => {
  const spy = timed(createEspeakEngine({ size: 1 }));
  const { app, createParent } = await buildTestApp({}, { speechEngine: spy.engine, speechWarmUp: false });

  it('takes turns between parents: another parent’s new word does not wait for one parent’s burst', async () => {
    const [burst, other] = [await createParent(), await createParent()];
    const words = ['oxymoronic', 'pterodactyl', 'quizzically', 'rhythmical', 'syzygy', 'troglodyte'];
    const before = spy.started.length;
    const bursting = Promise.all(words.map((word) => burst.inject({ method: 'GET', url: read(word) })));
    // All six asked for: one synthesising, five waiting in the first parent's lane.
    await vi.waitFor(() => expect(app.speech.waiting).toBe(5), { timeout: 20_000, interval: 5 });
    const answer = await other.inject({ method: 'GET', url: read('umbrellabird') });
    expect(answer.statusCode).toBe(200);
    // The other parent's word went second: after the one already running, before the other five.
    expect(spy.started.slice(before).indexOf('umbrellabird')).toBe(1);
    // On a loaded machine the last of the burst may pass the 15 s wait: a 504 to retry, never a 5xx of another kind.
    for (const res of await bursting) {
      if (res.statusCode !== 200) expect(res.json()).toMatchObject({ error: 'speech_timeout' });
    }
  });

  it('answers a cached word at once only to a family whose sets hold it; anyone else waits as long as its synthesis took', async () => {
    const [owner, prober] = [await createParent(), await createParent()];
    await withWords(owner, ['zephyrine']);
    const first = await owner.inject({ method: 'GET', url: read('zephyrine') });
    expect(first.statusCode).toBe(200);
    const synthesis = spy.took.get('zephyrine')!;
    expect(synthesis).toBeGreaterThan(0);

    let at = performance.now();
    const probe = await prober.inject({ method: 'GET', url: read('zephyrine') });
    const probeMs = performance.now() - at;
    expect(probe.statusCode).toBe(200);
    expect(probe.rawPayload.equals(first.rawPayload)).toBe(true);
    // A lower bound, so it cannot flake: the probe is not faster than making the word was.
    expect(probeMs).toBeGreaterThanOrEqual(synthesis - 1);

    at = performance.now();
    const again = await owner.inject({ method: 'GET', url: read('zephyrine') });
    expect(again.statusCode).toBe(200);
    expect(performance.now() - at).toBeLessThan(probeMs);
  });

  it('keeps on disk only words some family’s sets hold', async () => {
    const stranger = await createParent();
    const res = await stranger.inject({ method: 'GET', url: read('quibblesome') });
    expect(res.statusCode).toBe(200);
    for (const file of app.speech.filesOf('quibblesome', 'English')) expect(existsSync(file)).toBe(false);
  });

  it('deleting an account removes the audio of its words that no other family has, and keeps the rest', async () => {
    const leaving = await createParent();
    const staying = await createParent();
    await withWords(leaving, ['quokkafish', 'apple']);
    await withWords(staying, ['apple']);
    for (const [parent, word] of [
      [leaving, 'quokkafish'],
      [leaving, 'apple'],
      [staying, 'apple'],
    ] as const) {
      expect((await parent.inject({ method: 'GET', url: read(word) })).statusCode).toBe(200);
    }
    const [quokka] = app.speech.filesOf('quokkafish', 'English');
    const [apple] = app.speech.filesOf('apple', 'English');
    expect(existsSync(quokka!)).toBe(true);
    expect(existsSync(apple!)).toBe(true);

    expect((await leaving.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
    expect(existsSync(quokka!)).toBe(false);
    expect(existsSync(apple!)).toBe(true);
    // Gone from memory too: a new family with the word has it made again.
    const before = spy.started.length;
    const newcomer = await createParent();
    await withWords(newcomer, ['quokkafish']);
    expect((await newcomer.inject({ method: 'GET', url: read('quokkafish') })).statusCode).toBe(200);
    expect(spy.started.slice(before)).toEqual(['quokkafish']);
  });
});

describe('the disk cache', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spellwell-audio-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = () =>
    readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.mp3')).length;
  const key = (n: number) => `${String(n).padStart(2, '0')}${'a'.repeat(62)}`;

  it('stays within its size, dropping the least recently used first (also across a restart)', async () => {
    const cache = createAudioCache(dir, 1_000_000, 10_000);
    for (const n of [1, 2, 3]) await cache.set(key(n), 'audio/mpeg', Buffer.alloc(3000, n));
    expect(await cache.get(key(1), 'audio/mpeg')).toBeDefined(); // 1 is now the most recent
    for (const n of [4, 5]) await cache.set(key(n), 'audio/mpeg', Buffer.alloc(3000, n));
    expect(cache.diskBytes).toBeLessThanOrEqual(10_000);
    expect(files()).toBe(3);
    expect(existsSync(cache.fileOf(key(1), 'audio/mpeg'))).toBe(true);
    expect(existsSync(cache.fileOf(key(2), 'audio/mpeg'))).toBe(false);
    expect(existsSync(cache.fileOf(key(3), 'audio/mpeg'))).toBe(false);

    // A restart with a smaller cap finds the files and keeps within it at the next write.
    const smaller = createAudioCache(dir, 1_000_000, 6_000);
    expect(smaller.diskBytes).toBe(9_000);
    await smaller.set(key(6), 'audio/mpeg', Buffer.alloc(3000, 6));
    expect(smaller.diskBytes).toBeLessThanOrEqual(6_000);
    expect(files()).toBe(2);
  });

  it('has a size cap by default (SPEECH_CACHE_MAX_MB, 256 MB)', () => {
    const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir };
    expect(loadConfig(env).speechCacheMaxBytes).toBe(256 * 1024 * 1024);
    expect(loadConfig({ ...env, SPEECH_CACHE_MAX_MB: '10' }).speechCacheMaxBytes).toBe(10 * 1024 * 1024);
  });
});
