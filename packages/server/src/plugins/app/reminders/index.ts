import fp from 'fastify-plugin';
import { createRemindersRepository, type RemindersRepository } from './reminders-repository.js';
import { createRemindersService, type RemindersService } from './reminders-service.js';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.js';
import { readOrCreateVapidKeys } from './vapid-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: {
      service: RemindersService;
      repository: RemindersRepository;
      tokens: UnsubscribeTokens;
      vapidPublicKey: string;
    };
  }
}

export interface RemindersPluginOptions {
  /** Runs the minute timer that sends reminders; off by default under NODE_ENV=test (tests call tick). */
  timer?: boolean;
}

/** How often each server looks for reminders whose time has come. */
export const REMINDER_TICK_MS = 60_000;

/** Issue 38: reminders by push and e-mail, sent by whichever server claims each one first. */
export default fp<RemindersPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const vapid = config.reminders.vapidKeys ?? readOrCreateVapidKeys(config.dataDir);
    const tokens = createUnsubscribeTokens(config.jwtSecret);
    const service = createRemindersService({
      db: app.db,
      config,
      vapid,
      tokens,
      log: app.log.child({ module: 'reminders' }),
    });
    app.decorate('reminders', {
      service,
      repository: createRemindersRepository(app.db),
      tokens,
      vapidPublicKey: vapid.publicKey,
    });

    let running: Promise<unknown> | undefined;
    const timer =
      (options.timer ?? config.env !== 'test')
        ? setInterval(() => {
            // A slow pass (many parents at one minute) is not overlapped by the next.
            if (running) return;
            running = service
              .tick()
              .catch((error: unknown) => app.log.error({ err: error }, 'reminder pass failed'))
              .finally(() => {
                running = undefined;
              });
          }, REMINDER_TICK_MS)
        : undefined;
    timer?.unref();
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
      service.close();
    });
  },
  { name: 'reminders', dependencies: ['config', 'db'] },
);
