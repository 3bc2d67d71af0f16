import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChildParamsSchema,
  CreateWordSetSchema,
  CreatedSchema,
  EditWordsSchema,
  ParentParamsSchema,
  TonightWordsSchema,
  PutTestResultSchema,
  TEST_RESULT_MESSAGES,
  TestResultSchema,
  TroubleWordsQuerySchema,
  TroubleWordsSchema,
  UpdateWordSetSchema,
  WordSetDetailSchema,
  WordSetSummarySchema,
  WordSetParamsSchema,
  WordSetsByChildSchema,
  parseWordEntries,
  parseWordList,
} from '@spellwell/shared';
import { z } from 'zod';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';
import { readingFor } from '../../../modules/word-sets/readings.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const wordSets = app.repositories.wordSets;
  const readiness = app.repositories.readiness;
  const rateLimit = perParentRateLimit(app, WRITES_PER_MINUTE.wordSets, 'changes to practices');

  app.get(
    '/word-sets/:parentId',
    {
      schema: { params: ParentParamsSchema, response: { 200: WordSetsByChildSchema } },
      config: { cache: true },
    },
    async (request) => {
      const { parentId } = request;
      if (request.params.parentId !== parentId) throw notFound('Parent not found');
      const today = request.localToday();
      return readiness.listByParent(parentId, wordSets.listByParent(parentId, today), today);
    },
  );

  app.get(
    '/child/:childId/word-sets/:wordSetId',
    {
      schema: { params: WordSetParamsSchema, response: { 200: WordSetDetailSchema } },
      config: { cache: true },
    },
    async (request) => {
      const { childId, wordSetId } = request.params;
      const [set, grades] = await Promise.all([
        wordSets.findDetail(request.parentId, childId, wordSetId),
        readiness.gradesOfChild(request.parentId, childId),
      ]);
      if (!set) throw notFound('Word set not found');
      return readiness.detail(set, grades, request.localToday());
    },
  );

  app.get(
    '/child/:childId/trouble-words',
    {
      schema: {
        params: ChildParamsSchema,
        querystring: TroubleWordsQuerySchema,
        response: { 200: TroubleWordsSchema },
      },
      // Not behind the read cache, which keys answers by path alone: `?language=` would share
      // one answer. The child's fitted speed is kept, so an answer replays each word once.
    },
    async (request) => {
      const words = await readiness.troubleWords(
        request.parentId,
        request.params.childId,
        request.localToday(),
        request.query.language,
      );
      if (!words) throw notFound('Child not found');
      return words;
    },
  );

  app.get(
    '/child/:childId/tonight-words',
    {
      schema: { params: ChildParamsSchema, response: { 200: TonightWordsSchema } },
      config: { cache: true },
    },
    async (request) => {
      const words = await readiness.tonightWords(
        request.parentId,
        request.params.childId,
        request.localToday(),
      );
      if (!words) throw notFound('Child not found');
      return words;
    },
  );

  app.patch(
    '/child/:childId/word-sets/:wordSetId',
    {
      schema: {
        params: WordSetParamsSchema,
        body: UpdateWordSetSchema,
        response: { 200: WordSetSummarySchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { childId, wordSetId } = request.params;
      const today = request.localToday();
      const set = await wordSets.update(request.parentId, childId, wordSetId, request.body, today);
      if (!set) throw notFound('Word set not found');
      return readiness.summary(request.parentId, childId, set, today);
    },
  );

  // Issue 34: the real test result, recorded after the test, replaced by a second PUT.
  app.put(
    '/child/:childId/word-sets/:wordSetId/test-result',
    {
      schema: { params: WordSetParamsSchema, body: PutTestResultSchema, response: { 200: TestResultSchema } },
      config: { rateLimit },
    },
    async (request) => {
      const { childId, wordSetId } = request.params;
      const stored = await wordSets.setTestResult(request.parentId, childId, wordSetId, request.body);
      if (!stored) throw notFound('Word set not found');
      if (stored === 'too_many')
        throw new HttpError(400, 'validation_error', TEST_RESULT_MESSAGES.totalOverWordCount);
      return stored;
    },
  );

  app.delete(
    '/child/:childId/word-sets/:wordSetId/test-result',
    { schema: { params: WordSetParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      const { childId, wordSetId } = request.params;
      if (!(await wordSets.clearTestResult(request.parentId, childId, wordSetId)))
        throw notFound('Word set not found');
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/child/:childId/word-sets/:wordSetId',
    { schema: { params: WordSetParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      const { childId, wordSetId } = request.params;
      if (!(await wordSets.remove(request.parentId, childId, wordSetId)))
        throw notFound('Word set not found');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/word-sets/create/:childId',
    {
      schema: { params: ChildParamsSchema, body: CreateWordSetSchema, response: { 201: CreatedSchema } },
      config: { rateLimit },
    },
    async (request, reply) => {
      const { words, ...fields } = request.body;
      const id = await wordSets.create(
        request.parentId,
        request.params.childId,
        fields,
        parseWordList(words),
      );
      if (!id) throw notFound('Child not found');
      // Background, so the first Play is instant: each word as it will be said (its reading).
      app.speech.warm(
        parseWordEntries(parseWordList(words), fields.language).map((w) => ({
          word: w.word,
          reading: readingFor(w.word, w.reading, fields.language),
        })),
        fields.language,
      );
      return reply.code(201).send({ id });
    },
  );

  app.post(
    '/word-sets/:childId/edit/:wordSetId',
    {
      schema: { params: WordSetParamsSchema, body: EditWordsSchema, response: { 200: CreatedSchema } },
      config: { rateLimit },
    },
    async (request) => {
      const { childId, wordSetId } = request.params;
      const id = await wordSets.editWords(
        request.parentId,
        childId,
        wordSetId,
        parseWordList(request.body.words),
      );
      if (!id) throw notFound('Word set not found');
      // Background speech for the new words, so the first Play is instant (never awaited).
      void wordSets.findDetail(request.parentId, childId, wordSetId).then(
        (set) =>
          set &&
          app.speech.warm(
            set.words.map((w) => ({ word: w.wordString, reading: w.reading })),
            set.language,
          ),
        () => {},
      );
      return { id };
    },
  );
};

export default routes;
