import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createScanPool, type ScanPoolOptions } from '../../src/modules/scan-pool/scan-pool.js';
import { buildTestApp } from '../helper.js';
import { multipartBody, renderWorksheet } from '../support/worksheet-images.js';

const SCANS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/scans');
/** A 12 MP phone photo: its decoding and flattening took seconds on the event loop before. */
const phonePhoto = readFileSync(path.join(SCANS, 'en-phone-12mp-exif.jpg'));
const PHONE_WORDS = ['necessary', 'beautiful', 'environment'];
const smallSheet = await renderWorksheet({ words: ['apple', 'banana', 'cherry'], language: 'English' });

describe('scans run off the event loop', async () => {
  // The probes below would spend the health route's allowance for one address.
  const { app, createParent } = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });

  it('answers /api/health while a scan is being read, and the event loop stays idle meanwhile', async () => {
    const parent = await createParent();
    const body = await multipartBody(
      { parentId: parent.id, language: 'English' },
      { bytes: phonePhoto, name: 'photo.jpg', type: 'image/jpeg' },
    );
    const before = performance.eventLoopUtilization();
    let scanAnswered = false;
    const scan = parent.inject({ method: 'POST', url: '/api/official-wordset/ocr', ...body }).then((res) => {
      scanAnswered = true;
      return res;
    });
    // A probe every tenth of a second for as long as the scan runs (spaced, so the probes
    // themselves leave the loop idle most of the time).
    const probes: boolean[] = [];
    do {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      probes.push(scanAnswered);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (!scanAnswered);
    const res = await scan;
    const busy = performance.eventLoopUtilization(before).utilization;

    expect(res.statusCode).toBe(200);
    expect(res.json().text.split('\n')).toEqual(expect.arrayContaining(PHONE_WORDS));
    expect(probes.filter((afterScan) => !afterScan).length).toBeGreaterThan(0);
    // The loop did the upload's parsing and the probes; the image work was elsewhere.
    expect(busy).toBeLessThan(0.15);
  }, 300_000);
});

const readOrEmpty = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** The pids of this process's scan processes (Linux). */
function scanProcesses(): string[] {
  return readdirSync('/proc/self/task')
    .flatMap((tid) => readOrEmpty(`/proc/self/task/${tid}/children`).split(/\s+/).filter(Boolean))
    .filter((pid) => readOrEmpty(`/proc/${pid}/cmdline`).includes('scan-process'));
}

/** The nice value of each thread of a process (Linux). */
function threadNices(pid: string): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readOrEmpty(`/proc/${pid}/task/${tid}/stat`);
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('SCAN_NICE', () => {
  it('is 10 by default, 0 to 19 when set, and anything else stops the server starting', () => {
    const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir() };
    expect(loadConfig(env).scans.nice).toBe(10);
    expect(loadConfig({ ...env, SCAN_NICE: '0' }).scans.nice).toBe(0);
    expect(loadConfig({ ...env, SCAN_NICE: '19' }).scans.nice).toBe(19);
    for (const bad of ['20', '-1', '2.5', 'low'])
      expect(() => loadConfig({ ...env, SCAN_NICE: bad })).toThrow(
        /^Invalid environment variable SCAN_NICE: /,
      );
  });
});

describe('the scan pool', () => {
  const options: ScanPoolOptions = { threads: 1, timeoutMs: 600_000, idleMs: 600_000 };
  const pool = createScanPool(options);
  afterAll(() => pool.close());

  it('stops a scan that runs past its time, ends its process, and reads the next one in a new process', async () => {
    expect((await pool.scan('English', smallSheet)).words).toEqual(['apple', 'banana', 'cherry']);
    expect(pool.threads).toBe(1);
    expect(pool.runningLanguages()).toEqual(['English']);

    options.timeoutMs = 1;
    await expect(pool.scan('English', phonePhoto)).rejects.toMatchObject({
      statusCode: 503,
      code: 'scan_timeout',
      message: 'Reading the image took too long, so it was stopped. Please try a clearer or smaller photo.',
    });
    // The process, and all it held (the photo, OpenCV's heap, Tesseract's worker), is gone.
    expect(pool.threads).toBe(0);
    expect(pool.runningLanguages()).toEqual([]);

    options.timeoutMs = 600_000;
    expect((await pool.scan('English', smallSheet)).words).toEqual(['apple', 'banana', 'cherry']);
    expect(pool.threads).toBe(1);
  }, 300_000);

  it.runIf(process.platform === 'linux')(
    'reads in a process of its own whose every thread runs 10 below the server, libvips’ and libuv’s included',
    async () => {
      expect((await pool.scan('English', phonePhoto)).words).toEqual(expect.arrayContaining(PHONE_WORDS));
      const [scanProcess] = scanProcesses();
      expect(scanProcess).toBeDefined();
      const nices = threadNices(scanProcess!);
      // The main thread, V8's, libuv's threadpool (sharp's decoding), libvips' workers, Tesseract's.
      expect(nices.length).toBeGreaterThan(8);
      expect(Math.min(...nices)).toBe(Math.min(19, getPriority() + 10));
    },
    300_000,
  );

  it.runIf(process.platform === 'linux')(
    'reads at the server’s own priority when told to (SCAN_NICE=0, beside a browser under test)',
    async () => {
      const others = new Set(scanProcesses());
      const level = createScanPool({ ...options, nice: 0 });
      try {
        expect((await level.scan('English', smallSheet)).words).toEqual(['apple', 'banana', 'cherry']);
        const [scanProcess] = scanProcesses().filter((pid) => !others.has(pid));
        expect(scanProcess).toBeDefined();
        const nices = threadNices(scanProcess!);
        expect(nices.length).toBeGreaterThan(8);
        expect(new Set(nices)).toEqual(new Set([getPriority()]));
      } finally {
        await level.close();
      }
    },
    300_000,
  );

  it('is loaded by the server without the scan process’s entry, which would take the server’s own messages for scans', async () => {
    // A process with an IPC channel stays alive only while something listens for messages.
    const child = fork(
      fileURLToPath(new URL('../../src/modules/scan-pool/scan-pool.ts', import.meta.url)),
      [],
      {
        execArgv: ['--import', 'tsx'],
        serialization: 'advanced',
        stdio: 'ignore',
      },
    );
    const replies: unknown[] = [];
    child.on('message', (message) => replies.push(message));
    child.send({ id: 1, language: 'English', image: new Uint8Array(8) }, () => {});
    const exit = await Promise.race([
      new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 60_000)),
    ]);
    child.kill('SIGKILL');
    expect(exit).toBe(0);
    expect(replies).toEqual([]);
  }, 120_000);

  it('leaves the caller’s image usable (the process reads a copy)', async () => {
    const image = Buffer.from(smallSheet);
    await pool.scan('English', image);
    expect(image.equals(smallSheet)).toBe(true);
  }, 300_000);
});
