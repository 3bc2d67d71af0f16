import { z } from 'zod';
import { IdSchema, LanguageSchema } from './common.js';

export const OCR_MAX_BYTES = 10 * 1024 * 1024;
export const OCR_MAX_PIXELS = 40_000_000;

/** The text fields of the multipart `POST /official-wordset/ocr`. */
export const OcrFieldsSchema = z.object({
  parentId: IdSchema,
  language: LanguageSchema,
});

/** Where on the upright photo a line was read, as shares of its width and height (0 to 1). */
export const OcrBoxSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type OcrBox = z.infer<typeof OcrBoxSchema>;

/** One entry found, for the parent to review: how sure the reading is (0 to 100) and where it was. */
export const OcrLineSchema = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(100),
  box: OcrBoxSchema,
  /**
   * The list stage guessed here (a list number OCR lost, an odd character, a page with no list
   * structure): the review step asks the parent to check it, however sure the reading was.
   */
  doubtful: z.boolean().optional(),
});
export type OcrLine = z.infer<typeof OcrLineSchema>;

/** Why a scan found no words, when it can tell. */
export const OCR_EMPTY_REASONS = ['no_page', 'mostly_grid', 'wrong_language', 'no_list', 'no_text'] as const;
export type OcrEmptyReason = (typeof OCR_EMPTY_REASONS)[number];

export const OCR_EMPTY_MESSAGES: Record<OcrEmptyReason, string> = {
  no_page: 'No worksheet was found in the photo. Take the photo from above with the whole sheet in view.',
  mostly_grid: 'The page is mostly grid lines or boxes and no words were found in them.',
  wrong_language:
    'The words on this page do not look like the language chosen. Check the language and scan again.',
  no_list: 'No word list found in this photo.',
  no_text: 'No words were found in this image.',
};

/**
 * `text` is the words, one per line (as before); `lines` the same entries with confidence and
 * place, in the same order; `emptyReason` is set when nothing was found and the reason is known.
 */
export const OcrResultSchema = z.object({
  text: z.string(),
  lines: z.array(OcrLineSchema).optional(),
  emptyReason: z.enum(OCR_EMPTY_REASONS).optional(),
});
export type OcrResult = z.infer<typeof OcrResultSchema>;

/** Below this confidence a line is marked for the parent to check. */
export const OCR_LOW_CONFIDENCE = 75;
