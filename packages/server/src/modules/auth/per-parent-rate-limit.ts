import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.js';

/**
 * How many writes of each kind one parent may make a minute (issue 41), before
 * RATE_LIMIT_MULTIPLIER. Each is several times what a parent does on a busy evening
 * (docs/security.md, "Rate limits per parent"), and with the quotas it bounds how fast one
 * account can grow the database (docs/performance.md, the creation flood). Each route counts
 * apart.
 */
export const WRITES_PER_MINUTE = {
  /** Add, rename or remove a child. */
  children: 30,
  /** Add a practice, edit its words or details, delete it. */
  wordSets: 60,
  /** Grades and undos: one a word, and an offline week's grades are sent in one go. */
  grades: 600,
  /** The practice position, saved after every word, and its clearing. */
  practiceSessions: 600,
  /** A finished practice ("Sets Completed"). */
  completions: 60,
  dictationSettings: 60,
  printedSheets: 30,
  /** A device's push subscription added or removed (issue 38): at each sign-in and sign-out. */
  pushSubscriptions: 30,
  reminderSettings: 60,
  /** A child's device pass made or withdrawn (issue 36). */
  devicePasses: 30,
  /** Invites to share a child made, withdrawn or accepted, and members removed (issue 37). */
  family: 30,
  /** Admins adding official lists. */
  officialLists: 30,
} as const;

/**
 * A route's limit per signed-in parent: counted after authentication (which sets parentId) and
 * validation, before the handler, so a request refused as malformed does not count; answered
 * 429 with Retry-After and a sentence saying what there were too many of.
 */
export function perParentRateLimit(app: FastifyInstance, max: number, tooMany: string) {
  return {
    max: max * app.config.rateLimitMultiplier,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.parentId,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many ${tooMany}. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  };
}
