import { z } from 'zod';
import { WORDS_MAX } from '../messages.js';
import { IdempotencyKeySchema } from './common.js';
import { GradedOnSchema } from './graded-on.js';

/** `POST /review/{childId}`: a finished practice session. */
export const PostReviewSchema = z.object({
  wordsReviewed: z.number().int().min(0).max(WORDS_MAX),
  /**
   * A completion sent again (from the offline outbox, issue 23) with the same key is recorded
   * once; the key becomes the completion's id.
   */
  idempotencyKey: IdempotencyKeySchema.optional(),
  /** The parent's local day a practice finished offline was finished on; today when absent. */
  completedOn: GradedOnSchema.optional(),
});
export type PostReview = z.infer<typeof PostReviewSchema>;

export const TodayStatsSchema = z.object({
  wordsReviewedToday: z.number().int(),
  wordsReviewedAllTime: z.number().int(),
  highestStreak: z.number().int(),
  dailyStatsCount: z.number().int(),
  /**
   * Issue 36: today's grades the child made alone on their device, latest first (at most
   * OWN_ANSWERS_MAX), each with what the child typed; the parent can grade any again.
   */
  ownAnswersToday: z.array(
    z.object({
      wordId: z.string().nullable(),
      /** The word, or null once removed from its set. */
      word: z.string().nullable(),
      answer: z.string(),
      quality: z.number().int(),
      attempts: z.number().int(),
      /** Written in the 田字格 stroke quiz rather than typed: the quiz's mistakes. */
      mistakes: z.number().int().optional(),
    }),
  ),
  /** How many of today's grades the child made alone (all of them, not only those listed). */
  onOwnToday: z.number().int(),
});
export const OWN_ANSWERS_MAX = 50;
export type TodayStats = z.infer<typeof TodayStatsSchema>;

export const HISTORY_DAYS_DEFAULT = 30;
export const HISTORY_DAYS_MAX = 366;

export const HistoryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(HISTORY_DAYS_MAX).default(HISTORY_DAYS_DEFAULT),
});

/** Words reviewed per local day, oldest first, one entry for every day in the range. */
export const HistorySchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      wordsReviewed: z.number().int(),
      /** Of them, graded by the child alone on their device (issue 36). */
      onOwn: z.number().int(),
      /**
       * Issue 37: who graded, most first, only where the child has more than one adult (else
       * empty). The child's own grades and those of a deleted account are in no entry.
       */
      gradedBy: z.array(z.object({ name: z.string(), count: z.number().int() })),
    }),
  ),
});
export type History = z.infer<typeof HistorySchema>;

/**
 * `GET /review/weeks/{childId}` (issue 35): the last 12 weeks, oldest first, Monday to Sunday in
 * the parent's days: words practised (once a word a day) and how many were right first time.
 */
export const WeeklyProgressSchema = z.object({
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      wordsPractised: z.number().int().min(0),
      firstTimeRight: z.number().int().min(0),
    }),
  ),
});
export type WeeklyProgress = z.infer<typeof WeeklyProgressSchema>;
