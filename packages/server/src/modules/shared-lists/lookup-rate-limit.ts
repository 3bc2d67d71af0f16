import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SHARE_MESSAGES } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';

/**
 * Code lookups (the list's page and its import, together) a minute, per parent and per address
 * (issue 37): guessing a code takes far longer than any code lives (decision record 022).
 */
export const CODE_LOOKUPS_PER_MINUTE = 20;

/**
 * A preHandler counting the request against two limits, the signed-in parent's and the client
 * address's; past either, 429 with Retry-After. Two counters because a route's own rateLimit
 * config has one key, and one pair shared by both routes so the page and the import draw on
 * one budget.
 */
export function codeLookupLimit(app: FastifyInstance) {
  const options = { max: CODE_LOOKUPS_PER_MINUTE * app.config.rateLimitMultiplier, timeWindow: 60_000 };
  const perParent = app.createRateLimit({
    ...options,
    keyGenerator: (r: FastifyRequest) => `parent:${r.parentId}`,
  });
  const perAddress = app.createRateLimit({
    ...options,
    keyGenerator: (r: FastifyRequest) => `address:${r.ip}`,
  });
  return async (request: FastifyRequest, reply: { header(name: string, value: number): unknown }) => {
    for (const limit of [perParent, perAddress]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('retry-after', seconds);
        throw new HttpError(
          429,
          'rate_limited',
          `${SHARE_MESSAGES.tooManyLookups} Please wait ${seconds} seconds and try again.`,
        );
      }
    }
  };
}
