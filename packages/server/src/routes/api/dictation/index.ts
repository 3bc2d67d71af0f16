import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChildParamsSchema,
  CreatePrintedSheetSchema,
  DictationSettingsSchema,
  PRINTED_SHEET_MESSAGES,
  PrintedSheetParamsSchema,
  PrintedSheetSchema,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';

/** Dictation (issue 20): a child's pause setting, and printed sheets for grading later. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.repositories.dictationSettings;
  const sheets = app.repositories.printedSheets;
  const settingsPath = '/child/:childId/dictation-settings';

  app.get(
    settingsPath,
    { schema: { params: ChildParamsSchema, response: { 200: DictationSettingsSchema } } },
    async (request) => {
      const found = await settings.get(request.parentId, request.params.childId);
      if (!found) throw notFound('Child not found');
      return found;
    },
  );

  app.put(
    settingsPath,
    {
      schema: {
        params: ChildParamsSchema,
        body: DictationSettingsSchema,
        response: { 200: DictationSettingsSchema },
      },
      config: {
        rateLimit: perParentRateLimit(app, WRITES_PER_MINUTE.dictationSettings, 'changes to settings'),
      },
    },
    async (request) => {
      const saved = await settings.set(request.parentId, request.params.childId, request.body);
      if (!saved) throw notFound('Child not found');
      return saved;
    },
  );

  app.post(
    '/child/:childId/printed-sheets',
    {
      schema: {
        params: ChildParamsSchema,
        body: CreatePrintedSheetSchema,
        response: { 201: PrintedSheetSchema },
      },
      config: { rateLimit: perParentRateLimit(app, WRITES_PER_MINUTE.printedSheets, 'sheets printed') },
    },
    async (request, reply) => {
      const { childId } = request.params;
      const result = await sheets.create(
        request.parentId,
        childId,
        request.body.wordSetId,
        request.localToday(),
      );
      switch (result.status) {
        case 'created':
          return reply.code(201).send(result.sheet);
        case 'not-found':
          throw notFound(request.body.wordSetId ? 'Word set not found' : 'Child not found');
        case 'nothing-due':
          throw new HttpError(422, 'nothing_due', 'No words are due today, so there is nothing to print.');
        case 'too-large':
          throw new HttpError(422, 'sheet_too_large', PRINTED_SHEET_MESSAGES.tooLarge);
      }
    },
  );

  app.get(
    '/child/:childId/printed-sheets/:sheetId',
    { schema: { params: PrintedSheetParamsSchema, response: { 200: PrintedSheetSchema } } },
    async (request) => {
      const { childId, sheetId } = request.params;
      const sheet = await sheets.read(request.parentId, childId, sheetId);
      if (!sheet) throw notFound('Sheet not found');
      return sheet;
    },
  );
};

export default routes;
