import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, DevLoginSchema, GoogleLoginSchema, LoginResponseSchema } from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { DEMO_SUBJECT_PREFIX } from '../../../modules/auth/require-admin.js';
import { isLocalRequest } from '../../../lib/local-request.js';
import { maskEmail } from '../../../modules/auth/mask-email.js';
import { rateLimitPerMinute, startSession } from '../../../modules/auth/session.js';

const LOGINS_PER_MINUTE = 20;

const routes: FastifyPluginAsyncZod = async (app) => {
  const parents = app.repositories.parents;
  const { googleVerifier } = app;
  const rateLimit = rateLimitPerMinute(LOGINS_PER_MINUTE * app.config.rateLimitMultiplier);

  app.post(
    '/auth/google/login',
    {
      config: { rateLimit },
      // Answered before the body is read, so a server without Google says so plainly.
      onRequest: async () => {
        if (!googleVerifier) throw notFound('Google sign-in is not configured on this server.');
      },
      // No body at all is the same mistake as an empty one: say the credential is missing.
      preValidation: async (request) => {
        request.body ??= {} as typeof request.body;
      },
      schema: { body: GoogleLoginSchema, response: { 200: LoginResponseSchema, 503: ApiErrorSchema } },
    },
    async (request, reply) => {
      const result = await googleVerifier!.verify(request.body.credential);
      if (!result.ok) {
        // The reason goes to the log only; the caller learns nothing that helps forge a token.
        request.log[result.unavailable ? 'warn' : 'info'](
          { reason: result.reason },
          'Google sign-in rejected',
        );
        if (result.unavailable) {
          // Sent as is: the error handler would replace a 5xx message with a generic one.
          return reply.code(503).send({
            error: 'google_unavailable',
            message: 'Google sign-in is unavailable right now. Please try again shortly.',
          });
        }
        throw new HttpError(401, 'google_login_failed', 'Google login failed. Please sign in again.');
      }
      const parent = await parents.upsertByIdentity(result.identity);
      request.log.info({ parentId: parent.id, email: maskEmail(parent.email) }, 'signed in with Google');
      return startSession(request, reply, parent.id);
    },
  );

  app.post(
    '/auth/dev/login',
    {
      config: { rateLimit },
      // Off on the server (Google, production, not loopback, behind a proxy) or for a request
      // that did not come straight from this machine: the same 404, so nothing tells them apart.
      onRequest: async (request) => {
        if (!app.config.demoLogin || !isLocalRequest(request)) {
          throw notFound('Demo sign-in is not available on this server.');
        }
      },
      schema: { body: DevLoginSchema, response: { 200: LoginResponseSchema } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const parent = await parents.upsertByIdentity({
        sub: `${DEMO_SUBJECT_PREFIX}${email}`,
        email,
        name: request.body.name ?? null,
      });
      request.log.info({ parentId: parent.id, email: maskEmail(email) }, 'signed in with the demo account');
      return startSession(request, reply, parent.id);
    },
  );
};

export default routes;
