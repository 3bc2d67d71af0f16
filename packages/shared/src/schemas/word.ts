import { z } from 'zod';
import { GRADES } from '../scheduler/constants.js';
import { IdempotencyKeySchema, IdSchema, LanguageSchema, textSchema } from './common.js';
import { WORD_LENGTH_MAX } from '../messages.js';
import { GradedOnSchema } from './graded-on.js';
import { DEFAULT_LANGUAGE } from '../languages.js';
import { SpeechSpeedSchema } from './speaking.js';
import { isReading, normaliseReading } from '../reading/reading-syntax.js';

/** A Chinese word's reading in a query: `yin2 hang2` (tone numbers 1 to 5). */
export const ReadingSchema = textSchema()
  .max(WORD_LENGTH_MAX * 8, 'reading is too long')
  .transform(normaliseReading)
  .refine(isReading, 'reading must be pinyin with tone numbers, like yin2 hang2');

export const QualitySchema = z.union(
  [z.literal(GRADES.easy), z.literal(GRADES.medium), z.literal(GRADES.difficult)],
  { error: 'quality must be 1 (easy), 2 (medium) or 3 (difficult)' },
);

/**
 * `POST /words/update/{childId}/{wordId}`. The client may send its own computed values (the
 * specification's payload) but the server recomputes them from the stored state.
 */
export const UpdateWordSchema = z.object({
  quality: QualitySchema,
  easeFactor: z.number().finite().optional(),
  interval: z.number().int().min(0).max(365).optional(),
  nextReview: textSchema().max(10).optional(),
  /** A retried request with the same key is applied once. */
  idempotencyKey: IdempotencyKeySchema.optional(),
  /** The parent's local day a grade made offline was made on (graded-on.ts); today when absent. */
  gradedOn: GradedOnSchema.optional(),
});
export type UpdateWord = z.infer<typeof UpdateWordSchema>;

export const UpdatedWordSchema = z.object({
  id: IdSchema,
  wordString: z.string(),
  easeFactor: z.number(),
  interval: z.number().int(),
  nextReview: z.string(),
});
export type UpdatedWord = z.infer<typeof UpdatedWordSchema>;

/** `GET /words/read?word=&language=`. */
export const ReadWordQuerySchema = z.object({
  word: textSchema('word is required')
    .trim()
    .min(1, 'word is required')
    .max(WORD_LENGTH_MAX, `word can be at most ${WORD_LENGTH_MAX} characters`),
  language: LanguageSchema.default(DEFAULT_LANGUAGE),
  /** Slow speech is synthesised slowly and cached as its own entry (issue 22). */
  speed: SpeechSpeedSchema.default('normal'),
  /** Said instead of the characters (Chinese only; ignored in other languages). */
  reading: ReadingSchema.optional(),
});

/** How long the practice screen offers Undo after a grade. */
export const UNDO_OFFER_SECONDS = 6;
/** How long after a grade the server still undoes it (the offer, plus a slow network). */
export const UNDO_WINDOW_SECONDS = 60;

/**
 * `POST /words/undo/{childId}/{wordId}`: undoes the grade made with this idempotency key, if
 * it is still the word's last grade and recent. Undoing twice is the same as once.
 */
export const UndoGradeSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
});
export type UndoGrade = z.infer<typeof UndoGradeSchema>;
