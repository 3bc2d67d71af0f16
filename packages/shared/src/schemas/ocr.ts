import { z } from 'zod';
import { IdSchema, LanguageSchema } from './common.js';

export const OCR_MAX_BYTES = 10 * 1024 * 1024;
export const OCR_MAX_PIXELS = 40_000_000;

/** The text fields of the multipart `POST /official-wordset/ocr`. */
export const OcrFieldsSchema = z.object({
  parentId: IdSchema,
  language: LanguageSchema,
});

export const OcrResultSchema = z.object({ text: z.string() });
export type OcrResult = z.infer<typeof OcrResultSchema>;
