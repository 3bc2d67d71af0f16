import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  UndoGradeSchema,
  UpdateWordSchema,
  UpdatedWordSchema,
  WordParamsSchema,
  WordSchema,
  gradedOnProblem,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';

/** Grading and undoing a grade; `GET /words/read` (speech) lives in routes/api/speech. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const words = app.repositories.words;
  const rateLimit = perParentRateLimit(app, WRITES_PER_MINUTE.grades, 'grades');

  app.post(
    '/words/update/:childId/:wordId',
    {
      schema: { params: WordParamsSchema, body: UpdateWordSchema, response: { 200: UpdatedWordSchema } },
      config: { rateLimit },
    },
    async (request) => {
      const { childId, wordId } = request.params;
      const today = request.localToday();
      const { gradedOn } = request.body;
      // A grade made offline counts on the day it was made, if that day is recent (graded-on.ts).
      if (gradedOn !== undefined) {
        const problem = gradedOnProblem(gradedOn, today);
        if (problem !== null) throw new HttpError(400, 'bad_graded_on', problem);
      }
      // The client's easeFactor/interval/nextReview are accepted but not trusted (PRODUCT.md).
      const result = await words.grade(request.parentId, childId, wordId, {
        grade: request.body.quality,
        today: gradedOn ?? today,
        idempotencyKey: request.body.idempotencyKey,
        gradedBy: request.parentId,
      });
      switch (result.status) {
        case 'graded':
          app.metrics?.grades.inc();
          return result.word;
        case 'not-found':
          throw notFound('Word not found');
        case 'key-reused':
          throw new HttpError(
            409,
            'idempotency_key_reused',
            'This idempotency key was already used for another word.',
          );
      }
    },
  );

  app.post(
    '/words/undo/:childId/:wordId',
    {
      schema: { params: WordParamsSchema, body: UndoGradeSchema, response: { 200: WordSchema } },
      config: { rateLimit },
    },
    async (request) => {
      const { childId, wordId } = request.params;
      const result = await words.undo(
        request.parentId,
        childId,
        wordId,
        request.body.idempotencyKey,
        new Date(),
      );
      switch (result.status) {
        case 'undone':
          return result.word;
        case 'not-found':
          throw notFound('Word not found');
        case 'not-last':
          throw new HttpError(409, 'undo_not_last', 'Only the last grade of a word can be undone.');
        case 'too-late':
          throw new HttpError(409, 'undo_too_late', 'This grade is too old to undo.');
      }
    },
  );
};

export default routes;
