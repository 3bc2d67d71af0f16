import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, joinWordList, OCR_MAX_BYTES, OcrResultSchema } from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { ScanBusyError } from '../../../modules/scan-pool/admission.js';
import { readImageHeader } from '../../../modules/scan-pool/image-header.js';
import { utcDay } from '../../../modules/scan-pool/scan-quota-repository.js';
import { readScanUpload } from './upload.js';

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

const routes: FastifyPluginAsyncZod = async (app) => {
  const quota = app.repositories.scanQuota;
  // Scaled like the rate limits (RATE_LIMIT_MULTIPLIER), for load tests and the OCR fixture runs.
  const scansPerDay = SCANS_PER_DAY * app.config.rateLimitMultiplier;
  // Only the scan reads a multipart form. Registered here, not on the app, because the plugin
  // adds three hooks (two of them promises) and a 'close' listener to every request in its
  // scope, and the read routes paid for them on every cache hit (docs/performance.md).
  await app.register(multipart, { limits: { fileSize: OCR_MAX_BYTES, files: 1, fields: 5, parts: 8 } });

  app.post(
    '/official-wordset/ocr',
    {
      schema: { response: { 200: OcrResultSchema, 503: ApiErrorSchema } },
      config: {
        rateLimit: {
          max: SCANS_PER_MINUTE * app.config.rateLimitMultiplier,
          timeWindow: '1 minute',
          // Counted per signed-in parent, after authentication and before the upload is read.
          hook: 'preHandler',
          keyGenerator: (request) => request.parentId,
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, 'rate_limited', `Too many scans. Please try again in ${context.after}.`),
        },
      },
    },
    async (request, reply) => {
      const upload = await readScanUpload(request);
      if (upload.parentId !== request.parentId) throw notFound('Parent not found');
      try {
        // Format and size from the header, then room for the scan, then the day's quota: all
        // before a pixel is decoded.
        const header = await readImageHeader(upload.image, app.config.scans.admissionPixels);
        const ticket = app.scanAdmission.admit(request.parentId, header.cost);
        try {
          const now = new Date();
          if (!(await quota.take(request.parentId, utcDay(now), scansPerDay))) {
            reply.header('retry-after', String(secondsToNextUtcDay(now)));
            throw new HttpError(429, 'scan_quota', scanQuotaMessage(scansPerDay));
          }
          const { words, lines, emptyReason } = await app.ocr.scan(upload.language, upload.image);
          return { text: joinWordList(words), lines, ...(emptyReason ? { emptyReason } : {}) };
        } finally {
          ticket.release();
        }
      } catch (err) {
        // Busy and timed-out scans say so (the generic 5xx sentence would hide what to do).
        if (!(err instanceof HttpError) || err.statusCode !== 503) throw err;
        if (err instanceof ScanBusyError) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.code(503).send({ error: err.code, message: err.message });
      }
    },
  );
};

export default routes;
