import { z } from 'zod';
import { IdSchema, LanguageSchema } from './common.js';
import { WordInSetSchema } from './word-set.js';

/**
 * `GET /child/{childId}/tonight-words` (issue 35): the words due tonight across the child's
 * sets with a test today or ahead, the nearest test first and, within a set, the practice
 * order (hardest first). Each carries its set's language, since sets differ.
 */
export const TonightWordSchema = WordInSetSchema.extend({
  wordSetId: IdSchema,
  language: LanguageSchema,
  testDate: z.string(),
});
export type TonightWord = z.infer<typeof TonightWordSchema>;
export const TonightWordsSchema = z.array(TonightWordSchema);
