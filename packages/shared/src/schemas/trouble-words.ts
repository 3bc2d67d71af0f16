import { z } from 'zod';
import { IdSchema, LanguageSchema } from './common.js';
import { WordSchema } from './word-set.js';

/** How many trouble words a child's practice takes: the ten weakest. */
export const TROUBLE_WORDS_MAX = 10;

/**
 * `GET /child/{childId}/trouble-words`: across all the child's sets with a test today or ahead,
 * the practised words least likely to be right on their own set's test date, weakest first.
 * Each carries what a practice needs: its set's language (sets differ) and its schedule.
 */
export const TroubleWordSchema = WordSchema.extend({
  wordSetId: IdSchema,
  language: LanguageSchema,
  testDate: z.string(),
  /** The chance of being right on the set's test date, 0..1, two decimals. */
  recall: z.number().min(0).max(1),
});
export type TroubleWord = z.infer<typeof TroubleWordSchema>;
export const TroubleWordsSchema = z.array(TroubleWordSchema).max(TROUBLE_WORDS_MAX);
