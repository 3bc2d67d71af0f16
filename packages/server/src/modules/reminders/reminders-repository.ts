import { randomUUID } from 'node:crypto';
import {
  PUSH_SUBSCRIPTIONS_MAX,
  REMINDER_DAYS_ALL,
  REMINDER_TIME_DEFAULT,
  type PushSubscriptionJson,
  type ReminderSettings,
} from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import { unlessDeletedMeanwhile } from '../../db/deleted-meanwhile.js';
import { nowIso } from '../../db/timestamps.js';

export interface StoredReminderSettings extends ReminderSettings {
  timeZone: string | null;
}

export interface DueSettings extends ReminderSettings {
  parentId: string;
  email_address: string;
  timeZone: string;
}

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const DEFAULTS: ReminderSettings = {
  time: REMINDER_TIME_DEFAULT,
  days: [...REMINDER_DAYS_ALL],
  push: false,
  email: false,
};
const daysOf = (digits: string) => [...digits].map(Number).filter((d) => d >= 0 && d <= 6);

/** Reminder settings, push subscriptions and the daily claims (issue 38), always by parent. */
export function createRemindersRepository({ kysely }: Db) {
  async function enabledWhere(parentId?: string): Promise<DueSettings[]> {
    let query = kysely
      .selectFrom('reminder_settings')
      .innerJoin('parents', 'parents.id', 'reminder_settings.parent_id')
      .select([
        'reminder_settings.parent_id',
        'reminder_settings.time',
        'reminder_settings.days',
        'reminder_settings.push',
        'reminder_settings.email',
        'reminder_settings.time_zone',
        'parents.email as email_address',
      ])
      .where((eb) => eb.or([eb('reminder_settings.push', '=', 1), eb('reminder_settings.email', '=', 1)]))
      .where('reminder_settings.days', '!=', '');
    if (parentId !== undefined) query = query.where('reminder_settings.parent_id', '=', parentId);
    const rows = await query.execute();
    return rows.map((r) => ({
      parentId: r.parent_id,
      time: r.time,
      days: daysOf(r.days),
      push: Boolean(r.push),
      email: Boolean(r.email),
      timeZone: r.time_zone,
      email_address: r.email_address,
    }));
  }

  return {
    async settings(parentId: string): Promise<StoredReminderSettings> {
      const row = await kysely
        .selectFrom('reminder_settings')
        .selectAll()
        .where('parent_id', '=', parentId)
        .executeTakeFirst();
      if (!row) return { ...DEFAULTS, timeZone: null };
      return {
        time: row.time,
        days: daysOf(row.days),
        push: Boolean(row.push),
        email: Boolean(row.email),
        timeZone: row.time_zone,
      };
    },

    /** False when the parent no longer exists. */
    async saveSettings(parentId: string, settings: ReminderSettings, timeZone: string): Promise<boolean> {
      const values = {
        time: settings.time,
        days: [...settings.days].sort().join(''),
        push: settings.push ? 1 : 0,
        email: settings.email ? 1 : 0,
        time_zone: timeZone,
        updated_at: nowIso(),
      };
      const write = () =>
        kysely
          .insertInto('reminder_settings')
          .values({ parent_id: parentId, ...values })
          .onConflict((oc) => oc.column('parent_id').doUpdateSet(values))
          .execute()
          .then(() => true);
      return unlessDeletedMeanwhile(write, false);
    },

    /** Turns e-mail off (the unsubscribe link); false when the parent has no settings row. */
    async turnEmailOff(parentId: string): Promise<boolean> {
      const result = await kysely
        .updateTable('reminder_settings')
        .set({ email: 0, updated_at: nowIso() })
        .where('parent_id', '=', parentId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every parent with a channel on and a weekday chosen, with the address e-mail goes to. */
    enabled: (): Promise<DueSettings[]> => enabledWhere(),

    /** One parent's, as `enabled` (undefined when off, or the parent is gone). */
    enabledOf: async (parentId: string): Promise<DueSettings | undefined> =>
      (await enabledWhere(parentId))[0],

    /**
     * Stores a device (201). An endpoint is one browser: signing in on it as another parent
     * moves it to them. Past PUSH_SUBSCRIPTIONS_MAX a parent's oldest device is let go.
     */
    async subscribe(parentId: string, subscription: PushSubscriptionJson): Promise<boolean> {
      const createdAt = nowIso();
      const { endpoint, keys } = subscription;
      const write = () =>
        kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto('push_subscriptions')
            .values({
              id: randomUUID(),
              parent_id: parentId,
              endpoint,
              p256dh: keys.p256dh,
              auth: keys.auth,
              created_at: createdAt,
            })
            .onConflict((oc) =>
              oc.column('endpoint').doUpdateSet({
                parent_id: parentId,
                p256dh: keys.p256dh,
                auth: keys.auth,
                created_at: createdAt,
              }),
            )
            .execute();
          const keep = trx
            .selectFrom('push_subscriptions')
            .select('id')
            .where('parent_id', '=', parentId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(PUSH_SUBSCRIPTIONS_MAX);
          await trx
            .deleteFrom('push_subscriptions')
            .where('parent_id', '=', parentId)
            .where('id', 'not in', (eb) => eb.selectFrom(keep.as('keep')).select('keep.id'))
            .execute();
          return true;
        });
      return unlessDeletedMeanwhile(write, false);
    },

    /** False when the parent has no such device. */
    async unsubscribe(parentId: string, endpoint: string): Promise<boolean> {
      const result = await kysely
        .deleteFrom('push_subscriptions')
        .where('parent_id', '=', parentId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    subscriptions: (parentId: string): Promise<StoredSubscription[]> =>
      kysely
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('parent_id', '=', parentId)
        .orderBy('created_at')
        .execute(),

    /** A device its push service says is gone (404 or 410). */
    async forget(subscriptionId: string): Promise<void> {
      await kysely.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
    },

    /**
     * Claims the parent's reminder of `day` for this server: true for exactly one caller however
     * many servers ask at once (the row's primary key decides), and again later only when that
     * claim was never marked sent within `leaseMs` (its server died mid-send).
     */
    async claim(parentId: string, day: string, now: Date, leaseMs: number): Promise<boolean> {
      const claimedAt = now.toISOString();
      const inserted = await unlessDeletedMeanwhile(
        () =>
          kysely
            .insertInto('reminder_sends')
            .values({ parent_id: parentId, day, claimed_at: claimedAt, sent_at: null })
            .onConflict((oc) => oc.columns(['parent_id', 'day']).doNothing())
            .executeTakeFirst(),
        null,
      );
      if (inserted === null) return false;
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      const stale = new Date(now.getTime() - leaseMs).toISOString();
      const taken = await kysely
        .updateTable('reminder_sends')
        .set({ claimed_at: claimedAt })
        .where('parent_id', '=', parentId)
        .where('day', '=', day)
        .where('sent_at', 'is', null)
        .where('claimed_at', '<', stale)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    /** The day's row marked sent, made if there is none (pg-boss claims in its own tables). */
    async markSent(parentId: string, day: string, now: Date): Promise<void> {
      const at = now.toISOString();
      await unlessDeletedMeanwhile(
        () =>
          kysely
            .insertInto('reminder_sends')
            .values({ parent_id: parentId, day, claimed_at: at, sent_at: at })
            .onConflict((oc) => oc.columns(['parent_id', 'day']).doUpdateSet({ sent_at: at }))
            .execute(),
        null,
      );
    },

    async wasSent(parentId: string, day: string): Promise<boolean> {
      const row = await kysely
        .selectFrom('reminder_sends')
        .select('sent_at')
        .where('parent_id', '=', parentId)
        .where('day', '=', day)
        .executeTakeFirst();
      return Boolean(row?.sent_at);
    },

    /**
     * The days from `since` on that need nothing more, as "parentId day": sent, or claimed
     * within the lease (being sent). A claim past its lease is left out, to be claimed again.
     */
    async settledSince(since: string, now: Date, leaseMs: number): Promise<Set<string>> {
      const stale = new Date(now.getTime() - leaseMs).toISOString();
      const rows = await kysely
        .selectFrom('reminder_sends')
        .select(['parent_id', 'day'])
        .where('day', '>=', since)
        .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('claimed_at', '>=', stale)]))
        .execute();
      return new Set(rows.map((r) => `${r.parent_id} ${r.day}`));
    },

    /** Claims older than `before` (a day) are no longer needed. */
    async forgetClaimsBefore(before: string): Promise<void> {
      await kysely.deleteFrom('reminder_sends').where('day', '<', before).execute();
    },
  };
}
export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
