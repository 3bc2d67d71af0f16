import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { buildTestApp } from '../helper.js';
import { seedFamily } from '../security/support/route-table.js';

const TOKEN = 'metrics-token-for-the-tests-0123';
const scrape = (app: App, token = TOKEN) =>
  app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one sample line, e.g. `http_requests_total{method="GET",...}`; 0 if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(/,(?=[a-z_]+=")/) ?? [];
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe('/metrics', () => {
  it('is off (404) without METRICS_TOKEN, and measures nothing', async () => {
    const { app } = await buildTestApp();
    const res = await scrape(app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route for GET /metrics' });
    expect(app.metrics).toBeUndefined();
  });

  it('refuses a missing or wrong token with 401', async () => {
    const { app } = await buildTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Bearer ',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: 'A valid metrics token is required' });
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests and grades by route pattern; the latency histogram moves; the process and pool are there', async () => {
    const ctx = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const parent = await ctx.createParent();
    const ids = await seedFamily(parent); // grades one word
    const grade = { method: 'POST', route: '/api/words/update/:childId/:wordId', status_code: '200' };

    const before = (await scrape(ctx.app)).body;
    expect(sample(before, 'http_request_duration_seconds_count', grade)).toBe(1);
    expect(sample(before, 'spellwell_grades_recorded_total')).toBe(1);

    for (const quality of [1, 2, 3]) {
      const res = await parent.inject({
        method: 'POST',
        url: `/api/words/update/${ids.childId}/${ids.wordId}`,
        payload: { quality },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await scrape(ctx.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = res.body;
    expect(sample(after, 'http_request_duration_seconds_count', grade)).toBe(4);
    expect(sample(after, 'http_requests_total', grade)).toBe(4);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...grade, le: '+Inf' })).toBe(4);
    expect(sample(after, 'http_request_duration_seconds_sum', grade)).toBeGreaterThan(
      sample(before, 'http_request_duration_seconds_sum', grade),
    );
    expect(sample(after, 'spellwell_grades_recorded_total')).toBe(4);
    // The scrape before this one was counted too.
    expect(sample(after, 'http_requests_total', { route: '/metrics', status_code: '200' })).toBe(1);

    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    expect(sample(after, 'spellwell_db_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('times a speech synthesis (a cache miss) and not a replay from the cache', async () => {
    const ctx = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const parent = await ctx.createParent();
    for (let i = 0; i < 2; i++) {
      const res = await parent.inject({
        method: 'GET',
        url: '/api/words/read?word=metronome&language=English',
      });
      expect(res.statusCode).toBe(200);
    }
    const text = (await scrape(ctx.app)).body;
    expect(sample(text, 'spellwell_speech_synthesis_duration_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(sample(text, 'spellwell_speech_syntheses_in_progress')).toBe(0);
  });
});
