import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TIMEOUT_CHECK_MAX_MS } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { buildTestApp } from '../helper.js';
import { STALLED_BODY, stall } from './support/stall.js';

/** How often Node checks the open requests' timeouts (set, untyped, on http.Server). */
const checkPeriod = (server: object) =>
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval;

describe('slow and stalled clients', async () => {
  const { app } = await buildTestApp({
    REQUEST_TIMEOUT_MS: '600',
    HEADERS_TIMEOUT_MS: '400',
    MAX_CONNECTIONS: '5',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  it('closes a request whose announced body never arrives, on a public route (logout)', async () => {
    const outcomes = await Promise.all(Array.from({ length: 3 }, () => stall(port, STALLED_BODY)));
    for (const outcome of outcomes) {
      expect(outcome.closedByServer).toBe(true);
      expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    }
  });

  it('closes a stalled body on time while the event loop is busy (work in 50 ms slices)', async () => {
    // Under load the check runs late by however long the loop is busy when it is due: work
    // that lets go between slices delays it by a slice, not by the work (docs/security.md).
    // The same stall with the loop quiet, in the same minutes: a loaded machine slows both.
    const quiet = await stall(port, STALLED_BODY);
    let busy = true;
    const slice = () => {
      if (!busy) return;
      const end = performance.now() + 50;
      while (performance.now() < end);
      setImmediate(slice);
    };
    slice();
    const outcome = await stall(port, STALLED_BODY);
    busy = false;
    expect(outcome.closedByServer).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    // A slice or two later than with the loop quiet; work that held the loop would add its
    // whole length, and a check skipped while busy a whole timeout (600 ms).
    expect(outcome.ms - quiet.ms).toBeLessThan(600);
  });

  it('closes a connection whose headers never finish', async () => {
    const outcome = await stall(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(outcome.closedByServer).toBe(true);
  });

  it('refuses connections past MAX_CONNECTIONS, and serves again once they are gone', async () => {
    const idle = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => {});
          }),
      ),
    );
    const sixth = await stall(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(sixth).toMatchObject({ closedByServer: true, received: '' });
    for (const socket of idle) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it('has sane defaults: every limit on unless configured', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/spellwell-defaults' }).http,
    ).toEqual({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 15_000,
      connectionTimeoutMs: 120_000,
      keepAliveTimeoutMs: 10_000,
      maxConnections: 1000,
    });
    expect(app.server.requestTimeout).toBe(600);
    expect(app.server.headersTimeout).toBe(400);
    expect(app.server.maxConnections).toBe(5);
    expect(checkPeriod(app.server)).toBe(100);
  });
});

describe('the timeouts are checked every second at most', async () => {
  const { app } = await buildTestApp();

  it('with the default timeouts (60 s, 15 s), Node checks open requests every second, not every 3.75 s', () => {
    expect(app.server.requestTimeout).toBe(60_000);
    expect(app.server.headersTimeout).toBe(15_000);
    expect(checkPeriod(app.server)).toBe(TIMEOUT_CHECK_MAX_MS);
    expect(TIMEOUT_CHECK_MAX_MS).toBe(1000);
  });
});
