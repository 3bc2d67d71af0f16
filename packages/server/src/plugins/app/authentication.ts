import type { onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_ROUTES, routeAuth } from '../../modules/auth/route-auth.js';

/**
 * The one authentication hook: every /api route gets the parent's `authenticate` (or, for a
 * child's device route, `authenticateKid`) as its first onRequest hook, unless it is in the
 * public list (modules/auth/route-auth.ts). Route modules add no auth hooks of their own.
 * A public entry that names no route stops the server at start-up, so the list cannot go stale.
 */
export default fp(
  async (app) => {
    const seenPublic = new Set<string>();
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat();
      const auths = new Set(methods.map((method) => routeAuth(method, route.url)));
      if (auths.size !== 1)
        throw new Error(`${methods.join(',')} ${route.url}: one route, one kind of authentication`);
      const [auth] = auths;
      if (auth === 'public') for (const method of methods) seenPublic.add(`${method} ${route.url}`);
      if (auth !== 'parent' && auth !== 'kid') return;
      const check: onRequestHookHandler = auth === 'parent' ? app.authenticate : app.authenticateKid;
      const before = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [check, ...before];
    });
    app.addHook('onReady', async () => {
      const stale = [...PUBLIC_ROUTES].filter((key) => !seenPublic.has(key));
      if (stale.length) throw new Error(`Public routes that do not exist: ${stale.join(', ')}`);
    });
  },
  { name: 'authentication', dependencies: ['auth', 'kid'] },
);
