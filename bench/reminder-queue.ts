/**
 * Issue 38, item 4: what putting reminders on pg-boss costs a PostgreSQL server's pass, against
 * the claimed-row queue (the way before it, still SQLite's) on the same database in the same
 * run. 1,000 parents (or argv[2]) with reminders on at 19:30 Singapore time, each with a child,
 * ten due words and one device at a local HTTPS push stand-in; the same three passes as
 * bench/reminders.ts (nobody due, everyone due, everyone sent), each queue in turn, twice
 * (ABAB, so a busy machine's drift falls on both), the medians compared.
 * `TEST_DATABASE_URL=postgres://… npx tsx bench/reminder-queue.ts [parents]`
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { localDate } from '@spellwell/shared';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { createClaimedRowQueue } from '../packages/server/src/modules/reminders/claimed-row-queue.js';
import { pgBossSchema } from '../packages/server/src/modules/reminders/pg-boss-queue.js';
import { createRemindersService } from '../packages/server/src/modules/reminders/reminders-service.js';
import { readOrCreateVapidKeys } from '../packages/server/src/modules/reminders/vapid-keys.js';
import { startPushEndpoint } from '../packages/server/test/support/push-endpoint.js';
import { seed } from './reminders.js';
import { fmt, isMain, table } from './lib/report.js';

const PASSES = [
  ['19:29, nobody due', '19:29'],
  ['19:31, everyone due', '19:31'],
  ['19:32, everyone sent', '19:32'],
] as const;
const ROUNDS = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function admin(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function measure(url: string, parents: number) {
  const push = await startPushEndpoint();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-bench-queue-'));
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  await admin(url, `CREATE SCHEMA ${schema}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUSH_ENDPOINT_HOSTS: push.host,
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
  });
  const app = await buildApp(config, { logger: false, serveWeb: false });
  await app.ready();
  const devices = Array.from({ length: parents }, () => push.newDevice());
  let next = 0;
  await seed(app, parents, () => devices[next++]!.subscription);

  const pgBoss = app.reminders.service;
  const claimedRow = createRemindersService({
    db: app.db,
    config,
    vapid: config.reminders.vapidKeys ?? readOrCreateVapidKeys(config.dataDir),
    tokens: app.reminders.tokens,
    log: app.log,
    queue: createClaimedRowQueue(app.reminders.repository, config.reminders.leaseMs),
  });
  const day = localDate('Asia/Singapore');
  const at = (hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`);
  // pg-boss installs its schema on the first pass of a server's life: measured on its own.
  const installStarted = performance.now();
  await app.reminders.queue.take(at('19:29'));
  const installMs = performance.now() - installStarted;

  const wall = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [queue, service] of [
      ['claimed row', claimedRow],
      ['pg-boss', pgBoss],
    ] as const) {
      // The same evening again: no day sent, no job queued, no push received.
      await app.db.kysely.deleteFrom('reminder_sends').execute();
      await admin(url, `DELETE FROM ${pgBossSchema(schema)}.job`);
      for (const d of devices) d.received.length = 0;
      for (const [label, time] of PASSES) {
        const started = performance.now();
        const sent = await service.tick(at(time));
        const ms = performance.now() - started;
        if (label.includes('everyone due') && sent !== parents) throw new Error(`${queue}: sent ${sent}`);
        const key = `${queue}\t${label}`;
        wall.set(key, [...(wall.get(key) ?? []), ms]);
      }
      const once = devices.filter((d) => d.received.length === 1).length;
      if (once !== parents) throw new Error(`${queue}: ${once} of ${parents} devices got exactly one`);
    }
  }
  await app.close();
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
  await admin(url, `DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${pgBossSchema(schema)} CASCADE`);

  const rows = PASSES.map(([label]) => {
    const base = median(wall.get(`claimed row\t${label}`)!);
    const boss = median(wall.get(`pg-boss\t${label}`)!);
    return [fmt.int(parents), label, fmt.ms(base), fmt.ms(boss), `${(boss / base).toFixed(2)}×`];
  });
  return { rows, installMs };
}

if (isMain(import.meta.url)) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('needs TEST_DATABASE_URL (a PostgreSQL to make a schema in)');
  const parents = Number(process.argv[2] ?? 1000);
  const { rows, installMs } = await measure(url, parents);
  console.info(table(['parents', 'pass', 'claimed row (baseline)', 'pg-boss', 'pg-boss / baseline'], rows));
  console.info(`\npg-boss's first start (its schema installed): ${fmt.ms(installMs)}`);
}
