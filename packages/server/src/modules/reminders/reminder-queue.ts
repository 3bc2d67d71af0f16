/**
 * The reminders of the day as jobs (issue 38, item 4; decision record 015). The minute tick
 * enqueues every parent whose time has come; workers take jobs one at a time, send, and
 * complete them. One interface, two implementations, the same sending code over both:
 * - PostgreSQL: pg-boss (pg-boss-queue.ts), so any number of servers share one queue;
 * - SQLite: a claimed row per parent and day (claimed-row-queue.ts); one server owns the file.
 * Either way a job is taken by one server at a time, and a job taken by a server that died
 * is taken again by another once its lease (REMINDER_LEASE_SECONDS) is over: never lost, and
 * repeated only when the server died after the push service took the message (made harmless
 * by the push Topic, the notification tag and the e-mail Message-ID: reminder-identity.ts).
 */
export interface ReminderJob {
  parentId: string;
  /** The parent's local day, YYYY-MM-DD. */
  day: string;
}

export interface TakenReminder extends ReminderJob {
  /** The queue's own handle of the job. */
  id: string;
}

export interface ReminderQueue {
  /** Queues each (parent, day) at most once however often and by whichever server it is asked. */
  enqueue(jobs: readonly ReminderJob[], now: Date): Promise<void>;
  /** The next job for this server to send, now its alone until done or its lease is over. */
  take(now: Date): Promise<TakenReminder | undefined>;
  /** Sent (or nothing to send): marked in `reminder_sends`, never taken again. */
  complete(job: TakenReminder, now: Date): Promise<void>;
  /** Failed here: taken again later (by any server). */
  fail(job: TakenReminder, error: unknown): Promise<void>;
  /** Stops timers and gives back nothing: a job in hand is taken again after its lease. */
  stop(): Promise<void>;
}
