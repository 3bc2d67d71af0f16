import nodemailer, { type Transporter } from 'nodemailer';
import webpush, { WebPushError } from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import { addDaysIso, reminderText, type ReminderChild, type ReminderPush } from '@spellwell/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createReadinessService, type ReadinessService } from '../readiness/readiness-service.js';
import { createWordSetsRepository } from '../word-sets/word-sets-repository.js';
import { endpointHost, pushEndpointAllowed } from './push-endpoints.js';
import { localClock, minutesOf, type LocalClock } from './local-clock.js';
import { reminderMessageId, reminderTag, reminderTopic } from './reminder-identity.js';
import type { ReminderQueue, TakenReminder } from './reminder-queue.js';
import { createRemindersRepository, type DueSettings } from './reminders-repository.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';
import type { VapidKeys } from './vapid-keys.js';

/** A reminder missed at its minute (every server down) still goes out this long after, not later. */
export const REMINDER_LATE_MAX_MINUTES = 3 * 60;
/** Parents whose reminders are sent at once by one server in one tick. */
const SEND_CONCURRENCY = 8;
/** A notification undelivered this long (the phone off all evening) is dropped by the push service. */
const PUSH_TTL_SECONDS = 4 * 60 * 60;
const NOTHING_DUE = 'Nothing is due tonight. SpellWell will remind you when words are due.';

export interface RemindersServiceOptions {
  db: Db;
  config: Config;
  vapid: VapidKeys;
  tokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
  queue: ReminderQueue;
  /** The app's readiness service (plugins/app/repositories.ts), whose speed fits grades share. */
  readiness?: ReadinessService;
}

export interface Recipient {
  parentId: string;
  emailAddress: string;
  push: boolean;
  email: boolean;
}

