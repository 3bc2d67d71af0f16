import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChildSummarySchema, CreateChildSchema, ParentParamsSchema } from '@spellwell/shared';
import { notFound } from '../../../lib/errors.js';
import { createChildrenRepository } from '../../../plugins/app/children/children-repository.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const children = createChildrenRepository(app.db);
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/child/create/:parentId',
    { schema: { params: ParentParamsSchema, body: CreateChildSchema, response: { 201: ChildSummarySchema } } },
    async (request, reply) => {
      // A parent adds children only to their own account; another id is "not found".
      if (request.params.parentId !== request.parentId) throw notFound('Parent not found');
      const child = await children.create(request.parentId, request.body.childName);
      if (!child) throw notFound('Parent not found');
      return reply.code(201).send(child);
    },
  );
};

export default routes;
