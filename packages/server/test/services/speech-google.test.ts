import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/modules/speech/espeak-engine.js';
import { encodeMp3, inspectMp3 } from '../../src/modules/speech/mp3.js';
import { buildTestApp } from '../helper.js';
import { counted } from './speech-helpers.js';

const API_KEY = 'test-google-tts-key-0123456789';

/** 0.8 s of a 660 Hz tone: clearly not espeak's voice, so the tests can tell who answered. */
function toneMp3(): Buffer {
  const samples = new Int16Array(Math.round(0.8 * 24000));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(12000 * Math.sin((2 * Math.PI * 660 * i) / 24000));
  return encodeMp3({ samples, sampleRate: 24000 });
}

interface Received {
  url: string;
  apiKey: string | undefined;
  body: {
    input: { text: string };
    voice: { languageCode: string };
    audioConfig: { audioEncoding: string; speakingRate: number };
  };
}

/** A local stand-in for texttospeech.googleapis.com/v1/text:synthesize. */
async function standIn(status: () => number) {
  const received: Received[] = [];
  const audio = toneMp3();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        apiKey: req.headers['x-goog-api-key'] as string | undefined,
        body: JSON.parse(raw),
      });
      const code = status();
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          code === 200
            ? { audioContent: audio.toString('base64') }
            : { error: { code, message: 'Internal error', status: 'INTERNAL' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { received, audio, url: `http://127.0.0.1:${port}/v1/text:synthesize` };
}

const read = (word: string, language: string) => `/api/words/read?${new URLSearchParams({ word, language })}`;

describe('Google Text-to-Speech engine (local stand-in)', async () => {
  const google = await standIn(() => 200);
  const espeak = counted(createEspeakEngine());
  const { createParent } = await buildTestApp(
    { GOOGLE_TTS_API_KEY: API_KEY, GOOGLE_TTS_URL: google.url },
    { speechEngine: espeak.engine },
  );
  const parent = await createParent();

  it('asks Google with the key, the language code, MP3 and a slower rate, and serves its audio', async () => {
    const res = await parent.inject({ method: 'GET', url: read('sekolah', 'Malay') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.equals(google.audio)).toBe(true);
    expect(google.received).toEqual([
      {
        url: '/v1/text:synthesize',
        apiKey: API_KEY,
        body: {
          input: { text: 'sekolah' },
          voice: { languageCode: 'ms-MY' },
          audioConfig: { audioEncoding: 'MP3', speakingRate: 0.85 },
        },
      },
    ]);
    expect(espeak.calls).toEqual([]);
  });

  it('uses cmn-CN, en-GB and ta-IN for the other languages, and caches', async () => {
    for (const [word, language] of [
      ['我们', 'Chinese'],
      ['necessary', 'English'],
      ['பள்ளி', 'Tamil'],
    ]) {
      expect((await parent.inject({ method: 'GET', url: read(word!, language!) })).statusCode).toBe(200);
    }
    await parent.inject({ method: 'GET', url: read('我们', 'Chinese') });
    expect(google.received.slice(1).map((r) => r.body.voice.languageCode)).toEqual([
      'cmn-CN',
      'en-GB',
      'ta-IN',
    ]);
  });

  it('gives Google a Chinese word’s reading as a pinyin custom pronunciation (issue 21)', async () => {
    const url = `/api/words/read?${new URLSearchParams({ word: '东西', language: 'Chinese', reading: 'dong1 xi5' })}`;
    expect((await parent.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(google.received.at(-1)!.body.input).toEqual({
      text: '东西',
      customPronunciations: {
        pronunciations: [
          { phrase: '东西', phoneticEncoding: 'PHONETIC_ENCODING_PINYIN', pronunciation: 'dong1 xi5' },
        ],
      },
    });
  });
});

describe('Google failing falls back to espeak-ng', async () => {
  const google = await standIn(() => 500);
  const espeak = counted(createEspeakEngine());
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const { createParent } = await buildTestApp(
    { GOOGLE_TTS_API_KEY: API_KEY, GOOGLE_TTS_URL: google.url },
    { speechEngine: espeak.engine, logger: { level: 'debug', stream } },
  );
  const parent = await createParent();

  it('serves espeak audio, not cached for a year, and never logs the key', async () => {
    const res = await parent.inject({ method: 'GET', url: read('necessary', 'English') });
    expect(res.statusCode).toBe(200);
    expect(google.received).toHaveLength(1);
    expect(espeak.calls).toEqual(['necessary']);
    expect(res.rawPayload.equals(google.audio)).toBe(false);
    expect(inspectMp3(res.rawPayload).durationSeconds).toBeGreaterThan(0.3);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(logs.join('')).toContain('Google Text-to-Speech answered 500');
    expect(logs.join('')).not.toContain(API_KEY);
  });

  it('skips Google for a while after a failure instead of slowing every word', async () => {
    const res = await parent.inject({ method: 'GET', url: read('garden', 'English') });
    expect(res.statusCode).toBe(200);
    expect(google.received).toHaveLength(1);
    expect(espeak.calls).toEqual(['necessary', 'garden']);
  });
});

describe('Google unreachable or answering garbage falls back to espeak-ng', async () => {
  const garbage = createServer((_req, res) =>
    res.end(JSON.stringify({ audioContent: Buffer.from('not audio').toString('base64') })),
  );
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
  const { port } = garbage.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => garbage.close(() => resolve())));
  const espeak = counted(createEspeakEngine());
  const { createParent } = await buildTestApp(
    { GOOGLE_TTS_API_KEY: API_KEY, GOOGLE_TTS_URL: `http://127.0.0.1:${port}/v1/text:synthesize` },
    { speechEngine: espeak.engine },
  );
  const parent = await createParent();

  it('serves espeak audio when Google sends something that is not MP3', async () => {
    const res = await parent.inject({ method: 'GET', url: read('kucing', 'Malay') });
    expect(res.statusCode).toBe(200);
    expect(espeak.calls).toEqual(['kucing']);
    expect(inspectMp3(res.rawPayload).durationSeconds).toBeGreaterThan(0.3);
  });
});
