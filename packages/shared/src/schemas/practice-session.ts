import { z } from 'zod';
import { IdSchema } from './common.js';
import { WORDS_MAX } from '../messages.js';

/**
 * A practice session stored on the server, so a parent can stop on a phone and resume on a
 * laptop. `wordIds` is the order built when the session started; `position` the next word.
 */
export const PracticeSessionSchema = z.object({
  wordIds: z.array(IdSchema),
  position: z.number().int().min(0),
  dueCount: z.number().int().min(0),
});
export type PracticeSession = z.infer<typeof PracticeSessionSchema>;

export const UpdatePracticePositionSchema = z.object({
  position: z.number().int().min(0).max(WORDS_MAX),
  /**
   * The position this page last knew. When the stored one differs, another tab or device
   * moved the session on: the save is refused (409) and this page is told it is out of date.
   */
  from: z.number().int().min(0).max(WORDS_MAX).optional(),
});
