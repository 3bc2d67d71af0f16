import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createReadCache, type ReadCache } from '../../modules/read-cache/read-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached reads checked against each parent's data version (read-cache.ts). */
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /**
     * Serve this route's answers from the read cache, kept per signed-in parent as the bytes
     * of the JSON its response schema wrote, until any of the parent's data changes. The handler
     * just returns its data (or throws, e.g. 404, which is never kept). Only for GET routes
     * with no query string, behind authentication: an answer is kept under the route, its
     * path's values and the parent's local day, so it may depend on nothing else.
     */
    cache?: boolean;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

type Handler = (this: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The text's UTF-8 bytes in memory of their own. `Buffer.from` would slice a small answer out
 * of Node's shared 8 KB pool, and a kept slice keeps its whole slab alive.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** The route's handler behind the cache: it runs only when the parent's answer is not kept. */
function cached(readCache: ReadCache, route: RouteOptions): Handler {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD') || route.schema?.querystring) {
    throw new Error(`${route.url}: config.cache is for GET routes without a query string`);
  }
  const handler = route.handler as Handler;
  return async function cachedHandler(request, reply) {
    const { parentId } = request;
    // An unauthenticated request would have no parent to keep answers for, or to check them against.
    if (!parentId) throw new Error(`${route.url}: config.cache needs an authenticated route`);
    const key = `${route.url} ${Object.values(request.params as object).join(' ')} ${request.localToday()}`;
    // Kept as the bytes that go out: a hit is then written as it is, with no serializing and
    // no encoding of text to UTF-8 (docs/performance.md).
    const body = await readCache.through(parentId, key, async () =>
      ownBytes(String(reply.serialize(await handler.call(this, request, reply)))),
    );
    reply.type(JSON_TYPE);
    return body;
  };
}

export default fp(
  async (app) => {
    const readCache = createReadCache(app.db);
    app.decorate('readCache', readCache);
    app.addHook('onRoute', (route) => {
      if (route.config?.cache) route.handler = cached(readCache, route) as RouteOptions['handler'];
    });
  },
  { name: 'read-cache', dependencies: ['db'] },
);
