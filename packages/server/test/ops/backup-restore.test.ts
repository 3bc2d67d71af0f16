import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { describeFiles } from '../../src/ops/backup-archive.js';
import {
  ENGINE,
  createStore,
  startServer,
  type ServerProcess,
} from '../reliability/support/server-process.js';
import { runOps } from './support/ops-cli.js';

/** The schema a backup of today's database names: the newest migration. */
const SCHEMA = Object.keys(migrations).sort().at(-1)!;
const escaped = SCHEMA.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORDS = Array.from({ length: 40 }, (_, i) => `backupword${i}`).join('\n');
const work = mkdtempSync(path.join(tmpdir(), 'spellwell-backups-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function api(server: ServerProcess, token?: string) {
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { id?: string } };
  };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

/** Unpacks a backup, lets `change` alter it, and packs it again (checksums redone when asked). */
async function tampered(source: string, name: string, change: (dir: string) => void, fixChecksums: boolean) {
  const dir = mkdtempSync(path.join(work, 'tamper-'));
  await tar.extract({ file: source, cwd: dir });
  change(dir);
  if (fixChecksums) {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: unknown };
    manifest.files = describeFiles(path.join(dir, 'data'));
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  }
  const file = path.join(work, name);
  await tar.create({ gzip: true, file, cwd: dir }, ['manifest.json', 'data']);
  return file;
}

