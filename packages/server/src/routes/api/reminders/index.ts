import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PushKeySchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  REMINDER_MESSAGES,
  ReminderSettingsAnswerSchema,
  ReminderSettingsSchema,
  ReminderTestAnswerSchema,
} from '@spellwell/shared';
import { HttpError, notFound } from '../../../lib/errors.js';
import { PUBLIC_READS_PER_MINUTE, rateLimitPerMinute } from '../../../modules/auth/session.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';
import { pushEndpointAllowed } from '../../../modules/reminders/push-endpoints.js';
import { unsubscribedPage } from './unsubscribed-page.js';

/** Issue 38: reminder settings, the parent's devices, a test reminder, and e-mail's unsubscribe link. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { repository, service, tokens, vapidPublicKey } = app.reminders;
  const { reminders } = app.config;
  const emailAvailable = reminders.smtp !== undefined;

  const emailOf = async (parentId: string) => {
    const row = await app.db.kysely
      .selectFrom('parents')
      .select('email')
      .where('id', '=', parentId)
      .executeTakeFirst();
    if (!row) throw notFound('Account not found');
    return row.email;
  };

  // Public: the link in every reminder e-mail. A plain GET turns e-mail off, with no sign-in
  // and no JavaScript; the signed token names the parent (unsubscribe-token.ts).
  app.get(
    '/reminders/unsubscribe',
    {
      schema: { querystring: z.object({ token: z.string().min(1).max(1000) }) },
      config: { rateLimit: rateLimitPerMinute(PUBLIC_READS_PER_MINUTE * app.config.rateLimitMultiplier) },
    },
    async (request, reply) => {
      const parentId = await tokens.verify(request.query.token);
      if (!parentId) throw new HttpError(400, 'bad_token', 'This unsubscribe link is not valid.');
      await repository.turnEmailOff(parentId);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribedPage());
    },
  );

  await app.register(async (plain) => {
    const signedIn = plain.withTypeProvider<ZodTypeProvider>();

    signedIn.get('/push/key', { schema: { response: { 200: PushKeySchema } } }, async () => ({
      publicKey: vapidPublicKey,
    }));

    signedIn.post(
      '/push/subscriptions',
      {
        schema: { body: PushSubscriptionSchema, response: { 201: z.object({ endpoint: z.string() }) } },
        config: { rateLimit: perParentRateLimit(app, WRITES_PER_MINUTE.pushSubscriptions, 'devices added') },
      },
      async (request, reply) => {
        const { endpoint } = request.body;
        if (!pushEndpointAllowed(endpoint, reminders.pushEndpointHosts)) {
          throw new HttpError(400, 'push_endpoint_refused', REMINDER_MESSAGES.endpointRefused);
        }
        if (!(await repository.subscribe(request.parentId, request.body)))
          throw notFound('Account not found');
        return reply.code(201).send({ endpoint });
      },
    );

    signedIn.delete(
      '/push/subscriptions',
      {
        schema: { body: PushUnsubscribeSchema, response: { 204: z.null() } },
        config: {
          rateLimit: perParentRateLimit(app, WRITES_PER_MINUTE.pushSubscriptions, 'devices removed'),
        },
      },
      async (request, reply) => {
        if (!(await repository.unsubscribe(request.parentId, request.body.endpoint))) {
          throw notFound('Device not found');
        }
        return reply.code(204).send(null);
      },
    );

    const answer = async (parentId: string, fallbackZone: string) => {
      const [settings, emailAddress] = await Promise.all([repository.settings(parentId), emailOf(parentId)]);
      return {
        time: settings.time,
        days: settings.days,
        push: settings.push,
        email: settings.email && emailAvailable,
        timeZone: settings.timeZone ?? fallbackZone,
        emailAvailable,
        emailAddress,
      };
    };

    signedIn.get(
      '/reminders',
      { schema: { response: { 200: ReminderSettingsAnswerSchema } } },
      async (request) => answer(request.parentId, request.timeZone),
    );

    // Saved with the zone the app sends (X-Time-Zone): reminders come at the parent's own hour.
    signedIn.put(
      '/reminders',
      {
        schema: { body: ReminderSettingsSchema, response: { 200: ReminderSettingsAnswerSchema } },
        config: {
          rateLimit: perParentRateLimit(app, WRITES_PER_MINUTE.reminderSettings, 'changes to reminders'),
        },
      },
      async (request) => {
        if (request.body.email && !emailAvailable) {
          throw new HttpError(400, 'email_unavailable', REMINDER_MESSAGES.emailOff);
        }
        if (!(await repository.saveSettings(request.parentId, request.body, request.timeZone))) {
          throw notFound('Account not found');
        }
        return answer(request.parentId, request.timeZone);
      },
    );

    signedIn.post(
      '/reminders/test',
      {
        schema: { response: { 200: ReminderTestAnswerSchema } },
        config: { rateLimit: perParentRateLimit(app, REMINDER_TESTS_PER_MINUTE, 'test reminders') },
      },
      async (request) => {
        const [settings, emailAddress] = await Promise.all([
          repository.settings(request.parentId),
          emailOf(request.parentId),
        ]);
        return service.sendTest(
          { parentId: request.parentId, emailAddress, push: settings.push, email: settings.email },
          request.localToday(),
        );
      },
    );
  });
};

/** Each test sends a real e-mail and a notification to every device: a few are plenty. */
export const REMINDER_TESTS_PER_MINUTE = 5;

export default routes;
