import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/modules/speech/espeak-engine.js';
import { espeakPinyin } from '../../src/modules/speech/espeak-pinyin.js';
import { buildTestApp } from '../helper.js';
import { counted } from './speech-helpers.js';

const read = (query: Record<string, string>) => `/api/words/read?${new URLSearchParams(query)}`;

describe('espeakPinyin', () => {
  it.each([
    ['yin2 hang2', 'yin2hang2'],
    ['lü4 se4', 'lv4se4'],
    ['nü3 er2', 'nv3er2'],
    ['yi2 hui4 r5', 'yi2hui4er5'],
  ])('%s → %s', (reading, text) => {
    expect(espeakPinyin(reading)).toBe(text);
  });
});

/** Issue 21: a Chinese word is said by its reading, and the reading is part of the cache key. */
describe('speech with a reading', async () => {
  const spy = counted(createEspeakEngine());
  const { app, createParent } = await buildTestApp({}, { speechEngine: spy.engine });
  const parent = await createParent();

  it('keys the audio by the reading: each reading is its own audio and ETag, each made once', async () => {
    const hang = await parent.inject({
      method: 'GET',
      url: read({ word: '银行', language: 'Chinese', reading: 'yin2 hang2' }),
    });
    const xing = await parent.inject({
      method: 'GET',
      url: read({ word: '银行', language: 'Chinese', reading: 'yin2 xing2' }),
    });
    const plain = await parent.inject({ method: 'GET', url: read({ word: '银行', language: 'Chinese' }) });
    for (const res of [hang, xing, plain]) expect(res.statusCode).toBe(200);
    const etags = new Set([hang, xing, plain].map((r) => String(r.headers.etag)));
    expect(etags.size).toBe(3);
    expect(hang.rawPayload.equals(xing.rawPayload)).toBe(false);
    // The same reading typed differently is the same audio, from the cache.
    const again = await parent.inject({
      method: 'GET',
      url: read({ word: '银行', language: 'Chinese', reading: 'YIN2  hang2' }),
    });
    expect(again.headers.etag).toBe(hang.headers.etag);
    expect(spy.calls).toEqual(['银行 (yin2 hang2)', '银行 (yin2 xing2)', '银行']);
    // And on disk under different names.
    const [withHang] = app.speech.filesOf('银行', 'Chinese', 'normal', 'yin2 hang2');
    const [withXing] = app.speech.filesOf('银行', 'Chinese', 'normal', 'yin2 xing2');
    const [without] = app.speech.filesOf('银行', 'Chinese');
    expect(new Set([withHang, withXing, without]).size).toBe(3);
  });

  it('keeps the key of a word without a reading as it was, and ignores a reading outside Chinese', async () => {
    const english = await parent.inject({
      method: 'GET',
      url: read({ word: 'apple', language: 'English', reading: 'ap1' }),
    });
    const plain = await parent.inject({ method: 'GET', url: read({ word: 'apple', language: 'English' }) });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).toBe(plain.headers.etag);
    expect(spy.calls.filter((c) => c.startsWith('apple'))).toEqual(['apple']);
  });

  it('refuses a reading that is not tone-numbered pinyin with 400', async () => {
    const res = await parent.inject({
      method: 'GET',
      url: read({ word: '银行', language: 'Chinese', reading: 'yín háng' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_error',
      message: 'reading must be pinyin with tone numbers, like yin2 hang2',
    });
  });
});
