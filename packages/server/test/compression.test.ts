import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../src/app.js';
import { buildTestApp } from './helper.js';

const ACCEPT = { 'accept-encoding': 'br, gzip' };

describe('compression of API answers', async () => {
  const { createParent } = await buildTestApp();
  const parent = await createParent();
  const child = await parent.inject({
    method: 'POST',
    url: `/api/child/create/${parent.id}`,
    payload: { childName: 'Mei' },
  });
  const childId = child.json<{ id: string }>().id;

  async function setOf(count: number, length: number): Promise<string> {
    const words = Array.from(
      { length: count },
      (_, i) => `${String(i).padStart(3, '0')}${'w'.repeat(length - 3)}`,
    );
    const res = await parent.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: { testDate: '2026-12-01', description: 'Unit', language: 'English', words: words.join('\n') },
    });
    expect(res.statusCode).toBe(201);
    return `/api/child/${childId}/word-sets/${res.json<{ id: string }>().id}`;
  }

  it('sends a typical word list as it is: it fits in the first round trip anyway', async () => {
    const res = await parent.inject({ method: 'GET', url: await setOf(20, 8), headers: ACCEPT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.json<{ words: unknown[] }>().words).toHaveLength(20);
  });

  it('compresses a long list for a client that accepts it', async () => {
    const res = await parent.inject({ method: 'GET', url: await setOf(200, 40), headers: ACCEPT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(res.rawPayload.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body.toString()).words).toHaveLength(200);
  });

  it('refuses a compressed request body with a 400 and creates nothing', async () => {
    const before = await parent.inject({ method: 'GET', url: `/api/word-sets/${parent.id}` });
    const res = await parent.inject({
      method: 'POST',
      url: `/api/child/create/${parent.id}`,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ childName: 'Zipped' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const after = await parent.inject({ method: 'GET', url: `/api/word-sets/${parent.id}` });
    expect(after.json()).toEqual(before.json());
  });
});
