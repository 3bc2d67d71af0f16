import { Piscina } from 'piscina';
import { LANGUAGES, type Language } from '@spellwell/shared';
import { HttpError } from '../../../lib/errors.js';
import { loadSharp } from '../ocr/load-sharp.js';
import type { OcrService, ScanResult } from '../ocr/ocr-service.js';
import type { ScanReply, ScanTask } from './scan-thread.js';

/**
 * The scanner's own words for the same cases (worker-lane.ts), kept here so the pool depends
 * on nothing of the scanner but its entry point.
 */
export const POOL_MESSAGES = {
  timeout: 'Reading the image took too long, so it was stopped. Please try a clearer or smaller photo.',
  closing: 'The server is restarting. Please try again in a moment.',
} as const;

export interface ScanPoolOptions {
  /**
   * Scan threads. Each language is read by one thread only (languages are shared out among
   * them), so no language's reader is loaded twice; a thread reads one image at a time.
   */
  threads: number;
  /**
   * A scan running longer than this in its thread is abandoned and the thread ended. Read at
   * each scan's start.
   */
  timeoutMs: number;
  /** A thread with nothing to do for this long is ended, and its memory with it. */
  idleMs: number;
}

// From source (tests, development) the thread boots tsx first; the production build
// (scripts/build.ts) puts a compiled scan-thread.mjs beside the server bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THREAD = FROM_SOURCE
  ? new URL('./scan-thread-boot.mjs', import.meta.url)
  : new URL('./scan-thread.mjs', import.meta.url);

/**
 * How far below the server's own priority the scan threads run (nice(2); Linux sets it per
 * thread): when a scan and a family's request both want the CPU, the request goes first.
 */
const NICE_INCREMENT = 10;

interface Job {
  language: Language;
  image: Buffer;
  resolve: (result: ScanResult) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  languages: readonly Language[];
  threads: Piscina<ScanTask, ScanReply>;
  queue: Job[];
  busy: boolean;
  /** Languages this lane's thread has read since it started (its readers are loaded). */
  loaded: Set<Language>;
}

export interface ScanPool extends OcrService {
  /** Scans waiting for their thread, across all languages. */
  readonly waiting: number;
  /** Scans being read now. */
  readonly running: number;
  /** Scan threads alive now, busy or idle. */
  readonly threads: number;
}

/**
 * The scanner (`createOcrService`) run in a few worker threads: one scan at a time per thread,
 * each scan's languages always in the same thread. Admission (how many scans, by their cost,
 * may be queued here at once) is the caller's: see admission.ts.
 */
export function createScanPool(options: ScanPoolOptions): ScanPool {
  const count = Math.min(options.threads, LANGUAGES.length);
  const lanes: Lane[] = Array.from({ length: count }, (_, i) => {
    const threads = new Piscina<ScanTask, ScanReply>({
      filename: THREAD.href,
      minThreads: 0,
      maxThreads: 1,
      concurrentTasksPerWorker: 1,
      idleTimeout: options.idleMs,
      // Between tasks the thread's own timers run (its Tesseract workers' idle stop).
      atomics: 'disabled',
      niceIncrement: NICE_INCREMENT,
      recordTiming: false,
    });
    const lane: Lane = {
      languages: LANGUAGES.filter((_, j) => j % count === i),
      threads,
      queue: [],
      busy: false,
      loaded: new Set(),
    };
    threads.on('workerDestroy', () => lane.loaded.clear());
    // A thread that fails outside a task (it crashed while idle) is replaced on the next scan.
    threads.on('error', () => {});
    return lane;
  });
  const laneOf = (language: Language) => lanes[LANGUAGES.indexOf(language) % count]!;
  let closed = false;
  let running = 0;

  function pump(lane: Lane) {
    if (lane.busy || closed) return;
    const job = lane.queue.shift();
    if (!job) return;
    lane.busy = true;
    running++;
    void read(lane, job).finally(() => {
      lane.busy = false;
      running--;
      pump(lane);
    });
  }

  async function read(lane: Lane, { language, image, resolve, reject }: Job): Promise<void> {
    // sharp is loaded by the main thread before any thread loads it: libvips must not be
    // unloaded when a thread that loaded it first ends (sharp's advice for worker threads).
    await loadSharp();
    // The thread gets its own copy: the caller's buffer stays usable, and the copy moves
    // across without a second one.
    const copy = new Uint8Array(image);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), options.timeoutMs);
    try {
      const reply = await lane.threads.run(
        { language, image: copy },
        { transferList: [copy.buffer], signal: abort.signal },
      );
      lane.loaded.add(language);
      if ('result' in reply) resolve(reply.result);
      else reject(new HttpError(reply.error.statusCode, reply.error.code, reply.error.message));
    } catch (err) {
      // Aborting a running task ends its thread (piscina), which frees all it held.
      if (abort.signal.aborted) reject(new HttpError(503, 'scan_timeout', POOL_MESSAGES.timeout));
      else if (closed) reject(new HttpError(503, 'closing', POOL_MESSAGES.closing));
      else reject(err);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    scan(language, image) {
      if (closed) return Promise.reject(new HttpError(503, 'closing', POOL_MESSAGES.closing));
      return new Promise<ScanResult>((resolve, reject) => {
        const lane = laneOf(language);
        lane.queue.push({ language, image, resolve, reject });
        pump(lane);
      });
    },
    runningLanguages: () =>
      LANGUAGES.filter((language) => {
        const lane = laneOf(language);
        return lane.loaded.has(language) && lane.threads.threads.length > 0;
      }),
    get waiting() {
      return lanes.reduce((sum, lane) => sum + lane.queue.length, 0);
    },
    get running() {
      return running;
    },
    get threads() {
      return lanes.reduce((sum, lane) => sum + lane.threads.threads.length, 0);
    },
    async close() {
      closed = true;
      for (const lane of lanes)
        for (const job of lane.queue.splice(0))
          job.reject(new HttpError(503, 'closing', POOL_MESSAGES.closing));
      await Promise.all(lanes.map((lane) => lane.threads.destroy()));
    },
  };
}
