import { z } from 'zod';

import { IdSchema, LanguageSchema } from './common.js';

/** The pauses a parent can choose between the two readings of a dictated word, in seconds. */
export const DICTATION_PAUSES = [3, 5, 8, 12] as const;
export type DictationPause = (typeof DICTATION_PAUSES)[number];
export const DICTATION_PAUSE_DEFAULT: DictationPause = 5;

export const DictationPauseSchema = z.union(
  DICTATION_PAUSES.map((seconds) => z.literal(seconds)) as [
    z.ZodLiteral<3>,
    z.ZodLiteral<5>,
    z.ZodLiteral<8>,
    z.ZodLiteral<12>,
  ],
  { error: `pauseSeconds must be one of ${DICTATION_PAUSES.join(', ')}` },
);

/** `GET` and `PUT /child/{childId}/dictation-settings`: one child's dictation settings. */
export const DictationSettingsSchema = z.object({ pauseSeconds: DictationPauseSchema });
export type DictationSettings = z.infer<typeof DictationSettingsSchema>;

/**
 * Words on one printed sheet at most: a sheet of one practice (at most `WORDS_MAX`) always
 * fits; "Today's words" across every practice of a child may not, and is refused past it.
 */
export const PRINTED_SHEET_WORDS_MAX = 500;

export const PRINTED_SHEET_MESSAGES = {
  tooLarge: `More than ${PRINTED_SHEET_WORDS_MAX} words are due today, too many for one sheet. Print one practice at a time.`,
} as const;

/**
 * `POST /child/{childId}/printed-sheets`: a sheet of one word set (`wordSetId`), or of the words
 * due today across all the child's sets (no `wordSetId`).
 */
export const CreatePrintedSheetSchema = z.object({ wordSetId: IdSchema.optional() }).strict();
export type CreatePrintedSheet = z.infer<typeof CreatePrintedSheetSchema>;

export const PrintedSheetParamsSchema = z.object({ childId: IdSchema, sheetId: IdSchema });

export const AnswerSlotSchema = z.object({ wordId: IdSchema, cells: z.number().int().min(0) });

export const PrintedWordSchema = z.object({
  id: IdSchema,
  wordSetId: IdSchema,
  wordString: z.string(),
  language: LanguageSchema,
  /** A Chinese word's reading (issue 21), tone numbers, for the answer key; null in other languages. */
  reading: z.string().nullable(),
});
export type PrintedWord = z.infer<typeof PrintedWordSchema>;

/** A stored sheet: its words as they are now, and the printed words since removed from their set. */
export const PrintedSheetSchema = z.object({
  id: IdSchema,
  childId: IdSchema,
  wordSetId: IdSchema.nullable(),
  title: z.string(),
  createdAt: z.string(),
  words: z.array(PrintedWordSchema),
  removed: z.array(z.string()),
  /**
   * Issue 39: the answer boxes as printed (a word's id and its 田字格 cells, 0 for a line), from
   * which `layOutSheet` places the corner marks, QR code and boxes a camera finds; null for a
   * sheet made before marking from a photo, which prints as it always did.
   */
  answerSlots: z.array(AnswerSlotSchema).nullable(),
});
export type PrintedSheet = z.infer<typeof PrintedSheetSchema>;
