import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';
import { setRefreshCookie } from './refresh-cookie.js';

/** After a successful sign-in (Google or demo): a new refresh family in the cookie, an access token in the body. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  parentId: string,
): Promise<LoginResponse> {
  const { refreshTokens, accessTokens } = request.server;
  const refresh = await refreshTokens.issue(parentId);
  setRefreshCookie(request, reply, refresh.token, refresh.familyExpiresAt);
  return { accessToken: await accessTokens.sign(parentId), userId: parentId };
}

export const sessionEnded = () =>
  new HttpError(401, 'unauthorized', 'Your session has ended. Please sign in again.');

/**
 * Every public route has a per-address limit (docs/security.md): these two answer from memory
 * or one small read, so they allow many; sign-in and refresh set their own, lower ones.
 */
export const PUBLIC_READS_PER_MINUTE = 300;
export const LOGOUTS_PER_MINUTE = 60;

/**
 * Per-client-address limits for the public routes (sign-in, refresh, logout...), scaled by
 * RATE_LIMIT_MULTIPLIER; the 429 carries Retry-After and our JSON error shape.
 */
export function rateLimitPerMinute(max: number) {
  return {
    max,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  };
}
