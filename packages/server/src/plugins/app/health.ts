import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { migrationStatus } from '../../db/migration-status.js';

export interface Readiness {
  /** Null when this server should get traffic; otherwise why not, for the 503's message. */
  check(): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * Whether a load balancer should send this server requests: the database answers, its schema
 * is the one this code expects, and the server is not shutting down. Liveness (`/api/health`)
 * only says the process answers.
 */
export default fp(
  async (app) => {
    let shuttingDown = false;
    app.addHook('preClose', async () => {
      shuttingDown = true;
    });
    app.decorate('readiness', {
      async check() {
        if (shuttingDown) return 'The server is shutting down';
        try {
          const { pending } = await migrationStatus(app.db.kysely as unknown as Kysely<never>);
          if (pending.length > 0) return `Database migrations have not run: ${pending.join(', ')}`;
        } catch {
          return 'The database does not answer';
        }
        return null;
      },
    });
  },
  { name: 'readiness', dependencies: ['db'] },
);
