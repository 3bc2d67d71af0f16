import type { FastifyRequest } from 'fastify';
import { OCR_MAX_BYTES, OcrFieldsSchema, type Language } from '@spellwell/shared';
import { HttpError } from '../../../lib/errors.js';

export interface ScanUpload {
  image: Buffer;
  parentId: string;
  language: Language;
}

export const UPLOAD_MESSAGES = {
  tooLarge: `The image is larger than ${OCR_MAX_BYTES / 1024 / 1024} MB. Please use a smaller photo.`,
  noFile: 'Please choose an image to scan.',
  notMultipart: 'Send the image as multipart/form-data with the fields file, parentId and language.',
  badForm: 'The upload could not be read. Please try again.',
  tooManyParts: 'Send one image with its parentId and language only.',
} as const;

/** @fastify/multipart's errors, in words a parent can act on. */
export function uploadError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, 'file_too_large', UPLOAD_MESSAGES.tooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new HttpError(415, 'not_multipart', UPLOAD_MESSAGES.notMultipart);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(413, 'too_many_parts', UPLOAD_MESSAGES.tooManyParts);
  }
  if (err instanceof HttpError) return err;
  return new HttpError(400, 'bad_upload', UPLOAD_MESSAGES.badForm);
}

/**
 * Reads the multipart form whatever the order of its parts (browsers send them in the order
 * appended, and the file often comes first), then validates the text fields with the shared
 * schema. The file is at most 10 MB (the multipart limit), so it is held in memory.
 */
export async function readScanUpload(request: FastifyRequest): Promise<ScanUpload> {
  const fields: Record<string, unknown> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') image = bytes;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  const parsed = OcrFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new HttpError(400, 'validation_error', parsed.error.issues[0]!.message);
  if (!image || image.length === 0) throw new HttpError(400, 'file_required', UPLOAD_MESSAGES.noFile);
  return { image, ...parsed.data };
}
