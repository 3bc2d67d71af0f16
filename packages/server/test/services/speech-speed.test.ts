import { describe, expect, it } from 'vitest';
import { parseBuffer } from 'music-metadata';
import { buildTestApp } from '../helper.js';

const read = (query: Record<string, string>) => `/api/words/read?${new URLSearchParams(query)}`;

/** Issue 22: slow speech is synthesised slowly (espeak's speed) and cached as its own entry. */
describe('GET /api/words/read?speed=slow', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();

  it('answers different, longer audio with its own ETag and its own cache file', async () => {
    const normal = await parent.inject({ method: 'GET', url: read({ word: 'butterfly' }) });
    const explicit = await parent.inject({
      method: 'GET',
      url: read({ word: 'butterfly', speed: 'normal' }),
    });
    const slow = await parent.inject({ method: 'GET', url: read({ word: 'butterfly', speed: 'slow' }) });
    expect([normal.statusCode, slow.statusCode]).toEqual([200, 200]);
    expect(explicit.headers.etag).toBe(normal.headers.etag);
    expect(slow.headers.etag).not.toBe(normal.headers.etag);
    expect(slow.rawPayload.equals(normal.rawPayload)).toBe(false);
    expect(slow.headers['content-type']).toBe('audio/mpeg');
    // Made slowly, not a copy: the slow word lasts clearly longer.
    expect(await seconds(slow.rawPayload)).toBeGreaterThan((await seconds(normal.rawPayload)) * 1.2);
    const [normalFile] = app.speech.filesOf('butterfly', 'English', 'normal');
    const [slowFile] = app.speech.filesOf('butterfly', 'English', 'slow');
    expect(slowFile).not.toBe(normalFile);

    const again = await parent.inject({
      method: 'GET',
      url: read({ word: 'butterfly', speed: 'slow' }),
      headers: { 'if-none-match': slow.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a speed that is not slow or normal', async () => {
    const res = await parent.inject({ method: 'GET', url: read({ word: 'cat', speed: 'fast' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error' });
  });
});

async function seconds(mp3: Buffer): Promise<number> {
  const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
  return format.duration ?? 0;
}
