import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RefreshResponseSchema } from '@spellwell/shared';
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from '../../../modules/auth/refresh-cookie.js';
import { rejectCrossSite } from '../../../modules/auth/same-site.js';
import { LOGOUTS_PER_MINUTE, rateLimitPerMinute, sessionEnded } from '../../../modules/auth/session.js';

const REFRESHES_PER_MINUTE = 60;

/** The two routes the refresh cookie authenticates; both refuse requests from other sites. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/refresh-token',
    {
      config: { rateLimit: rateLimitPerMinute(REFRESHES_PER_MINUTE * app.config.rateLimitMultiplier) },
      onRequest: rejectCrossSite,
      schema: { response: { 200: RefreshResponseSchema } },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      const result = token ? await app.refreshTokens.rotate(token) : ({ kind: 'invalid' } as const);
      switch (result.kind) {
        case 'rotated':
          setRefreshCookie(request, reply, result.next.token, result.next.familyExpiresAt);
          return { accessToken: await app.accessTokens.sign(result.parentId) };
        case 'grace':
          // Another tab rotated this token a moment ago; its answer carries the new cookie.
          return { accessToken: await app.accessTokens.sign(result.parentId) };
        case 'reused':
          request.log.warn('spent refresh token presented again: its family is revoked');
          break;
        case 'invalid':
          break;
      }
      clearRefreshCookie(request, reply);
      throw sessionEnded();
    },
  );

  app.post(
    '/auth/logout',
    {
      // Public, and it writes: limited like the other sign-in routes.
      config: { rateLimit: rateLimitPerMinute(LOGOUTS_PER_MINUTE * app.config.rateLimitMultiplier) },
      onRequest: rejectCrossSite,
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      if (token) await app.refreshTokens.revokeFamilyOf(token);
      clearRefreshCookie(request, reply);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
