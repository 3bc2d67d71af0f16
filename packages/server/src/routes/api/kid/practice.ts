import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  KidAnswerBodySchema,
  KidAnswerResultSchema,
  KidAttemptConflictSchema,
  KidNextWordSchema,
  KidPracticeSchema,
  KidWordParamsSchema,
  KidWordSetParamsSchema,
  hanziOf,
  kidResult,
  type Language,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { readStrokeData } from '../../../lib/stroke-data.js';
import { nextAttempt } from '../../../modules/kid/kid-attempts.js';
import { SpeechBusyError, SpeechTimeoutError } from '../../../modules/speech/errors.js';

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
  const words = app.repositories.words;
  const recordings = app.repositories.recordings;
  const attempts = app.repositories.kidAttempts;
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
        attempt: nextAttempt(await attempts.find(request.kid.passId, next.id)),
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
        response: { 200: KidAnswerResultSchema, 409: KidAttemptConflictSchema },
      },
      config: { rateLimit: perDevice(KID_ANSWERS_PER_MINUTE * m, 'answers') },
    },
    async (request, reply) => {
      const { childId, parentId, passId } = request.kid;
      const body = request.body;
      const { attempt, answerId } = body;
      const word = await childWord(childId, request.params.wordId);
      if (!word) throw notFound('Word not found');
      if (body.kind === 'strokes' && word.language !== 'Chinese') {
        throw new HttpError(400, 'validation_error', 'Only a Chinese word is written in strokes.');
      }
      // What the review keeps: the typed text, or for the stroke quiz the word as written
      // (the quiz takes only right strokes) with its mistakes.
      const answer = body.kind === 'strokes' ? word.word_string : body.answer.normalize('NFC').trim();
      // The server counts the attempts (decision 018): the device's number must be the next
      // one, and the same answer key again is a retry, answered as before and not counted.
      const seen = await attempts.find(passId, word.id);
      if (seen && answerId !== undefined && seen.answerId === answerId && seen.attempts === attempt) {
        const again = kidResult(word.word_string, { typed: seen.lastAnswer, attempt: seen.attempts });
        return seen.grade !== null ? { ...again, expected: word.word_string, grade: seen.grade } : again;
      }
      const expected = nextAttempt(seen);
      const counted =
        attempt === expected && (await attempts.count(passId, word.id, seen, answer, answerId ?? null));
      if (!counted) {
        return reply.code(409).send({
          error: 'attempt_out_of_turn' as const,
          message: `This is try ${expected} at this word, not ${attempt}.`,
          attempt: expected,
        });
      }
      const answered = kidResult(
        word.word_string,
        body.kind === 'strokes' ? { strokes: body } : { typed: answer, attempt },
      );
      if (answered.grade === undefined) return answered;
      // The same path as a parent's grade (scheduler, planner, statistics, undo), then the
      // review is marked as the child's with what the child typed.
      const key = `kid-${randomUUID()}`;
      const graded = await words.grade(parentId, childId, word.id, {
        grade: answered.grade,
        today: request.localToday(),
        idempotencyKey: key,
        gradedBy: null,
      });
      if (graded.status !== 'graded') throw notFound('Word not found');
      await kysely
        .updateTable('word_reviews')
        .set({
          child_answer: answer,
          child_attempts: attempt,
          child_mistakes: body.kind === 'strokes' ? body.mistakes : null,
        })
        .where('child_id', '=', childId)
        .where('idempotency_key', '=', key)
        .execute();
      await attempts.finish(passId, word.id, answered.grade);
      app.metrics?.grades.inc();
      return answered;
    },
  );

  app.get(
    '/kid/words/:wordId/strokes',
    { schema: { params: KidWordParamsSchema }, config: { rateLimit: reads } },
    async (request, reply) => {
      const word = await childWord(request.kid.childId, request.params.wordId);
      if (!word) throw notFound('Word not found');
      if (word.language !== 'Chinese') throw notFound('Only a Chinese word has strokes');
      // The shapes hanzi-writer quizzes, in order, never the characters as text: the child
      // writes the word from memory (decision 018).
      const files = await Promise.all(hanziOf(word.word_string).map((char) => readStrokeData(char)));
      if (files.length === 0 || files.some((f) => f === null))
        throw notFound('No stroke order for this word');
      return reply
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(`{"characters":[${files.map((f) => f!.toString('utf8')).join(',')}]}`);
    },
  );
};

export default routes;
