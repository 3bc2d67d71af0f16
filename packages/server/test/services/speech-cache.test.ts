import { describe, expect, it, vi } from 'vitest';
import { createEspeakEngine } from '../../src/modules/speech/espeak-engine.js';
import { inspectMp3 } from '../../src/modules/speech/mp3.js';
import { buildTestApp } from '../helper.js';
import { counted } from './speech-helpers.js';

const read = (word: string, language = 'English') =>
  `/api/words/read?${new URLSearchParams({ word, language })}`;

describe('speech cache', async () => {
  const spy = counted(createEspeakEngine());
  const { app, config, createParent } = await buildTestApp(
    {},
    { speechEngine: spy.engine, speechWarmUp: true },
  );
  const parent = await createParent();
  // A second app on the same DATA_DIR, as after a restart (its memory cache starts empty).
  const fresh = counted(createEspeakEngine());
  const restarted = await buildTestApp({ DATA_DIR: config.dataDir }, { speechEngine: fresh.engine });

  it('serves the second request from the cache without calling the engine again', async () => {
    const first = await parent.inject({ method: 'GET', url: read('library') });
    expect(first.statusCode).toBe(200);
    expect(spy.calls).toEqual(['library']);
    const second = await parent.inject({ method: 'GET', url: read('library') });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(spy.calls).toEqual(['library']);
    // Same normalised word (NFC, invisible characters and spacing) → same audio, no new synthesis.
    const messy = await parent.inject({ method: 'GET', url: read(' library\u200B ') });
    expect(messy.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(spy.calls).toEqual(['library']);
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with audio', async () => {
    const first = await parent.inject({ method: 'GET', url: read('garden') });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const again = await parent.inject({
      method: 'GET',
      url: read('garden'),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await parent.inject({
      method: 'GET',
      url: read('garden'),
      headers: { 'if-none-match': '"0000"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('gives each language and each word its own ETag', async () => {
    const a = await parent.inject({ method: 'GET', url: read('buku', 'English') });
    const b = await parent.inject({ method: 'GET', url: read('buku', 'Malay') });
    const c = await parent.inject({ method: 'GET', url: read('book', 'English') });
    expect(new Set([a.headers.etag, b.headers.etag, c.headers.etag]).size).toBe(3);
  });

  it('synthesises once for concurrent identical requests', async () => {
    const before = spy.calls.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => parent.inject({ method: 'GET', url: read('umbrella') })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(spy.calls.slice(before)).toEqual(['umbrella']);
  });

  it('warms words in the background so the first Play is served from the cache', async () => {
    const before = spy.calls.length;
    app.speech.warm(['rainbow', 'rainbow', '', 'x'.repeat(51), 'pelangi'], 'English');
    await app.speech.idle();
    // Blank and over-long words are skipped; the repeated one is made once.
    expect(spy.calls.slice(before)).toEqual(['rainbow', 'pelangi']);
    const res = await parent.inject({ method: 'GET', url: read('rainbow') });
    expect(res.statusCode).toBe(200);
    expect(spy.calls.slice(before)).toEqual(['rainbow', 'pelangi']);
  });

  it('synthesises a word set in the background when it is created, and its new words when edited', async () => {
    const child = await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      payload: { childName: 'Mei' },
    });
    expect(child.statusCode).toBe(201);
    const before = spy.calls.length;
    const created = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/create/${child.json().id}`,
      payload: { testDate: '2099-01-01', description: 'Unit 1', language: 'Malay', words: 'sekolah\nkucing' },
    });
    expect(created.statusCode).toBe(201);
    await app.speech.idle();
    expect(spy.calls.slice(before).sort()).toEqual(['kucing', 'sekolah']);
    const edited = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/${child.json().id}/edit/${created.json().id}`,
      payload: { words: 'sekolah\nkucing\nrumah' },
    });
    expect(edited.statusCode).toBe(200);
    // The edit looks the set up before queueing, so wait for the word to arrive.
    await vi.waitFor(() => expect(spy.calls.slice(before).sort()).toEqual(['kucing', 'rumah', 'sekolah']), {
      timeout: 30_000,
    });
    const play = await parent.inject({ method: 'GET', url: read('rumah', 'Malay') });
    expect(play.statusCode).toBe(200);
    expect(spy.calls.slice(before)).toHaveLength(3);
  });

  it('keeps the audio on disk, so a new app on the same DATA_DIR does not synthesise again', async () => {
    // Only words of saved sets go to disk (docs/security.md, shared caches).
    const child = await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      payload: { childName: 'Ann' },
    });
    await parent.inject({
      method: 'POST',
      url: `/api/word-sets/create/${child.json().id}`,
      payload: { testDate: '2099-01-01', description: 'Unit 2', language: 'English', words: 'necessary' },
    });
    const first = await parent.inject({ method: 'GET', url: read('necessary') });
    const other = await restarted.createParent();
    const res = await other.inject({ method: 'GET', url: read('necessary') });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(res.headers.etag).toBe(first.headers.etag);
    expect(fresh.calls).toEqual([]);
    expect(inspectMp3(res.rawPayload).durationSeconds).toBeGreaterThan(0.3);
  });
});