/** Issue 38: what tonight's reminder says, and sending it by push and by e-mail. */
export function createRemindersService(options: RemindersServiceOptions) {
  const { db, config, vapid, tokens, log, queue } = options;
  const repo = createRemindersRepository(db);
  const wordSets = createWordSetsRepository(db);
  const readiness = options.readiness ?? createReadinessService(db);
  const { reminders } = config;
  const mailer: Transporter | undefined = reminders.smtp
    ? nodemailer.createTransport(reminders.smtp.url)
    : undefined;

  async function childrenOf(parentId: string, today: string): Promise<ReminderChild[]> {
    const list = await readiness.listByParent(parentId, wordSets.listByParent(parentId, today), today);
    return list.map((child) => ({
      id: child.id,
      name: child.name,
      due: child.wordSets.reduce((sum, set) => sum + set.dueCount, 0),
      tests: child.wordSets.map((set) => ({
        description: set.description,
        testDate: set.testDate,
        expectedCorrect: set.readiness.expectedCorrect,
        wordCount: set.readiness.wordCount,
      })),
    }));
  }

  /** The message of `day`, or null when nothing is due and no test is near. */
  async function compose(parentId: string, day: string): Promise<ReminderPush | null> {
    const tag = reminderTag(parentId, day);
    const children = await childrenOf(parentId, day);
    const body = reminderText(children, day);
    if (body === null) return null;
    // The tap opens tonight's practice of the first child named (issue 38), the words due across
    // their sets, nearest test first (/tonight/:childId); with nothing due, their dashboard tab.
    const first = children.find((c) => body.includes(c.name)) ?? children[0];
    let url = `/dashboard/${parentId}`;
    if (first && first.due > 0) url = `/tonight/${first.id}`;
    else if (first) url = `/dashboard/${parentId}?${new URLSearchParams({ child: first.id })}`;
    return { title: 'SpellWell', body, url, tag };
  }

  /**
   * Sends to each of the parent's devices; the number the push services accepted. `topic`
   * (RFC 8030): a push service replaces an undelivered message of the same topic.
   */
  async function push(parentId: string, message: ReminderPush, topic: string): Promise<number> {
    const devices = await repo.subscriptions(parentId);
    const results = await Promise.all(
      devices.map(async (device) => {
        // Checked again here: the allowed list may have shrunk since the device was stored.
        if (!pushEndpointAllowed(device.endpoint, reminders.pushEndpointHosts)) {
          log.warn({ host: endpointHost(device.endpoint) }, 'push endpoint no longer allowed; skipped');
          return 0;
        }
        try {
          await webpush.sendNotification(
            { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
            JSON.stringify(message),
            {
              vapidDetails: { subject: reminders.vapidSubject, ...vapid },
              TTL: PUSH_TTL_SECONDS,
              topic,
              timeout: 10_000,
            },
          );
          return 1;
        } catch (error) {
          const status = error instanceof WebPushError ? error.statusCode : undefined;
          if (status === 404 || status === 410) {
            await repo.forget(device.id);
            log.info({ host: endpointHost(device.endpoint), status }, 'push subscription gone; removed');
          } else {
            log.warn(
              { host: endpointHost(device.endpoint), status, err: status ? undefined : error },
              'push failed',
            );
          }
          return 0;
        }
      }),
    );
    return results.reduce<number>((a, b) => a + b, 0);
  }

  async function email(recipient: Recipient, message: ReminderPush, key: string): Promise<boolean> {
    if (!mailer || !reminders.smtp || !reminders.publicUrl) return false;
    const unsubscribe = `${reminders.publicUrl}/api/reminders/unsubscribe?${new URLSearchParams({
      token: await tokens.sign(recipient.parentId),
    })}`;
    const open = `${reminders.publicUrl}${message.url}`;
    await mailer.sendMail({
      from: reminders.smtp.from,
      to: recipient.emailAddress,
      subject: message.body.length > 120 ? `${message.body.slice(0, 117)}...` : message.body,
      text: `${message.body}\n\nOpen SpellWell: ${open}\n\nTo stop these e-mails, open this link: ${unsubscribe}\n`,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
      messageId: reminderMessageId(recipient.parentId, key, new URL(reminders.publicUrl).hostname),
    });
    return true;
  }

  /**
   * To every channel the recipient has on. `key` names this reminder (the day, or the day's
   * test): sent again under the same key, it replaces the first (reminder-identity.ts).
   */
  async function deliver(recipient: Recipient, message: ReminderPush, key: string) {
    const pushed = recipient.push
      ? await push(recipient.parentId, message, reminderTopic(recipient.parentId, key))
      : 0;
    let emailed = false;
    if (recipient.email) {
      try {
        emailed = await email(recipient, message, key);
      } catch (error) {
        // The SMTP URL may hold a password, and a refusal may quote the address: log the
        // failure's code and its message with both cut out.
        const { code, message: text } = error as { code?: string; message?: string };
        const said = text?.replace(/smtps?:\/\/\S+/g, '[smtp]').replace(/[^\s<>@]+@[^\s<>@]+/g, '[address]');
        log.warn({ code, reason: said }, 'reminder e-mail failed');
      }
    }
    return { pushed, emailed };
  }

  /** The local day whose reminder is due at `now` by these settings, or null. */
  function dueDay(settings: DueSettings, now: Date): string | null {
    let clock: LocalClock;
    try {
      clock = localClock(settings.timeZone, now);
    } catch {
      // A zone this runtime no longer knows: that parent is skipped, not everyone after them.
      log.warn({ timeZone: settings.timeZone }, 'reminder time zone unknown; skipped');
      return null;
    }
    const late = clock.minutes - minutesOf(settings.time);
    if (!settings.days.includes(clock.weekday) || late < 0 || late > REMINDER_LATE_MAX_MINUTES) return null;
    return clock.day;
  }

  /**
   * Sends a job this server has taken; false when there is nothing to send any more. Read again
   * now, not when queued: the settings may have changed, a dead server's job may come back
   * too late for the evening, or its server may have died after marking it sent.
   */
  async function send(job: TakenReminder, now: Date): Promise<boolean> {
    const settings = await repo.enabledOf(job.parentId);
    if (!settings || dueDay(settings, now) !== job.day) return false;
    if (await repo.wasSent(job.parentId, job.day)) return false;
    const message = await compose(job.parentId, job.day);
    if (message) {
      await deliver(
        {
          parentId: job.parentId,
          emailAddress: settings.email_address,
          push: settings.push,
          email: settings.email,
        },
        message,
        job.day,
      );
    }
    return true;
  }

  return {
    compose,
    deliver,

    /** `POST /reminders/test`: one now, to every channel the parent has on, due words or not. */
    async sendTest(recipient: Recipient, today: string) {
      // Its own key: a test does not replace (nor is replaced by) tonight's reminder.
      const key = `${today} test`;
      const message = (await compose(recipient.parentId, today)) ?? {
        title: 'SpellWell',
        body: NOTHING_DUE,
        url: `/dashboard/${recipient.parentId}`,
      };
      return deliver(recipient, { ...message, tag: reminderTag(recipient.parentId, key) }, key);
    },

    /**
     * One pass of the minute timer, on every server: each parent whose reminder time has come
     * today (in their zone, on a chosen weekday, up to REMINDER_LATE_MAX_MINUTES late) and whose
     * day is not sent is enqueued (once, however many servers do it), then this server's workers
     * take jobs from the queue (its own, other servers', and those of servers that died) and
     * send them. The number this server sent.
     */
    async tick(now: Date = new Date()): Promise<number> {
      const utcToday = now.toISOString().slice(0, 10);
      const [enabled, settled] = await Promise.all([
        repo.enabled(),
        repo.settledSince(addDaysIso(utcToday, -2), now, reminders.leaseMs),
      ]);
      const due = enabled.flatMap((settings) => {
        const day = dueDay(settings, now);
        // Sent, or being sent: skipped without a write.
        return day === null || settled.has(`${settings.parentId} ${day}`)
          ? []
          : [{ parentId: settings.parentId, day }];
      });
      await queue.enqueue(due, now);
      let sent = 0;
      const worker = async () => {
        for (let job = await queue.take(now); job; job = await queue.take(now)) {
          try {
            if (await send(job, now)) sent += 1;
            await queue.complete(job, now);
          } catch (error) {
            log.error({ err: error }, 'reminder failed');
            // Taken again later; if even that fails, its lease runs out the same way.
            await queue.fail(job, error).catch(() => undefined);
          }
        }
      };
      await Promise.all(Array.from({ length: SEND_CONCURRENCY }, worker));
      await repo.forgetClaimsBefore(addDaysIso(utcToday, -3));
      return sent;
    },

    close: () => mailer?.close(),
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
