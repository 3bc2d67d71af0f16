import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChildParamsSchema,
  CreatedDevicePassSchema,
  DevicePassListSchema,
  DevicePassParamsSchema,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';

/** The parent's side of device passes (issue 36): make one, list them, revoke one. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = perParentRateLimit(app, WRITES_PER_MINUTE.devicePasses, 'device passes');

  app.post(
    '/child/:childId/device-passes',
    {
      schema: { params: ChildParamsSchema, response: { 201: CreatedDevicePassSchema } },
      config: { rateLimit },
    },
    async (request, reply) => {
      const created = await app.devicePasses.create(request.parentId, request.params.childId);
      if (!created) throw notFound('Child not found');
      if (created === 'too-many')
        throw new HttpError(
          409,
          'too_many_passes',
          'This child has too many device passes. Withdraw one first.',
        );
      const origin = `${request.protocol}://${request.host}`;
      return reply
        .code(201)
        .send({ id: created.id, url: `${origin}/kid/${created.secret}`, expiresAt: created.expiresAt });
    },
  );

  app.get(
    '/child/:childId/device-passes',
    { schema: { params: ChildParamsSchema, response: { 200: DevicePassListSchema } } },
    async (request) => {
      const passes = await app.devicePasses.list(request.parentId, request.params.childId);
      if (!passes) throw notFound('Child not found');
      return { passes };
    },
  );

  app.delete(
    '/child/:childId/device-passes/:passId',
    { schema: { params: DevicePassParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      const { childId, passId } = request.params;
      if (!(await app.devicePasses.revoke(request.parentId, childId, passId)))
        throw notFound('Device pass not found');
      return reply.code(204).send(null);
    },
  );
};

export default routes;
