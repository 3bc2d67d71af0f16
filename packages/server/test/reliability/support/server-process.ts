import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll } from 'vitest';
import { pgBossSchema } from '../../../src/modules/reminders/pg-boss-queue.js';
import { TEST_DATABASE_URL, TEST_JWT_SECRET } from '../../helper.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const START_TIMEOUT_MS = 45_000;

export const ENGINE = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every stdout line (JSON log lines). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Where one test's data lives: a DATA_DIR and, on PostgreSQL, its own schema. */
export interface Store {
  dataDir: string;
  schema?: string;
  env: Record<string, string>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** SQLite: PRAGMA integrity_check; PostgreSQL: the schema answers a query on every table. */
  integrityCheck(): Promise<string>;
}

export async function createStore(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-reliability-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!TEST_DATABASE_URL) {
    const file = path.join(dataDir, 'spellwell.sqlite');
    const withDb = <T>(fn: (db: SQLite.Database) => T): T => {
      const db = new SQLite(file);
      try {
        return fn(db);
      } finally {
        db.close();
      }
    };
    return {
      dataDir,
      env: {},
      query: async (text, params = []) =>
        withDb((db) => db.prepare(text).all(...(params as unknown[])) as never),
      integrityCheck: async () => withDb((db) => String(db.pragma('integrity_check', { simple: true }))),
    };
  }
  const url = TEST_DATABASE_URL;
  const schema = `rel_${randomUUID().replaceAll('-', '')}`;
  const run = async <T>(text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  afterAll(() =>
    run(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${pgBossSchema(schema)} CASCADE`),
  );
  return {
    dataDir,
    schema,
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    query: (text, params) =>
      run(
        text.replace(/\?/g, (_, i: number) => `$${text.slice(0, i).split('?').length}`),
        params,
      ),
    async integrityCheck() {
      const tables = await run<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = '${schema}'`,
      );
      for (const { name } of tables) await run(`SELECT count(*) FROM ${name}`);
      return tables.length >= 9 ? 'ok' : `only ${tables.length} tables`;
    },
  };
}

/** Starts `src/server.ts` as its own process (node + tsx, no wrapper) on a free loopback port. */
export async function startServer(store: Store, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: store.dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MULTIPLIER: '1000',
      WEB_DIST: path.join(store.dataDir, 'no-web'),
      ...store.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let buffered = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time: ${stderr}`)),
      START_TIMEOUT_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      }
    });
    void exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
  });
  return { url, child, lines, exited };
}

/** Count of "incoming request" log lines so far. */
export const requestsSeen = (server: ServerProcess) =>
  server.lines.filter((l) => l.includes('"incoming request"')).length;
