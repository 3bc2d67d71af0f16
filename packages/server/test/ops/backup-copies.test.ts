import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { backupDataDir } from '../../src/ops/backup.js';
import { ENGINE } from '../reliability/support/server-process.js';
import { TEST_JWT_SECRET } from '../helper.js';

const work = mkdtempSync(path.join(tmpdir(), 'spellwell-backup-copies-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A real app on a SQLite file in its own DATA_DIR (the control socket needs one). */
async function serve(dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { logger: false, serveWeb: false });
  await app.ready();
  return app;
}

const backupFiles = (dataDir: string) => readdirSync(dataDir).filter((name) => name.startsWith('.backup'));

/** Sends one line to the control socket; resolves with the first line of its answer, socket still open. */
function ask(dataDir: string, line: string) {
  return new Promise<{ answer: Record<string, unknown>; hangUp: () => Promise<void> }>((resolve, reject) => {
    const socket = connect(path.join(dataDir, 'control.sock'));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('connect', () => socket.write(`${line}\n`));
    socket.on('data', (chunk: string) => {
      output += chunk;
      if (!output.includes('\n')) return;
      const hangUp = () =>
        new Promise<void>((done) => {
          socket.once('close', () => done());
          socket.end();
        });
      resolve({
        answer: JSON.parse(output.slice(0, output.indexOf('\n'))) as Record<string, unknown>,
        hangUp,
      });
    });
  });
}

/** Polls until `check` holds, or gives up after a while; returns whether it held. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100; i += 1) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.runIf(ENGINE === 'sqlite')('backup copies in DATA_DIR', () => {
  it('a copy asked for on the control socket is removed when the client hangs up without taking it', async () => {
    const dataDir = mkdtempSync(path.join(work, 'data-'));
    const app = await serve(dataDir);
    try {
      for (let i = 0; i < 3; i += 1) {
        const { answer, hangUp } = await ask(dataDir, '{"command":"backup"}');
        expect(answer).toEqual({
          ok: true,
          file: expect.stringMatching(/\/\.backup-[0-9a-f-]{36}\.sqlite$/),
        });
        // Held for the client while it is connected...
        expect(existsSync(answer.file as string)).toBe(true);
        await hangUp();
        // ...and gone once it hangs up.
        expect(await eventually(() => !existsSync(answer.file as string))).toBe(true);
      }
      expect(backupFiles(dataDir)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('npm run backup against the running server leaves nothing behind in DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(work, 'data-'));
    const app = await serve(dataDir);
    try {
      const before = readdirSync(dataDir).sort();
      const made = await backupDataDir(dataDir, path.join(work, 'made.tar.gz'));
      expect(made.fromRunningServer).toBe(true);
      expect(await eventually(() => backupFiles(dataDir).length === 0)).toBe(true);
      expect(readdirSync(dataDir).sort()).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('a start removes the copies a killed server or backup left, and nothing else', async () => {
    const dataDir = mkdtempSync(path.join(work, 'data-'));
    const serverCopy = '.backup-0b6f9a52-3c1e-4f0e-9d55-2f1f6f3c2a10.sqlite';
    writeFileSync(path.join(dataDir, serverCopy), 'a copy of the database');
    writeFileSync(path.join(dataDir, `${serverCopy}-journal`), 'its journal');
    // A backup command that was killed (no such process), and one still running (this one).
    const deadStaging = '.backup-staging-999999999-AbC123';
    mkdirSync(path.join(dataDir, deadStaging, 'data'), { recursive: true });
    writeFileSync(path.join(dataDir, deadStaging, 'data', 'spellwell.sqlite'), 'a copy');
    const liveStaging = `.backup-staging-${process.pid}-XyZ789`;
    mkdirSync(path.join(dataDir, liveStaging));
    writeFileSync(path.join(dataDir, '.backup-notes.txt'), 'the operator’s own file');

    const app = await serve(dataDir);
    try {
      expect(backupFiles(dataDir).sort()).toEqual(['.backup-notes.txt', liveStaging]);
    } finally {
      await app.close();
    }
  });
});
