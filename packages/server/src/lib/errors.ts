import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  503: 'service_unavailable',
};

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** An error whose code and message are safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One place turns every error into `{error, message}` JSON: 4xx says what the caller did
 * wrong; 5xx is logged with its context and answered with a generic sentence, so internals
 * (SQL, paths, secrets) never reach a response.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply
        .code(400)
        .send({ error: 'validation_error', message: first?.message ?? 'Invalid request' });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .code(status)
        .send({ error: CODES[status] ?? 'internal_error', message: GENERIC_SERVER_ERROR });
    }
    const code = err instanceof HttpError ? err.code : (CODES[status] ?? 'bad_request');
    return reply.code(status).send({ error: code, message: err.message });
  });
}

export function notFound(message = 'Not found'): HttpError {
  return new HttpError(404, 'not_found', message);
}
