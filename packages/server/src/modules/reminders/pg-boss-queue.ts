import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { reminderJobId } from './reminder-identity.js';
import type { RemindersRepository } from './reminders-repository.js';
import type { ReminderJob, ReminderQueue } from './reminder-queue.js';

const QUEUE = 'spellwell-reminder';
/** A job whose sends kept failing (the database away, say) is tried this often, then left failed. */
const RETRY_LIMIT = 5;
/** pg-boss looks for jobs past their lease at most this often (and at least every lease). */
const MAINTENANCE_MAX_SECONDS = 120;

/**
 * pg-boss's own tables live in a schema of their own beside the app's: `<schema>_pgboss`, or
 * `pgboss` beside public, so a test's schema and its queue go together.
 */
export function pgBossSchema(databaseSchema: string | undefined): string {
  return databaseSchema ? `${databaseSchema}_pgboss` : 'pgboss';
}

/**
 * pg-boss's statements on the app's pool, each on one connection that goes back clean: its
 * schema install is `BEGIN; …; COMMIT` in one text, and when two servers race to install, the
 * loser's error (expected, caught by pg-boss) would otherwise leave that connection inside an
 * aborted transaction, failing the next request that gets it (seen: a sign-in answered 500).
 */
async function executeSql(db: Db, text: string, values: unknown[]) {
  return db.kysely.connection().execute(async (connection) => {
    try {
      return await connection.executeQuery(CompiledQuery.raw(text, values));
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
      throw error;
    }
  });
}

export interface PgBossQueueOptions {
  db: Db;
  repo: RemindersRepository;
  databaseSchema: string | undefined;
  leaseMs: number;
  log: FastifyBaseLogger;
}

/**
 * The queue on PostgreSQL: pg-boss, on the app's own connection pool (no second pool). A job's
 * id is derived from (parent, day), so the job table's primary key makes every server's
 * enqueue of it after the first a no-op; `fetch` hands a job to one server (SKIP LOCKED), and
 * pg-boss's maintenance puts a job back once it has been active longer than its lease (its
 * server died), for the next server's pass. Started on the first pass, not with the server:
 * a server that never sends (a test) creates no queue tables.
 */
export function createPgBossQueue({
  db,
  repo,
  databaseSchema,
  leaseMs,
  log,
}: PgBossQueueOptions): ReminderQueue {
  const leaseSeconds = Math.max(1, Math.round(leaseMs / 1000));
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[] = []) => executeSql(db, text, values) },
    schema: pgBossSchema(databaseSchema),
    // Only its maintenance (leases, archive): no cron, no state monitor, no timers of our own.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: Math.min(MAINTENANCE_MAX_SECONDS, leaseSeconds),
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'reminder queue error'));
  // pg-boss's create_queue (a table attached as a partition) is not locked: servers creating
  // the queue at once deadlock (seen in the three-server test). One at a time, across servers.
  const createQueue = () =>
    db.kysely.connection().execute(async (one) => {
      const key = `${pgBossSchema(databaseSchema)}.${QUEUE}`;
      await sql`SELECT pg_advisory_lock(hashtext(${key}))`.execute(one);
      try {
        await boss.createQueue(QUEUE);
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(one);
      }
    });
  let started: Promise<void> | undefined;
  const ready = () =>
    (started ??= boss
      .start()
      .then(createQueue)
      .catch((error: unknown) => {
        started = undefined;
        throw error;
      }));

  return {
    async enqueue(jobs: readonly ReminderJob[]) {
      if (jobs.length === 0) return;
      await ready();
      await boss.insert(
        jobs.map((job) => ({
          id: reminderJobId(job.parentId, job.day),
          name: QUEUE,
          data: { parentId: job.parentId, day: job.day },
          expireInSeconds: leaseSeconds,
          retryLimit: RETRY_LIMIT,
          // Retried by the next pass (passes are REMINDER_CHECK_SECONDS apart).
          retryDelay: 0,
        })),
      );
    },
    async take() {
      await ready();
      const [job] = await boss.fetch<ReminderJob>(QUEUE, { batchSize: 1 });
      return job ? { id: job.id, parentId: job.data.parentId, day: job.data.day } : undefined;
    },
    async complete(job, now) {
      // Marked sent first: a server dying between the two leaves a job that, taken again,
      // finds the day sent and completes without sending.
      await repo.markSent(job.parentId, job.day, now);
      await boss.complete(QUEUE, job.id);
    },
    async fail(job, error) {
      await boss.fail(QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });
    },
    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      // Nothing of ours is in pg-boss's hands (we fetch, it does not run handlers): stop now.
      await boss.stop({ graceful: false, close: false });
    },
  };
}
