import fp from 'fastify-plugin';
import type { HookHandlerDoneFunction } from 'fastify';
import { createAccessTokens, type AccessTokens } from '../../modules/auth/access-tokens.js';
import { authenticate } from '../../modules/auth/authenticate.js';
import { createGoogleVerifier, type GoogleVerifier } from '../../modules/auth/google-verifier.js';
import { createRefreshTokens, type RefreshTokens } from '../../modules/auth/refresh-tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    refreshTokens: RefreshTokens;
    /** Null when GOOGLE_CLIENT_ID is unset: Google sign-in is off. */
    googleVerifier: GoogleVerifier | null;
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
  interface FastifyRequest {
    /** The signed-in parent; set by `authenticate` on protected routes. */
    parentId: string;
  }
}

export default fp(
  async (app) => {
    const { google } = app.config;
    app.decorate('accessTokens', createAccessTokens(app.config.jwtSecret));
    app.decorate('refreshTokens', createRefreshTokens(app.db));
    // Made once, so Google's key set is fetched once and cached across requests.
    app.decorate(
      'googleVerifier',
      google.clientId
        ? createGoogleVerifier({
            clientId: google.clientId,
            jwksUrl: google.jwksUrl,
            issuers: google.issuers,
          })
        : null,
    );
    app.decorate('authenticate', authenticate);
    app.decorateRequest('parentId', '');
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
