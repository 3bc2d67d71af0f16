import fp from 'fastify-plugin';
import { createDb } from '../../db/create-db.js';
import type { Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the database, migrates it before the first request, closes it last on shutdown. */
export default fp(
  async (app) => {
    const db = createDb(app.config);
    await migrateToLatest(db, db.engine === 'postgres' ? app.config.databaseSchema : undefined);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.kysely.destroy();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
