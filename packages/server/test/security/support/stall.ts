import { connect, type Socket } from 'node:net';

/** How long a stalled client waits for the server to act, far beyond the configured timeouts. */
export const PATIENCE_MS = 8_000;

export interface Outcome {
  /** The server ended the connection (we never did). */
  closedByServer: boolean;
  /** What it sent first, if anything (a 408 for a request that took too long). */
  received: string;
  /** From sending to the close (or to giving up). */
  ms: number;
}

/** A request that announces a 1,000-byte body and sends one byte of it. */
export const STALLED_BODY =
  'POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  'Content-Length: 1000\r\n\r\n{';

/** Sends `data` and waits until the server closes the connection, or gives up after PATIENCE_MS. */
export function stall(port: number, data: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedByServer: false, received, ms: performance.now() - started });
    }, PATIENCE_MS);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closedByServer: true, received, ms: performance.now() - started });
    });
    socket.write(data);
  });
}
