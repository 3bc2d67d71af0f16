import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.js';
import { seedBigAccount } from '../support/big-account.js';
import { STALLED_BODY, stall } from './support/stall.js';

/** Memory in use: the heap and every buffer outside it, spent ones included until collected. */
const inUse = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/**
 * Memory an export may hold on to, whatever the account: a few pages and one recording, well
 * under this. Spent buffers waiting for a collection (some tens of MB, more with PostgreSQL's
 * hex-encoded bytea) are not held: the resident total, those included, is bench/export.ts's.
 */
const HELD_MAX = 32 * 1024 * 1024;
/**
 * In use at any moment, spent buffers included: well under the 200 MB of recordings exported
 * (the document built whole needed several times that).
 */
const IN_USE_MAX = 128 * 1024 * 1024;
/** Long enough to hold a collection: the lowest use within it is what is still held. */
const WINDOW_MS = 5000;

/** The most memory held across the samples: the highest of each window's lowest. */
function held(samples: [number, number][]): number {
  let most = 0;
  for (const [start] of samples) {
    const inWindow = samples.filter(([t]) => t >= start && t < start + WINDOW_MS).map(([, v]) => v);
    if (samples.at(-1)![0] - start >= WINDOW_MS) most = Math.max(most, Math.min(...inWindow));
  }
  return most;
}

interface Download {
  bytes: number;
  ms: number;
  /** The most memory in use while it ran, past what was in use before it. */
  peakGrowth: number;
  /** The most memory held (in use through a collection) while it ran, past what was before. */
  heldGrowth: number;
  /** The longest a /api/health request sent during it waited, and how many there were. */
  longestHealthMs: number;
  healthChecks: number;
}

/**
 * Downloads `path` through a real socket, reading as a slow client would at first (it pauses
 * after the first chunk), while /api/health is asked again and again on another connection.
 */
function download(port: number, path: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const before = inUse();
    const samples: [number, number][] = [];
    const sample = setInterval(() => samples.push([performance.now(), inUse()]), 5);
    const started = performance.now();
    let done = false;
    let longestHealthMs = 0;
    let healthChecks = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = () => {
      if (done) return;
      const sent = performance.now();
      http
        .get({ port, host: '127.0.0.1', path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            longestHealthMs = Math.max(longestHealthMs, performance.now() - sent);
            healthChecks += 1;
            health();
          });
        })
        .on('error', reject);
    };
    http
      .get({ port, host: '127.0.0.1', path, headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        res.once('data', () => {
          res.pause();
          setTimeout(() => res.resume(), 300);
        });
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          done = true;
          clearInterval(sample);
          agent.destroy();
          resolve({
            bytes,
            ms: performance.now() - started,
            peakGrowth: Math.max(...samples.map(([, v]) => v)) - before,
            heldGrowth: held(samples) - before,
            longestHealthMs,
            healthChecks,
          });
        });
      })
      .on('error', reject);
    health();
  });
}

describe('one parent’s export takes neither the server’s memory nor its event loop', async () => {
  // Short request timeouts, to see a stalled body closed while the export runs.
  const REQUEST_TIMEOUT_MS = 1000;
  const ctx = await buildTestApp({
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HEADERS_TIMEOUT_MS: '800',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;

  it('an account with 200 MB of recordings goes out holding a few MB, other requests answered between its pages, a stalled body closed on time', async () => {
    const parent = await ctx.createParent();
    const { recordingBytes } = await seedBigAccount(ctx.app.db.kysely, parent.id, {
      children: 1,
      setsPerChild: 4,
      wordsPerSet: 200,
      recordEvery: 1,
      recordingBytes: 256 * 1024,
      reviewsPerChild: 2000,
      sheetsPerChild: 3,
    });
    expect(recordingBytes).toBe(800 * 256 * 1024);
    const downloading = download(port, '/api/account/export', parent.token);
    // Sent with the export's request: an export that held the event loop would hold its close.
    const stalled = await stall(port, STALLED_BODY);
    const result = await downloading;
    console.info(`[export] ${JSON.stringify({ ...result, stalledMs: stalled.ms })}`);
    expect(stalled.closedByServer).toBe(true);
    expect(stalled.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(stalled.ms).toBeLessThan(3 * REQUEST_TIMEOUT_MS);
    // Base64 makes the recordings a third bigger.
    expect(result.bytes).toBeGreaterThan((recordingBytes * 4) / 3);
    expect(result.heldGrowth).toBeLessThan(HELD_MAX);
    expect(result.peakGrowth).toBeLessThan(IN_USE_MAX);
    expect(result.longestHealthMs).toBeLessThan(result.ms / 4);
  });
});
