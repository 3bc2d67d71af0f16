/**
 * Issue 38: what one reminder pass costs a server. N parents have reminders on at 19:30
 * (Singapore), each with a child, ten due words and one device at a local HTTPS push stand-in.
 * Three passes: 19:29 (nobody due: what every server pays every minute), 19:31 (everyone due:
 * N reminders composed, encrypted and pushed) and 19:32 (everyone sent: the minute after).
 * `npx tsx bench/reminders.ts [parents]`; with TEST_DATABASE_URL, on PostgreSQL too.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDaysIso, localDate } from '@spellwell/shared';
import { buildApp, type App } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { startPushEndpoint } from '../packages/server/test/support/push-endpoint.js';
import { fmt, isMain, table } from './lib/report.js';

/** Parents per batch: ten words each stays inside SQLite's 32,766 parameters. */
const BATCH = 250;

export async function seed(
  app: App,
  parents: number,
  endpoint: () => { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  const at = new Date().toISOString();
  const today = localDate('Asia/Singapore');
  for (let start = 0; start < parents; start += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, parents - start) }, () => randomUUID());
    const children = ids.map((parent) => ({
      id: randomUUID(),
      parent_id: parent,
      name: 'Mei',
      created_at: at,
    }));
    const sets = children.map((c) => ({
      id: randomUUID(),
      child_id: c.id,
      test_date: addDaysIso(today, 2),
      description: '听写 5',
      language: 'English',
      created_at: at,
      updated_at: at,
    }));
    const { kysely } = app.db;
    await kysely
      .insertInto('parents')
      .values(
        ids.map((id, n) => ({
          id,
          google_sub: `bench:${id}`,
          email: `p${start + n}@example.com`,
          name: null,
          created_at: at,
        })),
      )
      .execute();
    await kysely.insertInto('children').values(children).execute();
    await kysely.insertInto('word_sets').values(sets).execute();
    await kysely
      .insertInto('words')
      .values(
        sets.flatMap((s) =>
          Array.from({ length: 10 }, (_, position) => ({
            id: randomUUID(),
            word_set_id: s.id,
            word_string: `word${position}`,
            position,
            ease_factor: 2.5,
            interval: 0,
            next_review: null,
            last_reviewed_at: null,
            created_at: at,
          })),
        ),
      )
      .execute();
    await kysely
      .insertInto('reminder_settings')
      .values(
        ids.map((id) => ({
          parent_id: id,
          time: '19:30',
          days: '0123456',
          push: 1,
          email: 0,
          time_zone: 'Asia/Singapore',
          updated_at: at,
        })),
      )
      .execute();
    await kysely
      .insertInto('push_subscriptions')
      .values(
        ids.map((id) => {
          const s = endpoint();
          return {
            id: randomUUID(),
            parent_id: id,
            endpoint: s.endpoint,
            p256dh: s.keys.p256dh,
            auth: s.keys.auth,
            created_at: at,
          };
        }),
      )
      .execute();
  }
}

async function measure(engine: 'sqlite' | 'postgres', parents: number): Promise<(string | number)[][]> {
  const push = await startPushEndpoint();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-bench-reminders-'));
  const schema = engine === 'postgres' ? `bench_${randomUUID().replaceAll('-', '')}` : undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (schema && url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUSH_ENDPOINT_HOSTS: push.host,
    ...(schema && url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}),
  });
  const app = await buildApp(config, { logger: false, serveWeb: false });
  await app.ready();
  const devices = Array.from({ length: parents }, () => push.newDevice());
  let next = 0;
  await seed(app, parents, () => devices[next++]!.subscription);
  const day = localDate('Asia/Singapore');
  const at = (hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`);
  const rows: (string | number)[][] = [];
  for (const [label, time] of [
    ['19:29, nobody due', '19:29'],
    ['19:31, everyone due', '19:31'],
    ['19:32, everyone sent', '19:32'],
  ] as const) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const sent = await app.reminders.service.tick(at(time));
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    rows.push([
      engine,
      fmt.int(parents),
      label,
      fmt.int(sent),
      fmt.ms(wall),
      fmt.ms((used.user + used.system) / 1000),
    ]);
  }
  const received = devices.filter((d) => d.received.length === 1).length;
  if (received !== parents) throw new Error(`${received} of ${parents} devices got exactly one reminder`);
  await app.close();
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (schema && url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const parents = Number(process.argv[2] ?? 2000);
  const rows = [...(await measure('sqlite', parents))];
  if (process.env.TEST_DATABASE_URL) rows.push(...(await measure('postgres', parents)));
  console.info(table(['engine', 'parents', 'pass', 'sent', 'wall', 'CPU (this process)'], rows));
}