describe.runIf(ENGINE === 'sqlite')('backup and restore of the embedded database', () => {
  const backupFile = path.join(work, 'during-grades.tar.gz');
  let restoredDir = '';

  it('a backup taken during a stream of grades, restored into a fresh DATA_DIR, holds every grade acknowledged before it began', async () => {
    const store = await createStore();
    // The secret a first start generates (the test servers take JWT_SECRET from the environment).
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(path.join(store.dataDir, 'jwt-secret'), secret, { mode: 0o600 });
    const server = await startServer(store);
    const anon = api(server);
    const login = (await anon('POST', '/api/auth/dev/login', { email: 'backup@example.com' })).json as {
      userId: string;
      accessToken: string;
    };
    const call = api(server, login.accessToken);
    const childId = (await call('POST', `/api/child/create/${login.userId}`, { childName: 'Kid' })).json.id!;
    const set = await call('POST', `/api/word-sets/create/${childId}`, {
      testDate: '2099-01-01',
      description: 'Backup week',
      language: 'English',
      words: WORDS,
    });
    const detail = await call('GET', `/api/child/${childId}/word-sets/${set.json.id}`);
    const wordIds = (detail.json.words as { id: string }[]).map((w) => w.id);

    const acknowledged: string[] = [];
    let streaming = true;
    const stream = async (lane: number) => {
      for (let i = lane; streaming; i += 3) {
        const key = randomUUID();
        const res = await call('POST', `/api/words/update/${childId}/${wordIds[i % wordIds.length]}`, {
          quality: (i % 3) + 1,
          idempotencyKey: key,
        });
        expect(res.status).toBe(200);
        acknowledged.push(key);
      }
    };
    const lanes = [0, 1, 2].map(stream);
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));

    const beforeBackup = [...acknowledged];
    const made = await runOps('backup', store.dataDir, backupFile);
    const duringBackup = acknowledged.length - beforeBackup.length;
    streaming = false;
    await Promise.all(lanes);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      new RegExp(
        `^Backed up .* \\(\\d+ bytes; schema ${escaped}; 2 files; copied by the running server\\)\\.\\n$`,
      ),
    );
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    // The server kept grading while the backup ran.
    expect(duringBackup).toBeGreaterThan(0);
    await stop(server);

    const fresh = await createStore();
    restoredDir = fresh.dataDir;
    const restored = await runOps('restore', fresh.dataDir, backupFile);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(
      new RegExp(`^Restored the backup of .* into .* \\(schema ${escaped}; 2 files\\)`),
    );
    expect(readFileSync(path.join(fresh.dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    for (const file of ['jwt-secret', 'spellwell.sqlite'])
      expect(statSync(path.join(fresh.dataDir, file)).mode & 0o777, file).toBe(0o600);

    const again = await startServer(fresh);
    expect((await api(again)('GET', '/api/health/ready')).status).toBe(200);
    // The parent's access token still works: same secret, same parent.
    const restoredSet = await api(again, login.accessToken)(
      'GET',
      `/api/child/${childId}/word-sets/${set.json.id}`,
    );
    expect(restoredSet.status).toBe(200);
    expect((restoredSet.json.words as unknown[]).length).toBe(40);
    await stop(again);

    const keys = new Set(
      (await fresh.query<{ key: string }>('SELECT idempotency_key AS key FROM word_reviews')).map(
        (r) => r.key,
      ),
    );
    expect(beforeBackup.filter((key) => !keys.has(key))).toEqual([]);
    expect(await fresh.integrityCheck()).toBe('ok');
    console.info(
      `[backup] ${beforeBackup.length} grades acknowledged before the backup, ${duringBackup} during it; ` +
        `${keys.size} in the restored copy`,
    );
  }, 180_000);

  it('refuses a truncated, corrupt, inconsistent or newer backup with a clear message, changing nothing', async () => {
    expect(restoredDir, 'the restore test above must have run').not.toBe('');
    const state = () => describeFiles(restoredDir);
    const before = state();
    const bytes = readFileSync(backupFile);
    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    const corrupt = path.join(work, 'corrupt.tar.gz');
    writeFileSync(corrupt, flipped);
    const database = (dir: string) => path.join(dir, 'data', 'spellwell.sqlite');
    const badPages = await tampered(
      backupFile,
      'bad-pages.tar.gz',
      (dir) => {
        const file = database(dir);
        const content = readFileSync(file);
        // Page 2 onwards: the schema page stays readable, the tables' pages do not.
        content.fill(0x5a, 4096, 4096 * 3);
        writeFileSync(file, content);
      },
      true,
    );
    const checksum = await tampered(
      backupFile,
      'checksum.tar.gz',
      (dir) => writeFileSync(path.join(dir, 'data', 'jwt-secret'), 'another secret'),
      false,
    );
    const newer = await tampered(
      backupFile,
      'newer.tar.gz',
      (dir) => {
        const db = new SQLite(database(dir));
        db.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run(
          '999-future',
          '2099-01-01',
        );
        db.close();
      },
      true,
    );
    // Names every object inherits: a lookup with `in` took them for migrations this code has.
    const inherited = await tampered(
      backupFile,
      'inherited.tar.gz',
      (dir) => {
        const db = new SQLite(database(dir));
        const insert = db.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)');
        for (const name of ['toString', '__proto__', 'constructor']) insert.run(name, '2099-01-01');
        db.close();
      },
      true,
    );

    const cases: [string, RegExp][] = [
      [
        truncated,
        /is damaged or incomplete \(.+\): it is not a whole SpellWell backup; nothing was changed\n$/,
      ],
      [
        corrupt,
        /is damaged or incomplete \(.+\): it is not a whole SpellWell backup; nothing was changed\n$/,
      ],
      [
        badPages,
        /is not a usable backup: the database (fails SQLite's integrity check|cannot be opened|is not a SpellWell database).*; nothing was changed\n$/,
      ],
      [checksum, /is not a usable backup: jwt-secret does not match its checksum; nothing was changed\n$/],
      [
        newer,
        /comes from a newer SpellWell \(schema 999-future\): upgrade SpellWell, then restore; nothing was changed\n$/,
      ],
      [
        inherited,
        /comes from a newer SpellWell \(schema __proto__, constructor, toString\): upgrade SpellWell, then restore; nothing was changed\n$/,
      ],
      [path.join(work, 'missing.tar.gz'), /^There is no file .*missing\.tar\.gz: nothing was changed\n$/],
    ];
    for (const [file, message] of cases) {
      const result = await runOps('restore', restoredDir, file);
      expect(result.code, file).toBe(1);
      expect(result.stderr, file).toMatch(message);
      expect(result.stdout).toBe('');
      expect(state(), file).toEqual(before);
    }
  }, 120_000);

  it('restore refuses while a server runs on the DATA_DIR; backup of a stopped DATA_DIR reads the file itself', async () => {
    const store = await createStore();
    copyFileSync(backupFile, path.join(work, 'copy.tar.gz'));
    expect((await runOps('restore', store.dataDir, backupFile)).code).toBe(0);
    const server = await startServer(store);
    const before = describeFiles(store.dataDir);
    const refused = await runOps('restore', store.dataDir, backupFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `A SpellWell server is running on ${store.dataDir}: stop it, then restore; nothing was changed\n`,
    );
    expect(describeFiles(store.dataDir)).toEqual(before);
    await stop(server);

    const offline = await runOps('backup', store.dataDir, path.join(work, 'offline.tar.gz'));
    expect(offline.stdout).toMatch(/; no server was running\)\.\n$/);
  }, 120_000);
});
