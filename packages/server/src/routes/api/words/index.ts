import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateWordSchema, UpdatedWordSchema, WordParamsSchema } from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { createWordsRepository } from '../../../plugins/app/words/words-repository.js';

/** Grading only; `GET /words/read` (speech) lives in routes/api/speech. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const words = createWordsRepository(app.db);
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/words/update/:childId/:wordId',
    { schema: { params: WordParamsSchema, body: UpdateWordSchema, response: { 200: UpdatedWordSchema } } },
    async (request) => {
      const { childId, wordId } = request.params;
      // The client's easeFactor/interval/nextReview are accepted but not trusted (PRODUCT.md).
      const result = await words.grade(request.parentId, childId, wordId, {
        grade: request.body.quality,
        today: request.localToday(),
        idempotencyKey: request.body.idempotencyKey,
      });
      switch (result.status) {
        case 'graded':
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
};

export default routes;
