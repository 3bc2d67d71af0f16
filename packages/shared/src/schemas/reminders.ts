import { z } from 'zod';

/**
 * Reminders (issue 38): when and how a parent is told about tonight's words. `days` are the
 * weekdays to remind on, 0 Sunday to 6 Saturday (as `Date.getDay()` counts them); `time` is the
 * parent's own local time, in the time zone the app sent when the settings were saved.
 */
export const REMINDER_TIME_DEFAULT = '19:30';
export const REMINDER_DAYS_ALL = [0, 1, 2, 3, 4, 5, 6] as const;

export const REMINDER_MESSAGES = {
  time: 'time must be HH:MM on a 24-hour clock, from 00:00 to 23:59',
  days: 'days must be weekday numbers from 0 (Sunday) to 6 (Saturday), each at most once',
  emailOff: 'E-mail reminders are not set up on this server.',
  endpointRefused:
    'That push subscription is not from a known push service, so SpellWell will not send to it.',
} as const;

export const ReminderTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, REMINDER_MESSAGES.time);

export const ReminderDaysSchema = z
  .array(z.number().int().min(0).max(6), { error: REMINDER_MESSAGES.days })
  .max(7, REMINDER_MESSAGES.days)
  .refine((days) => new Set(days).size === days.length, REMINDER_MESSAGES.days);

/** `PUT /reminders`: the whole of a parent's reminder settings. */
export const ReminderSettingsSchema = z
  .object({
    time: ReminderTimeSchema,
    days: ReminderDaysSchema,
    push: z.boolean(),
    email: z.boolean(),
  })
  .strict();
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

/** `GET` and `PUT /reminders`: the settings, the zone they are read in, and what the server offers. */
export const ReminderSettingsAnswerSchema = z.object({
  time: z.string(),
  days: z.array(z.number().int()),
  push: z.boolean(),
  email: z.boolean(),
  timeZone: z.string(),
  /** Whether this server can send e-mail (SMTP_URL set); without it `email` cannot be turned on. */
  emailAvailable: z.boolean(),
  /** The address e-mail reminders go to (the Google account's). */
  emailAddress: z.string(),
});
export type ReminderSettingsAnswer = z.infer<typeof ReminderSettingsAnswerSchema>;

/** `POST /reminders/test`: what was sent. */
export const ReminderTestAnswerSchema = z.object({
  /** Devices the push service accepted the notification for. */
  pushed: z.number().int().min(0),
  emailed: z.boolean(),
});
export type ReminderTestAnswer = z.infer<typeof ReminderTestAnswerSchema>;

/** Devices a parent gets push reminders on at most; a new one past it replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/** `GET /push/key`: the server's VAPID public key, for `pushManager.subscribe`. */
export const PushKeySchema = z.object({ publicKey: z.string() });

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 6) / 8) === bytes, {
      message: `must hold ${bytes} bytes`,
    });

/** A push service's URL: printable ASCII (as every push service's is), so no broken text is stored. */
export const PushEndpointSchema = z
  .string()
  .max(1000)
  .regex(/^[\x21-\x7e]+$/, 'endpoint must be a URL in plain ASCII')
  .pipe(z.url({ protocol: /^https?$/ }));

/** `POST /push/subscriptions`: `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes). */
    p256dh: base64url(65),
    /** The shared authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/** `DELETE /push/subscriptions`: which device to stop sending to. */
export const PushUnsubscribeSchema = z.object({ endpoint: PushEndpointSchema }).strict();

/** What the service worker receives in a push (JSON). */
export const ReminderPushSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a tap on the notification leads (a path of the app). */
  url: z.string(),
  /** One per parent and day: a second notification with it replaces the first on screen. */
  tag: z.string().optional(),
});
export type ReminderPush = z.infer<typeof ReminderPushSchema>;
