import fp from 'fastify-plugin';
import 'fastify';
import { createAccessTokens, type AccessTokens } from './access-tokens.js';
import { authenticate } from './authenticate.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in parent; set by `authenticate` on protected routes. */
    parentId: string;
  }
}

export default fp(
  async (app) => {
    app.decorate('accessTokens', createAccessTokens(app.config.jwtSecret));
    app.decorate('authenticate', authenticate);
    app.decorateRequest('parentId', '');
  },
  { name: 'auth', dependencies: ['config'] },
);
