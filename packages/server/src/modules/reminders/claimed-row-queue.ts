import type { RemindersRepository } from './reminders-repository.js';
import type { ReminderJob, ReminderQueue, TakenReminder } from './reminder-queue.js';

/**
 * The queue on the embedded SQLite: the jobs of the current pass in memory (one server owns the
 * database file, and every pass enqueues again whatever is still due), each taken by claiming
 * its `reminder_sends` row (the primary key lets one claim through; a claim never marked sent
 * is claimed again once its lease is over).
 */
export function createClaimedRowQueue(repo: RemindersRepository, leaseMs: number): ReminderQueue {
  const pending = new Map<string, ReminderJob>();
  return {
    async enqueue(jobs) {
      for (const job of jobs) pending.set(`${job.parentId} ${job.day}`, job);
    },
    async take(now) {
      for (const [key, job] of pending) {
        pending.delete(key);
        if (await repo.claim(job.parentId, job.day, now, leaseMs)) return { ...job, id: key };
      }
      return undefined;
    },
    complete: (job: TakenReminder, now: Date) => repo.markSent(job.parentId, job.day, now),
    // The claim stays: the row is claimed again once its lease is over.
    async fail() {},
    async stop() {
      pending.clear();
    },
  };
}
