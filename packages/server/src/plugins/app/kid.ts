import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import { createAccessTokens, KID_AUDIENCE, type AccessTokens } from '../../modules/auth/access-tokens.js';
import { createDevicePasses, type DevicePasses, type KidIdentity } from '../../modules/kid/device-passes.js';

declare module 'fastify' {
  interface FastifyInstance {
    kidTokens: AccessTokens;
    devicePasses: DevicePasses;
    authenticateKid: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
  interface FastifyRequest {
    /** The device's child; set by `authenticateKid` on the kid routes. */
    kid: KidIdentity;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.]+)$/;
const unauthorized = () => new HttpError(401, 'unauthorized', 'Please sign in again.');

/**
 * Child sessions (issue 36). Their access tokens carry another audience, so the parent's
 * `authenticate` refuses them; the kid routes check the pass in the database on every request,
 * so revoking it ends the device's session at once.
 */
export default fp(
  async (app) => {
    app.decorate('kidTokens', createAccessTokens(app.config.jwtSecret, undefined, undefined, KID_AUDIENCE));
    app.decorate('devicePasses', createDevicePasses(app.db));
    app.decorate(
      'authenticateKid',
      (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const match = BEARER.exec(request.headers.authorization ?? '');
        if (!match) return done(unauthorized());
        app.kidTokens
          .verify(match[1]!)
          .then(async (passId) => (passId ? app.devicePasses.identify(passId) : null))
          .then((kid) => {
            if (!kid) return done(unauthorized());
            request.kid = kid;
            done();
          }, done);
      },
    );
    app.decorateRequest('kid', null as unknown as KidIdentity);
  },
  { name: 'kid', dependencies: ['config', 'db'] },
);
