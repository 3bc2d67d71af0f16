import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '../../lib/errors.js';

const BEARER = /^Bearer ([A-Za-z0-9\-_.]+)$/;

/**
 * The onRequest hook of every protected route: a valid access token or 401. Sets
 * `request.parentId`; ownership of children, sets and words is then checked in each query.
 * Callback style, so a token verified before (every request after a page's first) costs no
 * promise and no wait.
 */
export function authenticate(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) return done(unauthorized());
  const token = match[1]!;
  const known = request.server.accessTokens.known(token);
  if (known) {
    request.parentId = known;
    return done();
  }
  request.server.accessTokens.verify(token).then((parentId) => {
    if (!parentId) return done(unauthorized());
    request.parentId = parentId;
    done();
  }, done);
}

const unauthorized = () => new HttpError(401, 'unauthorized', 'Please sign in again.');
