import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChildParamsSchema,
  CreatedSchema,
  HistoryQuerySchema,
  HistorySchema,
  PostReviewSchema,
  TodayStatsSchema,
  WeeklyProgressSchema,
  gradedOnProblem,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';

/** Daily statistics, all in the parent's local days (X-Time-Zone). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const reviews = app.repositories.reviews;

  app.post(
    '/review/:childId',
    {
      schema: { params: ChildParamsSchema, body: PostReviewSchema, response: { 201: CreatedSchema } },
      config: { rateLimit: perParentRateLimit(app, WRITES_PER_MINUTE.completions, 'finished practices') },
    },
    async (request, reply) => {
      const today = request.localToday();
      const { wordsReviewed, idempotencyKey, completedOn } = request.body;
      // A practice finished offline counts on the day it finished, if that day is recent.
      if (completedOn !== undefined) {
        const problem = gradedOnProblem(completedOn, today);
        if (problem !== null)
          throw new HttpError(400, 'bad_completed_on', problem.replace('gradedOn', 'completedOn'));
      }
      const id = await reviews.recordCompletion(
        request.parentId,
        request.params.childId,
        wordsReviewed,
        completedOn ?? today,
        idempotencyKey,
      );
      if (!id) throw notFound('Child not found');
      if (id === 'key-reused')
        throw new HttpError(
          409,
          'idempotency_key_reused',
          'This idempotency key was already used for another child.',
        );
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/review/today/:childId',
    { schema: { params: ChildParamsSchema, response: { 200: TodayStatsSchema } }, config: { cache: true } },
    async (request) => {
      const stats = await reviews.todayStats(request.parentId, request.params.childId, request.localToday());
      if (!stats) throw notFound('Child not found');
      return stats;
    },
  );

  app.get(
    '/review/history/:childId',
    {
      schema: {
        params: ChildParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: HistorySchema },
      },
    },
    async (request) => {
      const days = await reviews.history(
        request.parentId,
        request.params.childId,
        request.localToday(),
        request.query.days,
      );
      if (!days) throw notFound('Child not found');
      return { days };
    },
  );

  app.get(
    '/review/weeks/:childId',
    {
      schema: { params: ChildParamsSchema, response: { 200: WeeklyProgressSchema } },
      config: { cache: true },
    },
    async (request) => {
      const weeks = await reviews.weeks(request.parentId, request.params.childId, request.localToday());
      if (!weeks) throw notFound('Child not found');
      return { weeks };
    },
  );
};

export default routes;
