import { z } from 'zod';
import { IdSchema } from './common.js';

/**
 * A set's predicted test-day score (issue 19): the expected number of words right on the test
 * date (today, once it has passed), one decimal, from the child's own grades; and the words
 * least likely to be right, weakest first, at most five. Worked out by
 * `@spellwell/shared/learning` (docs/learning.md).
 */
export const ReadinessSchema = z.object({
  expectedCorrect: z.number().min(0),
  wordCount: z.number().int().min(0),
  atRisk: z.array(IdSchema).max(5),
  /** An 80% interval of whole words right on the day (issue 34): low ≤ round(expectedCorrect) ≤ high. */
  range: z.object({ low: z.number().int().min(0), high: z.number().int().min(0) }),
});
export type WordSetReadiness = z.infer<typeof ReadinessSchema>;
