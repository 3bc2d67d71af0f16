import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CreatedSchema,
  ImportConflictSchema,
  ImportSharedListSchema,
  SHARE_MESSAGES,
  ShareCreatedSchema,
  ShareStatusSchema,
  SharedListParamsSchema,
  SharedListSchema,
  WordSetParamsSchema,
  forbiddenMessage,
  sharedListPath,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';
import { roleOnChild } from '../../../modules/children/access.js';
import { readingFor } from '../../../modules/word-sets/readings.js';
import { codeLookupLimit } from '../../../modules/shared-lists/lookup-rate-limit.js';

const stopped = () => new HttpError(410, 'share_stopped', SHARE_MESSAGES.stopped);
const unknownCode = () => notFound(SHARE_MESSAGES.notFound);

/** Issue 37, item 5: share a set by a code, stop it, and look a code up or import it. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const sharedLists = app.repositories.sharedLists;
  const rateLimit = perParentRateLimit(app, WRITES_PER_MINUTE.wordSets, 'changes to practices');
  const lookupLimit = codeLookupLimit(app);
  const urlOf = (request: { protocol: string; host: string }, code: string) =>
    `${request.protocol}://${request.host}${sharedListPath(code)}`;

  app.get(
    '/child/:childId/word-sets/:wordSetId/share',
    { schema: { params: WordSetParamsSchema, response: { 200: ShareStatusSchema } } },
    async (request) => {
      const { childId, wordSetId } = request.params;
      const code = await sharedLists.status(request.parentId, childId, wordSetId);
      if (code === undefined) throw notFound('Word set not found');
      return { share: code === null ? null : { code, url: urlOf(request, code) } };
    },
  );

  // 201 with a new code; 200 with the same code when the set is shared already (decision 022).
  app.post(
    '/child/:childId/word-sets/:wordSetId/share',
    {
      schema: { params: WordSetParamsSchema, response: { 200: ShareCreatedSchema, 201: ShareCreatedSchema } },
      config: { rateLimit },
    },
    async (request, reply) => {
      const { childId, wordSetId } = request.params;
      const shared = await sharedLists.share(request.parentId, childId, wordSetId);
      if (!shared) throw notFound('Word set not found');
      return reply
        .code(shared.created ? 201 : 200)
        .send({ code: shared.code, url: urlOf(request, shared.code) });
    },
  );

  app.delete(
    '/child/:childId/word-sets/:wordSetId/share',
    { schema: { params: WordSetParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      const { childId, wordSetId } = request.params;
      if (!(await sharedLists.stop(request.parentId, childId, wordSetId)))
        throw notFound('Word set not found');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/shared-lists/:code',
    {
      schema: { params: SharedListParamsSchema, response: { 200: SharedListSchema } },
      preHandler: lookupLimit,
    },
    async (request) => {
      const found = await sharedLists.lookup(request.params.code);
      if (found === null) throw unknownCode();
      if (found === 'stopped') throw stopped();
      return found.list;
    },
  );

  app.post(
    '/shared-lists/:code/import',
    {
      schema: {
        params: SharedListParamsSchema,
        body: ImportSharedListSchema,
        response: { 201: CreatedSchema, 409: ImportConflictSchema, 410: ApiErrorSchema },
      },
      preHandler: lookupLimit,
    },
    async (request, reply) => {
      const { childId, again } = request.body;
      const result = await sharedLists.importInto(
        request.parentId,
        childId,
        request.params.code,
        again ?? false,
      );
      if (result === 'unknown_code') throw unknownCode();
      if (result === 'stopped') throw stopped();
      if (result === 'child_not_found') {
        // The child is named in the body, so the route-table guard cannot see it: a member
        // whose role may not add lists is told so (issue 37), anyone else gets the 404.
        const role = await roleOnChild(app.db.kysely, request.parentId, childId);
        if (role) throw new HttpError(403, 'forbidden', forbiddenMessage(role, 'edit', 'add shared lists'));
        throw notFound('Child not found');
      }
      if ('alreadyImported' in result)
        return reply.code(409).send({
          error: 'already_imported',
          message: SHARE_MESSAGES.alreadyImported,
          wordSetId: result.alreadyImported,
        });
      // Background, so the first Play is instant: each word as it will be said.
      app.speech.warm(
        result.list.words.map((word, i) => ({
          word,
          reading: readingFor(word, result.list.readings[i] ?? null, result.list.language),
        })),
        result.list.language,
      );
      return reply.code(201).send({ id: result.id });
    },
  );
};

export default routes;
