import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateOfficialWordSetSchema,
  CreatedSchema,
  OfficialWordSetListSchema,
  parseWordList,
} from '@spellwell/shared';
import { requireAdmin } from '../../../modules/auth/require-admin.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';

/** Official school lists: every parent may read them; only admins add them. OCR is in routes/api/ocr. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const official = app.repositories.officialWordSets;

  app.get(
    '/official-wordset',
    { schema: { response: { 200: OfficialWordSetListSchema } } },
    async (request) => official.list(request.localToday()),
  );

  app.post(
    '/official-wordset/create',
    {
      preHandler: requireAdmin,
      schema: { body: CreateOfficialWordSetSchema, response: { 201: CreatedSchema } },
      config: { rateLimit: perParentRateLimit(app, WRITES_PER_MINUTE.officialLists, 'official lists saved') },
    },
    async (request, reply) => {
      const { words, ...fields } = request.body;
      const id = await official.create(request.parentId, fields, parseWordList(words));
      return reply.code(201).send({ id });
    },
  );
};

export default routes;
