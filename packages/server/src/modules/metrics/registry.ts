import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database.js';

/** Seconds; from a cached read (about a millisecond) to a slow scan (tens of seconds). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const WORK_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Every metric this server exports, in its own registry (not prom-client's global one), so
 * several apps in one process (tests) keep separate counts. Labels are bounded sets only:
 * route patterns, methods, status codes, languages, outcomes; never an id.
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  // Process memory, CPU, handles and event-loop delay (perf_hooks.monitorEventLoopDelay).
  collectDefaultMetrics({ register: registry });
  const metric = { registers: [registry] };

  const requests = new Counter({
    ...metric,
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
  });
  const requestSeconds = new Histogram({
    ...metric,
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
  });
  const grades = new Counter({
    ...metric,
    name: 'spellwell_grades_recorded_total',
    help: 'Grades stored (a replayed idempotent grade counts once per answer)',
  });
  const scanSeconds = new Histogram({
    ...metric,
    name: 'spellwell_scan_duration_seconds',
    help: 'Worksheet scans (OCR), queueing included, by language and outcome',
    labelNames: ['language', 'outcome'] as const,
    buckets: WORK_BUCKETS,
  });
  const scansInProgress = new Gauge({
    ...metric,
    name: 'spellwell_scans_in_progress',
    help: 'Scans queued or running now',
  });
  const speechSeconds = new Histogram({
    ...metric,
    name: 'spellwell_speech_synthesis_duration_seconds',
    help: 'Speech syntheses (cache misses only), queueing included, by engine and outcome',
    labelNames: ['engine', 'outcome'] as const,
    buckets: WORK_BUCKETS,
  });
  const speechInProgress = new Gauge({
    ...metric,
    name: 'spellwell_speech_syntheses_in_progress',
    help: 'Speech syntheses queued or running now',
  });
  new Gauge({
    ...metric,
    name: 'spellwell_db_connections',
    help: 'Database connections: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    collect() {
      const pool = db.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    requests,
    requestSeconds,
    grades,
    scanSeconds,
    scansInProgress,
    speechSeconds,
    speechInProgress,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
