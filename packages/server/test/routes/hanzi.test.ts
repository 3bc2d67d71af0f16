import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { StrokeDataSchema } from '@spellwell/shared';
import { PUBLIC_READS_PER_MINUTE } from '../../src/modules/auth/session.js';
import { buildTestApp } from '../helper.js';

const packageFile = (char: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`hanzi-writer-data/${char}.json`), 'utf8');
const url = (char: string) => `/api/hanzi/${encodeURIComponent(char)}.json`;

/** Issue 21: one character's stroke order, served from our origin for hanzi-writer. */
describe('GET /api/hanzi/:char.json', async () => {
  const { app } = await buildTestApp();

  it('answers the package’s own data for one character, without a token, kept for a year', async () => {
    const res = await app.inject({ method: 'GET', url: url('水') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(packageFile('水'));
    const data = StrokeDataSchema.parse(res.json());
    expect(data.strokes).toHaveLength(4);
    expect(data.medians).toHaveLength(4);
  });

  it('serves a character outside the Basic Multilingual Plane when the package has it, else 404', async () => {
    // 𠀀 (U+20000) is Han but not in the data: a 404, not a 400.
    const res = await app.inject({ method: 'GET', url: url('𠀀') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No stroke order for 𠀀' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['two characters', url('水火')],
    ['a Latin letter', url('a')],
    ['Tamil', url('ஆ')],
    ['Chinese punctuation', url('、')],
    ['a path climbing out of the folder', '/api/hanzi/..%2F..%2Fpackage.json'],
    ['the package’s index.js', '/api/hanzi/index.json'],
    ['an encoded slash', '/api/hanzi/%2F.json'],
    ['nothing', '/api/hanzi/.json'],
    ['a NUL byte', '/api/hanzi/%00.json'],
  ])('refuses %s with 400 JSON', async (_label, path) => {
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'Expected one Chinese character' });
  });

  it('without .json the path is not a route', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/hanzi/${encodeURIComponent('水')}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('stroke data rate limit', async () => {
  const { app } = await buildTestApp();

  it(`answers 429 JSON past ${PUBLIC_READS_PER_MINUTE} a minute from one address`, async () => {
    for (let i = 0; i < PUBLIC_READS_PER_MINUTE; i++) {
      expect((await app.inject({ method: 'GET', url: url('水') })).statusCode).toBe(200);
    }
    const res = await app.inject({ method: 'GET', url: url('水') });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
  });
});
