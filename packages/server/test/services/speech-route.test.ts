import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/modules/speech/espeak-engine.js';
import { SpeechBusyError, SpeechTimeoutError } from '../../src/modules/speech/errors.js';
import { createSynthPool } from '../../src/modules/speech/synth-pool.js';
import { READS_PER_MINUTE } from '../../src/routes/api/speech/index.js';
import { buildTestApp } from '../helper.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const read = (query: Record<string, string>) => `/api/words/read?${new URLSearchParams(query)}`;

describe('GET /api/words/read validation and access', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();

  it('requires sign-in', async () => {
    const res = await app.inject({ method: 'GET', url: read({ word: 'cat' }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('rejects a missing word', async () => {
    const res = await parent.inject({ method: 'GET', url: '/api/words/read?language=English' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'word is required' });
  });

  it('rejects a blank word', async () => {
    const res = await parent.inject({ method: 'GET', url: read({ word: '   ' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'word is required' });
  });

  it('rejects a word of 51 characters', async () => {
    const res = await parent.inject({ method: 'GET', url: read({ word: 'a'.repeat(51) }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'word can be at most 50 characters' });
  });

  it('rejects a language that is not one of the four', async () => {
    const res = await parent.inject({ method: 'GET', url: read({ word: 'bonjour', language: 'French' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error', message: expect.any(String) });
  });

  it('defaults to English', async () => {
    const plain = await parent.inject({ method: 'GET', url: read({ word: 'cat' }) });
    const english = await parent.inject({ method: 'GET', url: read({ word: 'cat', language: 'English' }) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).toBe(english.headers.etag);
  });
});

describe('rate limit per parent', async () => {
  const { createParent } = await buildTestApp();
  const [busy, other] = [await createParent(), await createParent()];

  it(`answers the ${READS_PER_MINUTE + 1}th read in a minute with 429 JSON and Retry-After; other parents are unaffected`, async () => {
    // A word of their own set: answered from the cache at once (another's would wait as long as synthesis).
    const child = await busy.inject({
      method: 'POST',
      url: `/api/child/create/${busy.id}`,
      payload: { childName: 'Bo' },
    });
    await busy.inject({
      method: 'POST',
      url: `/api/word-sets/create/${child.json().id}`,
      payload: { testDate: '2099-01-01', description: 'Pets', language: 'English', words: 'dog' },
    });
    for (let i = 0; i < READS_PER_MINUTE; i++) {
      const res = await busy.inject({ method: 'GET', url: read({ word: 'dog' }) });
      expect(res.statusCode).toBe(200);
    }
    const limited = await busy.inject({ method: 'GET', url: read({ word: 'dog' }) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/^Too many words read\. Please wait \d+ seconds and try again\.$/),
    });
    const fine = await other.inject({ method: 'GET', url: read({ word: 'dog' }) });
    expect(fine.statusCode).toBe(200);
  });
});

describe('a full synthesis pool answers 503 JSON, a slow one 504 JSON', async () => {
  const full = await buildTestApp({}, { speechEngine: createEspeakEngine({ size: 1, queueLimit: 0 }) });
  const slow = await buildTestApp({}, { speechEngine: createEspeakEngine({ size: 1, timeoutMs: 1 }) });

  it('503 when every thread is busy and the queue is full', async () => {
    const parent = await full.createParent();
    const answers = await Promise.all(
      ['apple', 'banana', 'cherry'].map((word) => parent.inject({ method: 'GET', url: read({ word }) })),
    );
    // Which of the three reaches the single thread first is up to the scheduler.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 503, 503]);
    const busy = answers.find((r) => r.statusCode === 503)!;
    expect(busy.json()).toEqual({
      error: 'speech_busy',
      message: 'Speech is busy right now. Please try again in a moment.',
    });
    expect(busy.headers['retry-after']).toBe('2');
  });

  it('504 when synthesis takes longer than the timeout', async () => {
    const parent = await slow.createParent();
    const res = await parent.inject({ method: 'GET', url: read({ word: 'durian' }) });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      error: 'speech_timeout',
      message: 'Reading the word took too long. Please try again.',
    });
  });
});

describe('synthesis pool', () => {
  it('queues up to its limit, refuses beyond it, and times out a slow job', async () => {
    const pool = createSynthPool({ size: 1, queueLimit: 1, timeoutMs: 20_000, idleMs: 60_000 });
    try {
      const first = pool.synthesize('one', 'English');
      const second = pool.synthesize('two', 'English');
      expect(pool.queued).toBe(1);
      await expect(pool.synthesize('three', 'English')).rejects.toBeInstanceOf(SpeechBusyError);
      const [a, b] = await Promise.all([first, second]);
      expect(a.length).toBeGreaterThan(1000);
      expect(a.equals(b)).toBe(false);
    } finally {
      await pool.close();
    }
    const hasty = createSynthPool({ size: 1, queueLimit: 4, timeoutMs: 1, idleMs: 60_000 });
    try {
      await expect(hasty.synthesize('four', 'English')).rejects.toBeInstanceOf(SpeechTimeoutError);
    } finally {
      await hasty.close();
    }
  });

  it('ends a thread that has been idle for idleMs, and starts a new one for the next word', async () => {
    const pool = createSynthPool({ size: 1, queueLimit: 4, timeoutMs: 20_000, idleMs: 1000 });
    try {
      expect(pool.threads).toBe(0);
      const first = await pool.synthesize('one', 'English');
      expect(pool.threads).toBe(1);
      // A word within idleMs restarts the idle clock: more than 1 s after the first word the
      // thread is still there, because the second word came 0.3 s in.
      await sleep(300);
      await pool.synthesize('two', 'English');
      await sleep(600);
      expect(pool.threads).toBe(1);
      await sleep(1000);
      expect(pool.threads).toBe(0);
      const again = await pool.synthesize('one', 'English');
      expect(again.equals(first)).toBe(true);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
    expect(pool.threads).toBe(0);
  });
});
