import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbiddenMessage, roleCan } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';
import { roleOnChild } from '../../modules/children/access.js';
import { CHILD_ROUTE_ACCESS, type RouteAccess } from '../../modules/children/route-access.js';

const namesChild = (url: string) => url.startsWith('/api/') && url.includes(':childId');

/**
 * Issue 37: a member whose role does not allow a route is answered 403 with a message naming
 * the role; a parent with no tie to the child gets the route's 404 as before. Only routes that ask more than
 * `practise` look the role up: every role may practise, and for those the query's own access
 * check answers 404 (so cached reads still read no row but the parent's version).
 */
export default fp(
  async (app) => {
    const guard = (access: RouteAccess) =>
      async function childAccess(request: FastifyRequest) {
        const { childId } = request.params as { childId: string };
        const role = await roleOnChild(app.db.kysely, request.parentId, childId);
        // No tie: the route's own query finds nothing and answers its own 404.
        if (!role) return;
        if (!roleCan(role, access.capability))
          throw new HttpError(403, 'forbidden', forbiddenMessage(role, access.capability, access.action));
      };

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!namesChild(route.url)) return;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD',
      );
      for (const method of methods) {
        const access = CHILD_ROUTE_ACCESS[`${method} ${route.url}`];
        if (!access)
          throw new Error(
            `${method} ${route.url} names a child: add it to CHILD_ROUTE_ACCESS (route-access.ts)`,
          );
        if (access.capability === 'practise') continue;
        const before = route.preHandler ? [route.preHandler].flat() : [];
        route.preHandler = [...before, guard(access)];
      }
    });
  },
  { name: 'child-access-guard', dependencies: ['db'] },
);
