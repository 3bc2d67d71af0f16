import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../lib/errors.js';

const BEARER = /^Bearer ([A-Za-z0-9\-_.]+)$/;

/**
 * The onRequest hook of every protected route: a valid access token or 401. Sets
 * `request.parentId`; ownership of children, sets and words is then checked in each query.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  const parentId = match ? await request.server.accessTokens.verify(match[1]!) : null;
  if (!parentId) throw new HttpError(401, 'unauthorized', 'Please sign in again.');
  request.parentId = parentId;
}
