import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../lib/errors.js';

/** The one admin rule (contract): the parent's lower-cased e-mail is in ADMIN_EMAILS. */
export function isAdminEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.toLowerCase());
}

/**
 * preHandler for admin-only routes, after `authenticate`. The e-mail is read fresh, so taking
 * an address out of ADMIN_EMAILS takes effect at the next restart, not at the next sign-in.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { adminEmails } = request.server.config;
  const parent = await request.server.db.kysely
    .selectFrom('parents')
    .select('email')
    .where('id', '=', request.parentId)
    .executeTakeFirst();
  if (!parent || !isAdminEmail(adminEmails, parent.email)) {
    throw new HttpError(403, 'forbidden', 'Only administrators can add official word lists.');
  }
}
