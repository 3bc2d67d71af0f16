import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import fp from 'fastify-plugin';
import { removeBackupLeftovers, serverCopyPath } from '../../ops/backup-copies.js';
import { DATA_FILES, dataPath } from '../../ops/data-dir.js';

export interface ControlRequest {
  command: 'backup' | 'ping';
}
export type ControlAnswer = { ok: true; file?: string } | { ok: false; message: string };

/** How long a backup's copy waits for its client to take it before it is removed anyway. */
export const BACKUP_COPY_HOLD_MS = 60_000;

/**
 * A Unix socket in DATA_DIR through which `npm run backup` asks this server for a consistent
 * copy of its database: the server holds the SQLite file exclusively, so no other process can
 * read it while it runs. Only the owner of DATA_DIR can reach the socket (mode 0600), and the
 * only thing it does is write a copy into DATA_DIR, under a name the server picks. The copy
 * lives as long as the connection that asked for it: the client moves it away, then hangs up,
 * and whatever is still there is removed (a client that never takes it leaves nothing).
 */
export default fp(
  async (app) => {
    const { db } = app;
    const { databaseUrl, dataDir } = app.config;
    if (databaseUrl || !db.backup) return;
    const socketPath = dataPath(dataDir, DATA_FILES.controlSocket);

    async function copyFor(socket: net.Socket): Promise<ControlAnswer> {
      const file = serverCopyPath(dataDir);
      // Whatever happens to the conversation, the copy goes with it.
      const remove = () => rmSync(file, { force: true });
      socket.once('close', remove);
      const started = Date.now();
      try {
        await db.backup!(file);
      } catch (error) {
        remove();
        app.log.error({ err: error }, 'database backup failed');
        return { ok: false, message: `the server could not copy its database: ${(error as Error).message}` };
      }
      if (socket.destroyed) {
        remove();
        return { ok: false, message: 'the client hung up' };
      }
      chmodSync(file, 0o600);
      app.log.info({ ms: Date.now() - started }, 'database copied for a backup');
      return { ok: true, file };
    }

    const open = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      let input = '';
      socket.setEncoding('utf8');
      socket.on('error', () => socket.destroy());
      socket.on('data', (chunk: string) => {
        input += chunk;
        if (input.length > 1024) return socket.destroy();
        if (!input.includes('\n')) return;
        socket.removeAllListeners('data');
        let request: ControlRequest;
        try {
          request = JSON.parse(input.slice(0, input.indexOf('\n'))) as ControlRequest;
        } catch {
          return socket.end(`${JSON.stringify({ ok: false, message: 'not JSON' })}\n`);
        }
        if (request.command === 'ping') return socket.end(`${JSON.stringify({ ok: true })}\n`);
        if (request.command !== 'backup')
          return socket.end(`${JSON.stringify({ ok: false, message: 'unknown command' })}\n`);
        void copyFor(socket).then((reply) => {
          if (!reply.ok) return socket.end(`${JSON.stringify(reply)}\n`);
          // Held open until the client has taken the copy and hangs up (or for at most this).
          socket.setTimeout(BACKUP_COPY_HOLD_MS, () => socket.destroy());
          socket.on('end', () => socket.end());
          socket.write(`${JSON.stringify(reply)}\n`);
        });
      });
    });

    app.addHook('onReady', async () => {
      // This process holds the database, so a socket file left here is a crashed server's,
      // and so are backup copies.
      rmSync(socketPath, { force: true });
      const removed = removeBackupLeftovers(dataDir);
      if (removed.length > 0) app.log.info({ removed }, 'removed copies left by an interrupted backup');
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(socketPath, () => resolve());
        });
        chmodSync(socketPath, 0o600);
      } catch (error) {
        app.log.warn({ err: error }, 'no control socket: `npm run backup` needs the server stopped');
      }
    });
    app.addHook('onClose', async () => {
      // A copy still held for a client goes now (each socket's close removes its copy).
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  },
  { name: 'control-socket', dependencies: ['config', 'db'] },
);
