import fp from 'fastify-plugin';
import { createClaimedRowQueue } from '../../modules/reminders/claimed-row-queue.js';
import { createPgBossQueue } from '../../modules/reminders/pg-boss-queue.js';
import type { ReminderQueue } from '../../modules/reminders/reminder-queue.js';
import {
  createRemindersRepository,
  type RemindersRepository,
} from '../../modules/reminders/reminders-repository.js';
import { createRemindersService, type RemindersService } from '../../modules/reminders/reminders-service.js';
import {
  createUnsubscribeTokens,
  type UnsubscribeTokens,
} from '../../modules/reminders/unsubscribe-token.js';
import { readOrCreateVapidKeys } from '../../modules/reminders/vapid-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: {
      service: RemindersService;
      repository: RemindersRepository;
      tokens: UnsubscribeTokens;
      vapidPublicKey: string;
      queue: ReminderQueue;
    };
  }
}

export interface RemindersPluginOptions {
  /** Runs the timer that sends reminders (every REMINDER_CHECK_SECONDS); off by default under NODE_ENV=test (tests call tick). */
  timer?: boolean;
}

/** The first pass waits this long after the server is ready (migrations done, plugins up). */
const FIRST_PASS_DELAY_MS = 1000;

/** Issue 38: reminders by push and e-mail, as jobs in a queue on the database (decision record 015). */
export default fp<RemindersPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const vapid = config.reminders.vapidKeys ?? readOrCreateVapidKeys(config.dataDir);
    const tokens = createUnsubscribeTokens(config.jwtSecret);
    const repository = createRemindersRepository(app.db);
    const log = app.log.child({ module: 'reminders' });
    const queue =
      app.db.engine === 'postgres'
        ? createPgBossQueue({
            db: app.db,
            repo: repository,
            databaseSchema: config.databaseSchema,
            leaseMs: config.reminders.leaseMs,
            log,
          })
        : createClaimedRowQueue(repository, config.reminders.leaseMs);
    const service = createRemindersService({
      db: app.db,
      config,
      vapid,
      tokens,
      log,
      queue,
      readiness: app.repositories.readiness,
    });
    app.decorate('reminders', { service, repository, tokens, vapidPublicKey: vapid.publicKey, queue });

    let running: Promise<unknown> | undefined;
    const pass = () => {
      // A slow pass (many parents at one minute) is not overlapped by the next.
      if (running) return;
      running = service
        .tick()
        .catch((error: unknown) => app.log.error({ err: error }, 'reminder pass failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    if (options.timer ?? config.env !== 'test') {
      // The first pass soon after start: a reminder due while every server was down goes out.
      app.addHook('onReady', async () => {
        timer = setTimeout(function next() {
          pass();
          timer = setTimeout(next, config.reminders.checkMs).unref();
        }, FIRST_PASS_DELAY_MS).unref();
      });
    }
    app.addHook('onClose', async () => {
      if (timer) clearTimeout(timer);
      await running;
      await queue.stop();
      service.close();
    });
  },
  { name: 'reminders', dependencies: ['config', 'db', 'repositories'] },
);
