import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { joinWordList, OCR_MAX_BYTES, OcrResultSchema } from '@spellwell/shared';
import { notFound } from '../../../lib/errors.js';
import { photoRateLimit, photoResponses, withAdmittedPhoto } from './photo-admission.js';
import { readScanUpload } from './upload.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  // Only the scan reads a multipart form. Registered here, not on the app, because the plugin
  // adds three hooks (two of them promises) and a 'close' listener to every request in its
  // scope, and the read routes paid for them on every cache hit (docs/performance.md).
  await app.register(multipart, { limits: { fileSize: OCR_MAX_BYTES, files: 1, fields: 5, parts: 8 } });

  app.post(
    '/official-wordset/ocr',
    {
      schema: { response: { 200: OcrResultSchema, ...photoResponses } },
      config: { rateLimit: photoRateLimit(app, 'Too many scans.') },
    },
    async (request, reply) => {
      const upload = await readScanUpload(request);
      if (upload.parentId !== request.parentId) throw notFound('Parent not found');
      return withAdmittedPhoto(app, request.parentId, upload.image, reply, async () => {
        const { words, lines, emptyReason } = await app.ocr.scan(upload.language, upload.image);
        return { text: joinWordList(words), lines, ...(emptyReason ? { emptyReason } : {}) };
      });
    },
  );
};

export default routes;
