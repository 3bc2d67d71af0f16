import { randomUUID } from 'node:crypto';
import {
  addDaysIso,
  dailySeries,
  gradersByDay,
  longestStreak,
  OWN_ANSWERS_MAX,
  progressStart,
  weeklyProgress,
  type DailyCount,
  type GraderCount,
  type ProgressWeek,
  type TodayStats,
} from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { statement, type Param } from '../../db/statement.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { nowIso } from '../../db/timestamps.js';
import { accessibleChildIds } from '../children/access.js';
import { bumpChildDataVersions } from '../read-cache/data-version.js';
import { displayName } from '../family/members-repository.js';

export function createReviewsRepository(db: Db) {
  const { kysely } = db;
  // The dashboard's statistics, compiled once (db/statement.ts).
  const todayCounts = statement(db, (param: Param<'parentId' | 'childId' | 'today'>) =>
    accessibleChildIds(kysely, param('parentId'), param('childId'), 'practise').select((eb) => [
      eb
        .selectFrom('word_reviews')
        .select(eb.fn.countAll().as('n'))
        .whereRef('word_reviews.child_id', '=', 'children.id')
        .where('word_reviews.local_date', '=', param('today'))
        .as('today'),
      eb
        .selectFrom('word_reviews')
        .select(eb.fn.countAll().as('n'))
        .whereRef('word_reviews.child_id', '=', 'children.id')
        .where('word_reviews.local_date', '=', param('today'))
        .where('word_reviews.child_answer', 'is not', null)
        .as('onOwnToday'),
      eb
        .selectFrom('word_reviews')
        .select(eb.fn.countAll().as('n'))
        .whereRef('word_reviews.child_id', '=', 'children.id')
        .as('allTime'),
      eb
        .selectFrom('practice_completions')
        .select(eb.fn.countAll().as('n'))
        .whereRef('practice_completions.child_id', '=', 'children.id')
        .where('practice_completions.local_date', '=', param('today'))
        .as('completions'),
    ]),
  );
  const reviewDays = statement(db, (param: Param<'childId'>) =>
    kysely
      .selectFrom('word_reviews')
      .select('local_date')
      .distinct()
      .where('child_id', '=', param('childId')),
  );
  /**
   * Issue 37: each day's grades per adult who gave them, said only where the child has more
   * than one adult (as the Word List's "graded by"); otherwise nothing is read.
   */
  async function gradersPerDay(
    childId: string,
    today: string,
    days: number,
  ): Promise<Map<string, GraderCount[]>> {
    const shared = await kysely
      .selectFrom('child_members')
      .select('child_id')
      .where('child_id', '=', childId)
      .limit(1)
      .executeTakeFirst();
    if (!shared) return new Map<string, GraderCount[]>();
    const rows = await kysely
      .selectFrom('word_reviews')
      .innerJoin('parents', 'parents.id', 'word_reviews.graded_by')
      .select((eb) => ['word_reviews.local_date', 'parents.id', 'parents.name', eb.fn.countAll().as('n')])
      .where('word_reviews.child_id', '=', childId)
      .where('word_reviews.local_date', '>=', addDaysIso(today, -(days - 1)))
      .where('word_reviews.local_date', '<=', today)
      .groupBy(['word_reviews.local_date', 'parents.id', 'parents.name'])
      .execute();
    // PostgreSQL answers count(*) as a string.
    return gradersByDay(
      rows.map((r) => ({ date: r.local_date, name: displayName(r.name), count: Number(r.n) })),
    );
  }
  return {
    /** A finished practice session ("Sets Completed"); null when the child is not the parent's. */
    /**
     * Records a finished practice on `today` (the parent's local day, or the day it finished
     * offline). With an idempotency key, which becomes the row's id, a completion sent again
     * is recorded once: answers the existing id, or 'key-reused' if the key is another child's.
     */
    async recordCompletion(
      parentId: string,
      childId: string,
      wordsReviewed: number,
      today: string,
      idempotencyKey?: string,
    ): Promise<string | 'key-reused' | null> {
      const record = () =>
        kysely.transaction().execute(async (trx) => {
          const child = await accessibleChildIds(trx, parentId, childId, 'practise').executeTakeFirst();
          if (!child) return null;
          if (idempotencyKey !== undefined) {
            const existing = await trx
              .selectFrom('practice_completions')
              .select('child_id')
              .where('id', '=', idempotencyKey)
              .executeTakeFirst();
            if (existing) return existing.child_id === child.id ? idempotencyKey : 'key-reused';
          }
          const id = idempotencyKey ?? randomUUID();
          await trx
            .insertInto('practice_completions')
            .values({
              id,
              child_id: child.id,
              words_reviewed: wordsReviewed,
              local_date: today,
              completed_at: nowIso(),
            })
            .execute();
          await bumpChildDataVersions(trx, childId);
          return id;
        });
      return unlessDeletedMeanwhile(record, null);
    },

    async todayStats(parentId: string, childId: string, today: string): Promise<TodayStats | null> {
      const counts = await todayCounts.readFirst({ parentId, childId, today });
      if (!counts) return null;
      const days = await reviewDays.read({ childId: counts.id });
      const onOwnToday = Number(counts.onOwnToday ?? 0);
      // Read only when there is something to list: most days a parent graded everything.
      const own =
        onOwnToday === 0
          ? []
          : await kysely
              .selectFrom('word_reviews')
              .leftJoin('words', 'words.id', 'word_reviews.word_id')
              .select([
                'word_reviews.word_id',
                'words.word_string',
                'word_reviews.child_answer',
                'word_reviews.quality',
                'word_reviews.child_attempts',
                'word_reviews.child_mistakes',
              ])
              .where('word_reviews.child_id', '=', counts.id)
              .where('word_reviews.local_date', '=', today)
              .where('word_reviews.child_answer', 'is not', null)
              .orderBy('word_reviews.reviewed_at', 'desc')
              .orderBy('word_reviews.id', 'desc')
              .limit(OWN_ANSWERS_MAX)
              .execute();
      // PostgreSQL answers count(*) as a string.
      return {
        wordsReviewedToday: Number(counts.today ?? 0),
        wordsReviewedAllTime: Number(counts.allTime ?? 0),
        highestStreak: longestStreak(days.map((d) => d.local_date)),
        dailyStatsCount: Number(counts.completions ?? 0),
        ownAnswersToday: own.map((r) => ({
          wordId: r.word_id,
          word: r.word_string,
          answer: r.child_answer ?? '',
          quality: Number(r.quality),
          attempts: Number(r.child_attempts ?? 1),
          ...(r.child_mistakes !== null ? { mistakes: Number(r.child_mistakes) } : {}),
        })),
        onOwnToday,
      };
    },

    /** Grades per local day for the `days` days ending today; null when not the parent's child. */
    async history(
      parentId: string,
      childId: string,
      today: string,
      days: number,
    ): Promise<DailyCount[] | null> {
      const child = await accessibleChildIds(kysely, parentId, childId, 'practise').executeTakeFirst();
      if (!child) return null;
      const rows = await kysely
        .selectFrom('word_reviews')
        .select((eb) => [
          'local_date',
          eb.fn.countAll().as('n'),
          // The child's own grades that day (issue 36): counted in the same pass.
          eb.fn.count('child_answer').as('own'),
        ])
        .where('child_id', '=', child.id)
        .where('local_date', '>=', addDaysIso(today, -(days - 1)))
        .where('local_date', '<=', today)
        .groupBy('local_date')
        .execute();
      const graders = await gradersPerDay(child.id, today, days);
      return dailySeries(
        new Map(rows.map((r) => [r.local_date, Number(r.n)])),
        today,
        days,
        new Map(rows.map((r) => [r.local_date, Number(r.own)])),
        graders,
      );
    },

    /** The last 12 weeks' words practised and right first time (issue 35); null when not the parent's. */
    async weeks(parentId: string, childId: string, today: string): Promise<ProgressWeek[] | null> {
      const child = await accessibleChildIds(kysely, parentId, childId, 'practise').executeTakeFirst();
      if (!child) return null;
      const rows = await kysely
        .selectFrom('word_reviews')
        .select(['word_id', 'local_date', 'quality'])
        .where('child_id', '=', child.id)
        .where('local_date', '>=', progressStart(today))
        .where('local_date', '<=', today)
        // The order grades were given in: a word's first grade of a day is its first try.
        .orderBy('reviewed_at')
        .orderBy('id')
        .execute();
      return weeklyProgress(
        rows.map((r) => ({ wordId: r.word_id, day: r.local_date, quality: Number(r.quality) })),
        today,
      );
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
