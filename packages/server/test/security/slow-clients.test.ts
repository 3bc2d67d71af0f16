import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildTestApp } from '../helper.js';

/** How long the test waits for the server to act, far beyond the configured timeouts. */
const PATIENCE_MS = 8_000;

interface Outcome {
  /** The server ended the connection (we never did). */
  closedByServer: boolean;
  /** What it sent first, if anything (a 408 for a request that took too long). */
  received: string;
}

/** Sends `data` and waits until the server closes the connection, or gives up after PATIENCE_MS. */
function stall(port: number, data: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedByServer: false, received });
    }, PATIENCE_MS);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closedByServer: true, received });
    });
    socket.write(data);
  });
}

describe('slow and stalled clients', async () => {
  const { app } = await buildTestApp({
    REQUEST_TIMEOUT_MS: '600',
    HEADERS_TIMEOUT_MS: '400',
    MAX_CONNECTIONS: '5',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  it('closes a request whose announced body never arrives, on a public route (logout)', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 3 }, () =>
        stall(
          port,
          'POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 1000\r\n\r\n{',
        ),
      ),
    );
    for (const outcome of outcomes) {
      expect(outcome.closedByServer).toBe(true);
      expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    }
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
    expect(sixth).toEqual({ closedByServer: true, received: '' });
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
  });
});
