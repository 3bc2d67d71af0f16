import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiErrorSchema } from '@spellwell/shared';
import { HttpError } from '../../../lib/errors.js';
import { ScanBusyError } from '../../../modules/scan-pool/admission.js';
import { readImageHeader } from '../../../modules/scan-pool/image-header.js';
import { utcDay } from '../../../modules/scan-pool/scan-quota-repository.js';

/**
 * What a scan and a marked sheet share (a photo marked is a photo read): the per-minute limit,
 * the daily quota and the admission to the scan processes. docs/security.md, "Scans".
 */

/** Scans are the heaviest thing the server does: a parent gets this many a minute. */
export const SCANS_PER_MINUTE = 10;
/**
 * And this many a day (UTC), counted in the database so it holds across servers. A family
 * scans a few sheets a week; an admin entering a school's lists, a few dozen in a sitting.
 */
export const SCANS_PER_DAY = 100;

export const scanQuotaMessage = (perDay: number) =>
  `You have scanned ${perDay} images today, the most allowed in a day. Please try again tomorrow.`;

const secondsToNextUtcDay = (now: Date) =>
  Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);

/** The route's per-minute limit, counted per signed-in parent before the upload is read. */
export const photoRateLimit = (app: FastifyInstance, tooMany: string) => ({
  max: SCANS_PER_MINUTE * app.config.rateLimitMultiplier,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: { parentId: string }) => request.parentId,
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new HttpError(429, 'rate_limited', `${tooMany} Please try again in ${context.after}.`),
});

/** The 503 answer both routes declare. */
export const photoResponses = { 503: ApiErrorSchema };

/**
 * Runs `work` on an admitted photo: its format and size from the header, then room for its
 * cost in the scan processes, then the parent's daily quota, all before a pixel is decoded.
 * Busy and timed-out work answers 503 saying so (the generic 5xx sentence would hide what to do).
 */
export async function withAdmittedPhoto<T>(
  app: FastifyInstance,
  parentId: string,
  image: Buffer,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T | FastifyReply> {
  // Scaled like the rate limits (RATE_LIMIT_MULTIPLIER), for load tests and the OCR fixture runs.
  const scansPerDay = SCANS_PER_DAY * app.config.rateLimitMultiplier;
  try {
    const header = await readImageHeader(image, app.config.scans.admissionPixels);
    const ticket = app.scanAdmission.admit(parentId, header.cost);
    try {
      const now = new Date();
      if (!(await app.repositories.scanQuota.take(parentId, utcDay(now), scansPerDay))) {
        reply.header('retry-after', String(secondsToNextUtcDay(now)));
        throw new HttpError(429, 'scan_quota', scanQuotaMessage(scansPerDay));
      }
      return await work();
    } finally {
      ticket.release();
    }
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 503) throw err;
    if (err instanceof ScanBusyError) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply.code(503).send({ error: err.code, message: err.message });
  }
}
