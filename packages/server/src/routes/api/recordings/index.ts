import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECORDING_MAX_BYTES,
  RECORDING_MESSAGES,
  RecordingSchema,
  WordParamsSchema,
} from '@spellwell/shared';
import { notFound } from '../../../lib/errors.js';
import { perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';
import { checkRecording } from '../../../modules/recordings/recording-audio.js';

/** "Record all" for a 20-word list, with redos, fits well inside this. */
export const RECORDING_WRITES_PER_MINUTE = 60;
/** Play Word fetches a recording as often as it would the spoken word (`/words/read`). */
export const RECORDING_READS_PER_MINUTE = 120;

// A recording can be replaced, so the browser revalidates with its ETag; never shared caches.
const CACHE_CONTROL = 'private, no-cache';

function matches(header: string | undefined, etag: string): boolean {
  return (
    typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  );
}

/**
 * `PUT`, `GET` and `DELETE /words/recording/{childId}/{wordId}`: the parent's own recording of
 * a word (issue 22). The PUT body is the audio itself; it is checked by its bytes.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const recordings = app.repositories.recordings;

  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    // In this scope only (the PUT): any body is read as bytes, whatever it says it is
    // (JSON and text included), and judged by checkRecording.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: RECORDING_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    raw.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.code(413).send({ error: 'recording_too_large', message: RECORDING_MESSAGES.tooLarge });
      throw err; // the app's handler answers everything else
    });

    raw.put(
      '/words/recording/:childId/:wordId',
      {
        schema: { params: WordParamsSchema, response: { 200: RecordingSchema } },
        config: { rateLimit: perParentRateLimit(app, RECORDING_WRITES_PER_MINUTE, 'recordings saved') },
      },
      async (request) => {
        const { childId, wordId } = request.params;
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const checked = await checkRecording(body);
        const saved = await recordings.save(request.parentId, childId, wordId, { ...checked, audio: body });
        if (!saved) throw notFound('Word not found');
        return { ...checked, bytes: body.length };
      },
    );
  });

  app.get(
    '/words/recording/:childId/:wordId',
    {
      schema: { params: WordParamsSchema },
      // Opus and AAC are compressed already.
      compress: false,
      config: { rateLimit: perParentRateLimit(app, RECORDING_READS_PER_MINUTE, 'recordings played') },
    },
    async (request, reply) => {
      const { childId, wordId } = request.params;
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined) {
        const known = await recordings.describe(request.parentId, childId, wordId);
        if (known && matches(ifNoneMatch, known.etag))
          return reply.code(304).header('etag', known.etag).header('cache-control', CACHE_CONTROL).send();
      }
      const recording = await recordings.find(request.parentId, childId, wordId);
      if (!recording) throw notFound('Recording not found');
      return reply
        .header('etag', recording.etag)
        .header('cache-control', CACHE_CONTROL)
        .type(recording.contentType)
        .send(recording.audio);
    },
  );

  app.delete(
    '/words/recording/:childId/:wordId',
    {
      schema: { params: WordParamsSchema, response: { 204: z.null() } },
      config: { rateLimit: perParentRateLimit(app, RECORDING_WRITES_PER_MINUTE, 'recordings saved') },
    },
    async (request, reply) => {
      const { childId, wordId } = request.params;
      const result = await recordings.delete(request.parentId, childId, wordId);
      if (result === 'not-found') throw notFound('Word not found');
      return reply.code(204).send(null);
    },
  );
};

export default routes;
