import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ReadWordQuerySchema } from '@spellwell/shared';
import { HttpError } from '../../../lib/errors.js';
import { SpeechBusyError, SpeechTimeoutError } from '../../../modules/speech/errors.js';

/** A practice session plays each word once or twice, and prefetches the next: plenty. */
export const READS_PER_MINUTE = 120;

// The URL (word + language) fully determines the bytes, so the browser may keep them.
const IMMUTABLE = 'private, max-age=31536000, immutable';
// A fallback voice answered: let the browser ask again soon for the preferred one.
const FALLBACK = 'private, max-age=300';

function matches(header: string | undefined, etag: string): boolean {
  return (
    typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  );
}

/** `GET /words/read?word=&language=&speed=`: the spoken word as MP3. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const spokenWords = app.repositories.spokenWords;

  app.get(
    '/words/read',
    {
      schema: { querystring: ReadWordQuerySchema },
      // MP3 is compressed already, so the plugin's hooks would be work for nothing.
      compress: false,
      config: {
        rateLimit: {
          max: READS_PER_MINUTE * app.config.rateLimitMultiplier,
          timeWindow: 60_000,
          // Per parent, so a family behind one address does not share a limit; after
          // authentication, which sets parentId.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => request.parentId,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new HttpError(
              429,
              'rate_limited',
              `Too many words read. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
            ),
        },
      },
    },
    async (request, reply) => {
      const { word, language, speed } = request.query;
      const reading = language === 'Chinese' ? request.query.reading : undefined;
      const ifNoneMatch = request.headers['if-none-match'];
      // Revalidation answers before any audio is looked up; a plain request skips the hash.
      if (ifNoneMatch !== undefined) {
        const preferred = app.speech.preferredEtag(word, language, speed, reading);
        if (matches(ifNoneMatch, preferred)) {
          return reply.code(304).header('etag', preferred).header('cache-control', IMMUTABLE).send();
        }
      }
      try {
        const spoken = await app.speech.read(
          word,
          language,
          { id: request.parentId, ownsWord: (w, l) => spokenWords.parentHasWord(request.parentId, w, l) },
          speed,
          reading,
        );
        reply.header('etag', spoken.etag).header('cache-control', spoken.preferred ? IMMUTABLE : FALLBACK);
        if (matches(ifNoneMatch, spoken.etag)) return reply.code(304).send();
        return reply.type(spoken.contentType).send(spoken.audio);
      } catch (err) {
        // 5xx normally get a generic sentence; these two are safe and tell the child's app to retry.
        if (err instanceof SpeechBusyError) {
          return reply
            .code(503)
            .header('retry-after', '2')
            .send({ error: 'speech_busy', message: err.message });
        }
        if (err instanceof SpeechTimeoutError) {
          return reply.code(504).send({ error: 'speech_timeout', message: err.message });
        }
        throw err;
      }
    },
  );
};

export default routes;
