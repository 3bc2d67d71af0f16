import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  KID_MAX_ATTEMPTS,
  KidAnswerBodySchema,
  KidAnswerResultSchema,
  KidNextWordSchema,
  KidPracticeSchema,
  KidWordParamsSchema,
  KidWordSetParamsSchema,
  kidGrade,
  markAnswer,
  normaliseAnswer,
  type Language,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { createRecordingsRepository } from '../../../plugins/app/recordings/recordings-repository.js';
import { SpeechBusyError, SpeechTimeoutError } from '../../../plugins/app/speech/errors.js';
import { createWordsRepository } from '../../../plugins/app/words/words-repository.js';

/** Per device a minute: several times what a child does (a word is a play or two and up to three answers). */
export const KID_READS_PER_MINUTE = 300;
export const KID_ANSWERS_PER_MINUTE = 120;

function perDevice(max: number, tooMany: string) {
  return {
    max,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `kid:${request.kid.passId}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many ${tooMany}. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  };
}

/**
 * What a child's device may do (issue 36), and nothing else: its sets, the next word (never its
 * spelling before it is answered), the word's sound, and answers, graded by the server.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { kysely } = app.db;
  const m = app.config.rateLimitMultiplier;
  const words = createWordsRepository(app.db);
  const recordings = createRecordingsRepository(app.db);
  app.addHook('onRequest', app.authenticateKid);
  const reads = perDevice(KID_READS_PER_MINUTE * m, 'requests');

  /** The child's word, with its set's language, or undefined. */
  const childWord = (childId: string, wordId: string) =>
    kysely
      .selectFrom('words')
      .innerJoin('word_sets', 'word_sets.id', 'words.word_set_id')
      .select(['words.id', 'words.word_string', 'words.reading', 'word_sets.language'])
      .where('words.id', '=', wordId)
      .where('word_sets.child_id', '=', childId)
      .executeTakeFirst();

  app.get(
    '/kid/practice',
    { schema: { response: { 200: KidPracticeSchema } }, config: { rateLimit: reads } },
    async (request) => {
      const today = request.localToday();
      const sets = await kysely
        .selectFrom('word_sets')
        .select(['id', 'description', 'language', 'test_date'])
        .select((eb) =>
          eb
            .selectFrom('words')
            .select((w) => w.fn.countAll<number>().as('n'))
            .whereRef('words.word_set_id', '=', 'word_sets.id')
            .where((w) => w.or([w('next_review', 'is', null), w('next_review', '<=', today)]))
            .as('due'),
        )
        .where('child_id', '=', request.kid.childId)
        .where('test_date', '>=', today)
        .orderBy('test_date')
        .orderBy('id')
        .execute();
      return {
        child: { id: request.kid.childId, name: request.kid.childName },
        wordSets: sets.map((s) => ({
          id: s.id,
          description: s.description,
          language: s.language as Language,
          testDate: s.test_date,
          dueCount: Number(s.due ?? 0),
        })),
      };
    },
  );

  app.get(
    '/kid/word-sets/:wordSetId/next',
    {
      schema: { params: KidWordSetParamsSchema, response: { 200: KidNextWordSchema, 204: z.null() } },
      config: { rateLimit: reads },
    },
    async (request, reply) => {
      const today = request.localToday();
      const set = await kysely
        .selectFrom('word_sets')
        .select(['id', 'language'])
        .where('id', '=', request.params.wordSetId)
        .where('child_id', '=', request.kid.childId)
        .executeTakeFirst();
      if (!set) throw notFound('Word set not found');
      const due = await kysely
        .selectFrom('words')
        .leftJoin('word_recordings', 'word_recordings.word_id', 'words.id')
        .select(['words.id', 'words.reading', 'word_recordings.word_id as recorded'])
        .where('words.word_set_id', '=', set.id)
        .where((w) => w.or([w('words.next_review', 'is', null), w('words.next_review', '<=', today)]))
        .orderBy('words.position')
        .orderBy('words.id')
        .execute();
      const next = due[0];
      if (!next) return reply.code(204).send(null);
      return {
        id: next.id,
        language: set.language as Language,
        reading: set.language === 'Chinese' ? next.reading : null,
        hasRecording: next.recorded !== null,
        audioUrl: `/api/kid/words/${next.id}/audio`,
        remaining: due.length,
      };
    },
  );

  app.get(
    '/kid/words/:wordId/audio',
    { schema: { params: KidWordParamsSchema }, compress: false, config: { rateLimit: reads } },
    async (request, reply) => {
      const { childId, parentId } = request.kid;
      const word = await childWord(childId, request.params.wordId);
      if (!word) throw notFound('Word not found');
      // No caching by URL: the URL does not change when the parent records the word again.
      reply.header('cache-control', 'private, no-store');
      const recording = await recordings.find(parentId, childId, word.id);
      if (recording) return reply.type(recording.contentType).send(recording.audio);
      try {
        const spoken = await app.speech.read(
          word.word_string,
          word.language as Language,
          { id: parentId, ownsWord: async () => true },
          'normal',
          word.language === 'Chinese' ? word.reading : undefined,
        );
        return reply.type(spoken.contentType).send(spoken.audio);
      } catch (err) {
        if (err instanceof SpeechBusyError || err instanceof SpeechTimeoutError) {
          return reply
            .code(503)
            .header('retry-after', '2')
            .send({ error: 'speech_busy', message: err.message });
        }
        throw err;
      }
    },
  );

  app.post(
    '/kid/answers/:wordId',
    {
      schema: {
        params: KidWordParamsSchema,
        body: KidAnswerBodySchema,
        response: { 200: KidAnswerResultSchema },
      },
      config: { rateLimit: perDevice(KID_ANSWERS_PER_MINUTE * m, 'answers') },
    },
    async (request) => {
      const { childId, parentId } = request.kid;
      const { answer, attempt } = request.body;
      const word = await childWord(childId, request.params.wordId);
      if (!word) throw notFound('Word not found');
      const correct = normaliseAnswer(answer) === normaliseAnswer(word.word_string);
      const marks = markAnswer(answer, word.word_string);
      const done = correct || attempt >= KID_MAX_ATTEMPTS;
      if (!done) return { correct, marks };
      const grade = kidGrade(correct, attempt);
      // The same path as a parent's grade (scheduler, planner, statistics, undo), then the
      // review is marked as the child's with what the child typed.
      const key = `kid-${randomUUID()}`;
      const result = await words.grade(parentId, childId, word.id, {
        grade,
        today: request.localToday(),
        idempotencyKey: key,
        gradedBy: null,
      });
      if (result.status !== 'graded') throw notFound('Word not found');
      await kysely
        .updateTable('word_reviews')
        .set({ child_answer: answer.normalize('NFC').trim(), child_attempts: attempt })
        .where('child_id', '=', childId)
        .where('idempotency_key', '=', key)
        .execute();
      app.metrics?.grades.inc();
      return { correct, marks, expected: word.word_string, grade };
    },
  );
};

export default routes;
