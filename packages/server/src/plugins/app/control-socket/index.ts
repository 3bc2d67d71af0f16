import { randomUUID } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import fp from 'fastify-plugin';
import { DATA_FILES, dataPath } from '../../../ops/data-dir.js';

export interface ControlRequest {
  command: 'backup' | 'ping';
}
export type ControlAnswer = { ok: true; file?: string } | { ok: false; message: string };

/**
 * A Unix socket in DATA_DIR through which `npm run backup` asks this server for a consistent
 * copy of its database: the server holds the SQLite file exclusively, so no other process can
 * read it while it runs. Only the owner of DATA_DIR can reach the socket (mode 0600), and the
 * only thing it does is write a copy into DATA_DIR, under a name the server picks.
 */
export default fp(
  async (app) => {
    const { db } = app;
    const { databaseUrl, dataDir } = app.config;
    if (databaseUrl || !db.backup) return;
    const socketPath = dataPath(dataDir, DATA_FILES.controlSocket);

    async function answer(request: ControlRequest): Promise<ControlAnswer> {
      if (request.command === 'ping') return { ok: true };
      if (request.command !== 'backup') return { ok: false, message: 'unknown command' };
      const file = dataPath(dataDir, `.backup-${randomUUID()}.sqlite`);
      const started = Date.now();
      try {
        await db.backup!(file);
      } catch (error) {
        rmSync(file, { force: true });
        app.log.error({ err: error }, 'database backup failed');
        return { ok: false, message: `the server could not copy its database: ${(error as Error).message}` };
      }
      chmodSync(file, 0o600);
      app.log.info({ ms: Date.now() - started }, 'database copied for a backup');
      return { ok: true, file };
    }

    const server = net.createServer((socket) => {
      let input = '';
      socket.setEncoding('utf8');
      socket.on('error', () => socket.destroy());
      socket.on('data', (chunk: string) => {
        input += chunk;
        if (input.length > 1024) return socket.destroy();
        if (!input.includes('\n')) return;
        let request: ControlRequest;
        try {
          request = JSON.parse(input.slice(0, input.indexOf('\n'))) as ControlRequest;
        } catch {
          return socket.end(`${JSON.stringify({ ok: false, message: 'not JSON' })}\n`);
        }
        void answer(request).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
      });
    });

    app.addHook('onReady', async () => {
      // This process holds the database, so a socket file left here is a crashed server's.
      rmSync(socketPath, { force: true });
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
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  },
  { name: 'control-socket', dependencies: ['config', 'db'] },
);
