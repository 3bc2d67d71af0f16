import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '@spellwell/shared';
import { HttpError } from '../../../lib/errors.js';
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
 * Per-client-address limits for the sign-in and refresh routes, scaled by
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
