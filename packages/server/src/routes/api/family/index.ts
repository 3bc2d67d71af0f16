import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedInviteSchema,
  ChildParamsSchema,
  CreateInviteSchema,
  CreatedInviteSchema,
  INVITE_MESSAGES,
  InviteListSchema,
  InviteParamsSchema,
  InvitePreviewSchema,
  InviteSecretBodySchema,
  MemberListSchema,
  MemberParamsSchema,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';
import type { InviteProblem } from '../../../modules/family/invites-repository.js';

/** An invite that cannot be accepted: 410 when it was one, 404 when it never was. */
function inviteError(problem: InviteProblem): HttpError {
  switch (problem) {
    case 'not-found':
      return new HttpError(404, 'not_found', INVITE_MESSAGES.notFound);
    case 'used':
      return new HttpError(410, 'invite_used', INVITE_MESSAGES.used);
    case 'withdrawn':
      return new HttpError(410, 'invite_withdrawn', INVITE_MESSAGES.withdrawn);
    case 'expired':
      return new HttpError(410, 'invite_expired', INVITE_MESSAGES.expired);
    case 'own':
      return new HttpError(409, 'own_child', INVITE_MESSAGES.own);
    case 'already-member':
      return new HttpError(409, 'already_member', INVITE_MESSAGES.alreadyMember);
  }
}

/** Issue 37: invites to share a child, and its members (docs/decisions/021). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const invites = app.repositories.invites;
  const members = app.repositories.members;
  const rateLimit = perParentRateLimit(app, WRITES_PER_MINUTE.family, 'changes to who shares a child');

  app.post(
    '/child/:childId/invites',
    {
      schema: { params: ChildParamsSchema, body: CreateInviteSchema, response: { 201: CreatedInviteSchema } },
      config: { rateLimit },
    },
    async (request, reply) => {
      const created = await invites.create(request.parentId, request.params.childId, request.body.role);
      if (!created) throw notFound('Child not found');
      if (created === 'too-many')
        throw new HttpError(
          409,
          'too_many_invites',
          'This child has too many open invites. Withdraw one first.',
        );
      const origin = `${request.protocol}://${request.host}`;
      return reply
        .code(201)
        .send({ id: created.id, url: `${origin}/invite/${created.secret}`, expiresAt: created.expiresAt });
    },
  );

  app.get(
    '/child/:childId/invites',
    { schema: { params: ChildParamsSchema, response: { 200: InviteListSchema } } },
    async (request) => {
      const list = await invites.listOpen(request.parentId, request.params.childId);
      if (!list) throw notFound('Child not found');
      return list;
    },
  );

  app.delete(
    '/child/:childId/invites/:inviteId',
    { schema: { params: InviteParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      const { childId, inviteId } = request.params;
      if (!(await invites.withdraw(request.parentId, childId, inviteId))) throw notFound('Invite not found');
      return reply.code(204).send(null);
    },
  );

  // The secret travels in the body, never in a URL a log or a proxy would keep.
  app.post(
    '/invites/preview',
    {
      schema: { body: InviteSecretBodySchema, response: { 200: InvitePreviewSchema } },
      config: { rateLimit },
    },
    async (request) => {
      const found = await invites.preview(request.parentId, request.body.secret);
      if (found.problem) throw inviteError(found.problem);
      if (found.own) throw inviteError('own');
      return { childName: found.childName, role: found.role, invitedBy: found.invitedBy };
    },
  );

  app.post(
    '/invites/accept',
    {
      schema: { body: InviteSecretBodySchema, response: { 200: AcceptedInviteSchema } },
      config: { rateLimit },
    },
    async (request) => {
      const accepted = await invites.accept(request.parentId, request.body.secret);
      if (accepted.problem) throw inviteError(accepted.problem);
      return { childId: accepted.childId, role: accepted.role };
    },
  );

  app.get(
    '/child/:childId/members',
    { schema: { params: ChildParamsSchema, response: { 200: MemberListSchema } } },
    async (request) => {
      const list = await members.list(request.parentId, request.params.childId);
      if (!list) throw notFound('Child not found');
      return list;
    },
  );

  app.delete(
    '/child/:childId/members/:parentId',
    { schema: { params: MemberParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      const { childId, parentId } = request.params;
      switch (await members.remove(request.parentId, childId, parentId)) {
        case 'removed':
          return reply.code(204).send(null);
        case 'not-found':
          throw notFound('Member not found');
        case 'owner':
          throw new HttpError(
            400,
            'owner_stays',
            "The owner can't leave their own child: delete the child instead.",
          );
        case 'forbidden':
          throw new HttpError(403, 'forbidden', 'Only the owner can remove other members.');
      }
    },
  );
};

export default routes;
