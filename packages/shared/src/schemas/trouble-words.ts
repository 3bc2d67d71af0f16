import { z } from 'zod';
import { IdSchema, LanguageSchema } from './common.js';
import { WordInSetSchema } from './word-set.js';

/** How many trouble words a child's practice takes: the ten weakest. */
export const TROUBLE_WORDS_MAX = 10;

/** `?language=`: only the trouble words of sets in that language (a practice is one language). */
export const TroubleWordsQuerySchema = z.object({ language: LanguageSchema.optional() });

/**
 * `GET /child/{childId}/trouble-words`: across all the child's sets with a test today or ahead,
 * the practised words the child gets wrong (issue 34, `isTroubleWord`), weakest first.
 * Each carries what a practice needs: its set's language (sets differ) and its schedule.
 */
export const TroubleWordSchema = WordInSetSchema.extend({
  wordSetId: IdSchema,
  language: LanguageSchema,
  testDate: z.string(),
  /** The chance of being right on the set's test date, 0..1, two decimals. */
  recall: z.number().min(0).max(1),
});
export type TroubleWord = z.infer<typeof TroubleWordSchema>;
export const TroubleWordsSchema = z.array(TroubleWordSchema).max(TROUBLE_WORDS_MAX);
