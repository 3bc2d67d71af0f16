import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.js';

/** The subject of a demo sign-in's parent: "demo:" and the e-mail anyone may type. */
export const DEMO_SUBJECT_PREFIX = 'demo:';

/**
 * The one admin rule (contract): the parent's lower-cased e-mail is in ADMIN_EMAILS, and the
 * e-mail was proved by Google: a demo identity is any e-mail anyone typed, so never an admin.
 */
export function isAdmin(
  adminEmails: readonly string[],
  parent: { email: string; google_sub: string },
): boolean {
  return (
    !parent.google_sub.startsWith(DEMO_SUBJECT_PREFIX) && adminEmails.includes(parent.email.toLowerCase())
  );
}

/**
 * preHandler for admin-only routes, after `authenticate`. The e-mail is read fresh, so taking
 * an address out of ADMIN_EMAILS takes effect at the next restart, not at the next sign-in.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { adminEmails } = request.server.config;
  const parent = await request.server.db.kysely
    .selectFrom('parents')
    .select(['email', 'google_sub'])
    .where('id', '=', request.parentId)
    .executeTakeFirst();
  if (!parent || !isAdmin(adminEmails, parent)) {
    throw new HttpError(403, 'forbidden', 'Only administrators can add official word lists.');
  }
}
