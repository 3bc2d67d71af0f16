import net from 'node:net';
import { OpsError } from './data-dir.js';
import type { ControlAnswer, ControlRequest } from '../plugins/app/control-socket.js';

/**
 * Sends one command to the server on this DATA_DIR; null when no server listens there. `use`
 * runs with the answer while the connection is still open: whatever the server made for this
 * command (a backup's copy of the database) is removed once the connection ends, so `use` must
 * take it first (move it away).
 */
export function askServer(
  socketPath: string,
  request: ControlRequest,
  use: (answer: ControlAnswer) => void = () => {},
  timeoutMs = 10 * 60_000,
) {
  return new Promise<ControlAnswer | null>((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let output = '';
    let answered = false;
    const answer = (line: string) => {
      answered = true;
      let parsed: ControlAnswer;
      try {
        parsed = JSON.parse(line) as ControlAnswer;
      } catch {
        socket.destroy();
        return reject(new Error('the server gave an answer that is not JSON'));
      }
      try {
        use(parsed);
        resolve(parsed);
      } catch (error) {
        reject(error as Error);
      } finally {
        socket.end();
      }
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the server did not answer in time')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      output += chunk;
      const end = output.indexOf('\n');
      if (!answered && end !== -1) answer(output.slice(0, end));
    });
    socket.on('end', () => {
      if (!answered) answer(output);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else if (error.code === 'EACCES')
        reject(
          new OpsError(`Cannot reach the server's ${socketPath}: run this as the user the server runs as`),
        );
      else reject(error);
    });
  });
}
