import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MARKING_MESSAGES,
  OCR_MAX_BYTES,
  PrintedSheetParamsSchema,
  SheetMarkingSchema,
  type Language,
  type PrintedSheet,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { photoRateLimit, photoResponses, withAdmittedPhoto } from '../ocr/photo-admission.js';
import { UPLOAD_MESSAGES, uploadError } from '../ocr/upload.js';

/** The photo, from the multipart field `file` (any other field is ignored). */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') image = bytes;
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!image || image.length === 0) throw new HttpError(400, 'file_required', UPLOAD_MESSAGES.noFile);
  return image;
}

/** The process a sheet is marked in: Chinese when it has 田字格 (the reader that knows it), else its first word's. */
const laneLanguage = (sheet: PrintedSheet): Language =>
  sheet.answerSlots?.some((s) => s.cells > 0) ? 'Chinese' : (sheet.words[0]?.language ?? 'English');

/**
 * Marking the child's sheet from a photo (issue 39): the scan's upload, limits, admission and
 * daily quota (a photo marked is a photo read), in the same processes. Nothing is graded here:
 * the marks prefill the grading sheet and the parent's Save decides.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const sheets = app.repositories.printedSheets;
  await app.register(multipart, { limits: { fileSize: OCR_MAX_BYTES, files: 1, fields: 5, parts: 8 } });

  app.post(
    '/child/:childId/printed-sheets/:sheetId/marking',
    {
      schema: {
        params: PrintedSheetParamsSchema,
        response: { 200: SheetMarkingSchema, ...photoResponses },
      },
      config: { rateLimit: photoRateLimit(app, 'Too many photos.') },
    },
    async (request, reply) => {
      const { childId, sheetId } = request.params;
      // Ownership before the upload is read: another parent's sheet learns nothing from a photo.
      const sheet = await sheets.read(request.parentId, childId, sheetId);
      if (!sheet) throw notFound('Sheet not found');
      const image = await readPhoto(request);
      const slots = sheet.answerSlots;
      if (!slots) throw new HttpError(422, 'sheet_not_markable', MARKING_MESSAGES.notMarkable);
      return withAdmittedPhoto(app, request.parentId, image, reply, async () => {
        const result = await app.marker.mark(laneLanguage(sheet), image, {
          sheetId,
          slots,
          words: sheet.words.map(({ id, wordString, language }) => ({ id, wordString, language })),
        });
        if (result.status === 'other-sheet')
          throw new HttpError(422, 'other_sheet', MARKING_MESSAGES.otherSheet);
        if (result.status === 'no-sheet')
          throw new HttpError(422, 'no_sheet_found', MARKING_MESSAGES.noSheet);
        return {
          sheetId,
          page: result.page,
          marks: result.marks.map(({ wordId, verdict, confidence, crop }) => ({
            wordId,
            verdict,
            confidence,
            crop,
          })),
        };
      });
    },
  );
};

export default routes;
