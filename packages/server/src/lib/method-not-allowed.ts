import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods some route answers at this concrete path (empty when no route has it). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/**
 * The API's answer to a request no route took: 405 with `Allow` when its path is a route's
 * under other methods (RFC 9110 §15.5.6), so a client learns it used the wrong method, not a
 * wrong address; otherwise 404.
 */
export function sendNoRoute(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0] ?? '/';
  const allowed = allowedMethods(request.server, path);
  if (allowed.length > 0) {
    void reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({
        error: 'method_not_allowed',
        message: `${request.method} is not allowed here; use ${allowed.join(', ')}.`,
      });
    return;
  }
  void reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
}
