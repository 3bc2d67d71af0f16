import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KidSessionBodySchema, KidSessionSchema, RefreshResponseSchema } from '@spellwell/shared';
import { HttpError } from '../../../lib/errors.js';
import { rejectCrossSite } from '../../../modules/auth/same-site.js';
import { rateLimitPerMinute, sessionEnded } from '../../../modules/auth/session.js';

/** The device's own refresh cookie, apart from the parent's (decision record 018). */
export const KID_REFRESH_COOKIE = 'kid_refresh_token';
export const SECURE_KID_REFRESH_COOKIE = '__Secure-kid_refresh_token';
export const KID_REFRESH_COOKIE_PATH = '/api/kid/session';

/** A pass is opened once; more tries from one address are guessing. */
export const KID_SIGN_INS_PER_MINUTE = 20;
export const KID_REFRESHES_PER_MINUTE = 60;

const isHttps = (request: FastifyRequest) => request.protocol === 'https';
const cookieName = (request: FastifyRequest) =>
  isHttps(request) ? SECURE_KID_REFRESH_COOKIE : KID_REFRESH_COOKIE;
const attributes = (request: FastifyRequest): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  path: KID_REFRESH_COOKIE_PATH,
  secure: isHttps(request),
});

function setCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(cookieName(request), token, { ...attributes(request), maxAge });
}

const passRefused = () =>
  new HttpError(
    401,
    'pass_invalid',
    'This pass has been used, has expired or was withdrawn. Ask a parent for a new one.',
  );

/** `POST /kid/session` (a pass's secret, once) and `POST /kid/session/refresh` (the device's cookie). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const m = app.config.rateLimitMultiplier;

  app.post(
    '/kid/session',
    {
      config: { rateLimit: rateLimitPerMinute(KID_SIGN_INS_PER_MINUTE * m) },
      onRequest: rejectCrossSite,
      schema: { body: KidSessionBodySchema, response: { 200: KidSessionSchema } },
    },
    async (request, reply) => {
      const redeemed = await app.devicePasses.redeem(request.body.secret);
      if (!redeemed) throw passRefused();
      setCookie(request, reply, redeemed.refresh.token, redeemed.refresh.familyExpiresAt);
      return {
        accessToken: await app.kidTokens.sign(redeemed.passId),
        child: { id: redeemed.childId, name: redeemed.childName },
      };
    },
  );

  app.post(
    '/kid/session/refresh',
    {
      config: { rateLimit: rateLimitPerMinute(KID_REFRESHES_PER_MINUTE * m) },
      onRequest: rejectCrossSite,
      schema: { response: { 200: RefreshResponseSchema } },
    },
    async (request, reply) => {
      const token = request.cookies[cookieName(request)];
      const result = token ? await app.devicePasses.rotate(token) : ({ kind: 'invalid' } as const);
      switch (result.kind) {
        case 'rotated':
          setCookie(request, reply, result.next.token, result.next.familyExpiresAt);
          return { accessToken: await app.kidTokens.sign(result.passId) };
        case 'grace':
          return { accessToken: await app.kidTokens.sign(result.passId) };
        case 'reused':
          request.log.warn('spent kid refresh token presented again: its family is revoked');
          break;
        case 'invalid':
          break;
      }
      reply.clearCookie(cookieName(request), attributes(request));
      throw sessionEnded();
    },
  );
};

export default routes;
