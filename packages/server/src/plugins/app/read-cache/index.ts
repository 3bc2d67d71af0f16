import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { createReadCache, type ReadCache } from './read-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached reads checked against each parent's data version (read-cache.ts). */
    readCache: ReadCache;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends the parent's answer for `key` from the read cache, kept as the JSON text the route's
 * response schema wrote, so a cached answer is neither loaded nor serialized again. False when
 * `load` found nothing (the route answers 404).
 */
export async function sendCached(
  reply: FastifyReply,
  parentId: string,
  key: string,
  load: () => Promise<object | null>,
): Promise<boolean> {
  const body = await reply.server.readCache.through(parentId, key, async () => {
    const value = await load();
    return value && String(reply.serialize(value));
  });
  if (body === null) return false;
  // Not awaited: awaiting a reply waits for the whole answer to be written (Reply#then).
  void reply.type(JSON_TYPE).send(body);
  return true;
}

export default fp(
  async (app) => {
    app.decorate('readCache', createReadCache(app.db));
  },
  { name: 'read-cache', dependencies: ['db'] },
);
