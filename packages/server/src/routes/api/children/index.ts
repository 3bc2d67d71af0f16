import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChildParamsSchema,
  ChildSummarySchema,
  CreateChildSchema,
  ParentParamsSchema,
  RenameChildSchema,
} from '@spellwell/shared';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const children = app.repositories.children;
  const rateLimit = perParentRateLimit(app, WRITES_PER_MINUTE.children, 'changes to children');

  app.post(
    '/child/create/:parentId',
    {
      schema: { params: ParentParamsSchema, body: CreateChildSchema, response: { 201: ChildSummarySchema } },
      config: { rateLimit },
    },
    async (request, reply) => {
      // A parent adds children only to their own account; another id is "not found".
      if (request.params.parentId !== request.parentId) throw notFound('Parent not found');
      const { childName, ...profile } = request.body;
      const child = await children.create(request.parentId, childName, profile);
      if (!child) throw notFound('Parent not found');
      return reply.code(201).send(child);
    },
  );

  app.patch(
    '/child/:childId',
    {
      schema: { params: ChildParamsSchema, body: RenameChildSchema, response: { 200: ChildSummarySchema } },
      config: { rateLimit },
    },
    async (request) => {
      const { childName, ...profile } = request.body;
      const child = await children.rename(request.parentId, request.params.childId, childName, profile);
      if (!child) throw notFound('Child not found');
      return child;
    },
  );

  app.delete(
    '/child/:childId',
    { schema: { params: ChildParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      if (!(await children.remove(request.parentId, request.params.childId)))
        throw notFound('Child not found');
      return reply.code(204).send(null);
    },
  );
};

export default routes;
