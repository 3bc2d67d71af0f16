import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { TEST_JWT_SECRET } from '../helper.js';

/**
 * The embedded database's file itself: SQLite only (PostgreSQL's storage is the database
 * server's; docs/security.md). Runs on a real file in a real DATA_DIR, in both test projects.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'spellwell-at-rest-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start() {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
  });
  config.databaseUrl = undefined; // the SQLite file in DATA_DIR, whatever TEST_DATABASE_URL says
  const app = await buildApp(config, { logger: false, serveWeb: false });
  await app.ready();
  return app;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;
const sqliteFiles = () =>
  ['spellwell.sqlite', 'spellwell.sqlite-wal', 'spellwell.sqlite-journal']
    .map((name) => path.join(dataDir, name))
    .filter(existsSync);

describe('storage at rest (SQLite file, DATA_DIR)', () => {
  it('leaves nothing of a deleted account readable in the database file', async () => {
    const app = await start();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: 'remnant.parent@example.com', name: 'Remnantia' },
    });
    const { accessToken, userId } = login.json<{ accessToken: string; userId: string }>();
    const auth = { authorization: `Bearer ${accessToken}` };
    const child = await app.inject({
      method: 'POST',
      url: `/api/child/create/${userId}`,
      headers: auth,
      payload: { childName: 'Zanzibarqx' },
    });
    const set = await app.inject({
      method: 'POST',
      url: `/api/word-sets/create/${child.json<{ id: string }>().id}`,
      headers: auth,
      payload: {
        testDate: '2099-01-01',
        description: 'Secretdesc',
        language: 'English',
        words: 'quixotrumpet\nflabbergastix',
      },
    });
    expect(set.statusCode).toBe(201);
    // Another family stays, so the deleted rows share pages with live ones.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/dev/login',
      payload: { email: 'stays@example.com' },
    });
    expect(other.statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/account', headers: auth });
    expect(deleted.statusCode).toBe(204);
    await app.close();

    const bytes = Buffer.concat(sqliteFiles().map((file) => readFileSync(file)));
    expect(bytes.includes('stays@example.com')).toBe(true); // the control: live data is found
    for (const secret of [
      'remnant.parent@example.com',
      'Remnantia',
      'Zanzibarqx',
      'Secretdesc',
      'quixotrumpet',
      'flabbergastix',
    ]) {
      expect(bytes.includes(secret), secret).toBe(false);
    }
  });

  it('keeps DATA_DIR 0700 and its files 0600, fixing what an older install left open at start', async () => {
    // An older install: everything readable by every local user.
    mkdirSync(path.join(dataDir, 'audio-cache', 'ab'), { recursive: true });
    writeFileSync(path.join(dataDir, 'audio-cache', 'ab', 'abcd.mp3'), 'audio');
    for (const dir of [dataDir, path.join(dataDir, 'audio-cache'), path.join(dataDir, 'audio-cache', 'ab')])
      chmodSync(dir, 0o755);
    for (const file of [...sqliteFiles(), path.join(dataDir, 'audio-cache', 'ab', 'abcd.mp3')])
      chmodSync(file, 0o644);

    const app = await start();
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'audio-cache'))).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'audio-cache', 'ab'))).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'audio-cache', 'ab', 'abcd.mp3'))).toBe(0o600);
      expect(sqliteFiles().length).toBeGreaterThan(0);
      for (const file of sqliteFiles()) expect(modeOf(file), file).toBe(0o600);
    } finally {
      await app.close();
    }
  });

  it('creates a new DATA_DIR 0700 with the database and the secret 0600', async () => {
    const fresh = path.join(mkdtempSync(path.join(tmpdir(), 'spellwell-fresh-')), 'data');
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: fresh, LOG_LEVEL: 'silent' });
      config.databaseUrl = undefined;
      const app = await buildApp(config, { logger: false, serveWeb: false });
      await app.close();
      expect(modeOf(fresh)).toBe(0o700);
      expect(modeOf(path.join(fresh, 'spellwell.sqlite'))).toBe(0o600);
      expect(modeOf(path.join(fresh, 'jwt-secret'))).toBe(0o600);
    } finally {
      rmSync(path.dirname(fresh), { recursive: true, force: true });
    }
  });
});
