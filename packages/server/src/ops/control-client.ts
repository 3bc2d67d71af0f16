import net from 'node:net';
import { OpsError } from './data-dir.js';
import type { ControlAnswer, ControlRequest } from '../plugins/app/control-socket/index.js';

/** Sends one command to the server on this DATA_DIR; null when no server listens there. */
export function askServer(socketPath: string, request: ControlRequest, timeoutMs = 10 * 60_000) {
  return new Promise<ControlAnswer | null>((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let output = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the server did not answer in time')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as ControlAnswer);
      } catch {
        reject(new Error('the server gave an answer that is not JSON'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else if (error.code === 'EACCES')
        reject(
          new OpsError(`Cannot reach the server's ${socketPath}: run this as the user the server runs as`),
        );
      else reject(error);
    });
  });
}
